// A word, with an optional clitic after an apostrophe ("caroline's", "don't").
const WORD = /[\p{L}\p{N}]+(?:['\u2019\u02bc][\p{L}]+)?/gu;

/**
 * The words of a text the way the word vectors know them: lower case, split at anything but a
 * letter or digit. A clitic is dropped ("caroline's" is "caroline"); a negated contraction
 * ("don't", "can't") is dropped whole, as negation words carry no topic here.
 */
export function wordTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const [match] of text.toLowerCase().matchAll(WORD)) {
    const apostrophe = match.search(/['\u2019\u02bc]/u);
    if (apostrophe < 0) tokens.push(match);
    else if (match.slice(apostrophe + 1) !== 't') tokens.push(match.slice(0, apostrophe));
  }
  return tokens;
}

/** Whether `word` is a single token of {@link wordTokens}, so a text can ever look it up. */
export function isWordToken(word: string): boolean {
  return /^[\p{L}\p{N}]+$/u.test(word) && word === word.toLowerCase();
}
