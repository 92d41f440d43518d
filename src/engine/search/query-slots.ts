import { questionTense } from '../learning/question-tense.js';

/**
 * Words that ask about a fact with one value at a time, by slot: "where does alice live" asks
 * about `lives_in`, "bob job" about `job`. A query may name several.
 */
const SLOT_WORDS: readonly { slot: string; words: RegExp }[] = [
  {
    slot: 'lives_in',
    words: /\b(?:live|lives|living|reside|resides|home|address|moved|move|relocated|city)\b/,
  },
  {
    slot: 'job',
    words: /\b(?:job|jobs|work|works|working|occupation|profession|career|employer|employed|hired|quit)\b/,
  },
  {
    slot: 'relationship',
    words: /\b(?:single|married|engaged|dating|relationship|divorced|partner|fianc[eé]e?|wedding)\b/,
  },
  { slot: 'studies', words: /\b(?:study|studies|studying|major|degree|university|college)\b/ },
  { slot: 'age', words: /\b(?:age|old|birthday)\b/ },
  { slot: 'from', words: /\b(?:from|born|grew|hometown|origin)\b/ },
];

/** The slots a search query asks about, as the offline reasoner fills them. */
export function querySlots(query: string): string[] {
  const lower = query.toLowerCase().replaceAll('’', "'");
  const slots = SLOT_WORDS.filter(({ words }) => words.test(lower)).map(({ slot }) => slot);
  const favourite = /\bfavou?rite ([a-z]+)/.exec(lower)?.[1];
  if (favourite) slots.push(`favorite:${favourite.replace('colour', 'color')}`);
  return slots;
}

/**
 * Which values of a slot a query asks for, read as the offline answers read a question's tense:
 * "where does alice live" the current one, "where did she live before" those it replaced, "where
 * did she live" any.
 */
export function slotTense(query: string): 'current' | 'replaced' | 'any' {
  const tense = questionTense(query.toLowerCase().replaceAll('’', "'").trim());
  return tense === 'earlier' ? 'replaced' : tense;
}
