import { questionTense } from '../text/question-tense.js';
import { askedFavorite, SLOT_WORDS, SLOTS, type Slot } from '../text/slot-vocabulary.js';

/**
 * The slots a search query asks about, as the offline reasoner fills them: "where does alice
 * live" asks about `lives_in`, "bob job" about `job`. A query may name several.
 */
export function querySlots(query: string): Slot[] {
  const lower = query.toLowerCase().replaceAll('’', "'");
  const slots: Slot[] = SLOTS.filter((slot) => SLOT_WORDS[slot].searched?.test(lower));
  const favorite = askedFavorite(lower);
  if (favorite !== null) slots.push(favorite);
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
