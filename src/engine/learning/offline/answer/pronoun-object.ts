import { lemmaWords } from '../verb-lemmas.js';

// Words that stand for a thing named before: "I've escalated it", "we refunded them".
const STANDS_FOR_THING = new Set(['it', 'them', 'this', 'that']);

/**
 * Whether the text does one of `verbs` to a pronoun ("I've escalated it to my team lead Raj"):
 * in a conversation the pronoun stands for what was just spoken of, so the text may speak of
 * the noun a question names ("who did Nina escalate the ticket to?") without saying it.
 */
export function verbOnPronoun(text: string, verbs: ReadonlySet<string>): boolean {
  if (verbs.size === 0) return false;
  const tokens =
    text
      .toLowerCase()
      .replaceAll('’', "'")
      .match(/[\p{L}']+/gu) ?? [];
  return tokens.some((token, at) => {
    const next = tokens[at + 1];
    if (next === undefined || !STANDS_FOR_THING.has(next)) return false;
    const [lemma] = lemmaWords(token);
    return lemma !== undefined && verbs.has(lemma);
  });
}
