const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

/**
 * The query without these names. A name says nothing of the meaning, and in a memory about one
 * person it matches every fact equally ("Caroline" is in every observation about Caroline).
 * Falls back to the whole query when nothing else is left.
 */
export function withoutNames(query: string, names: Iterable<string>): string {
  const pieces = query.split(/\s+/);
  const kept = keptPieces(pieces, names);
  return kept === null ? query : kept.map((index) => pieces[index]).join(' ');
}

/**
 * Which of the query's white-space separated pieces `withoutNames` keeps, by index; null when
 * it falls back to the whole query (nothing but names and spaces left).
 */
export function keptPieces(pieces: readonly string[], names: Iterable<string>): number[] | null {
  const lowered = new Set([...names].map((name) => name.toLowerCase()));
  const kept = pieces.flatMap((piece, index) => (lowered.has(bareWord(piece)) ? [] : [index]));
  return kept.some((index) => pieces[index]?.trim() !== '') ? kept : null;
}

/**
 * A word as a name is written: lower-cased, without what follows it ("Caroline's," is
 * "caroline"). Taken off from the end one piece at a time: the regular expression this replaces
 * backtracked at every position, and took seconds on a long run of punctuation.
 */
function bareWord(word: string): string {
  const chars = [...word.toLowerCase()];
  for (;;) {
    const last = chars.at(-1);
    if (last === undefined) break;
    if (last === 's' && (chars.at(-2) === "'" || chars.at(-2) === '’')) chars.length -= 2;
    else if (!LETTER_OR_DIGIT.test(last)) chars.length -= 1;
    else break;
  }
  return chars.join('');
}
