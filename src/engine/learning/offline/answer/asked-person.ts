import { POSSESSIVE_BEFORE_RELATION, RELATIONS } from '../../../text/relation-words.js';
import { personSlot, type Slot } from '../../../text/slot-vocabulary.js';
import type { SlotFact } from '../../reasoner.js';
import { escapeRegExp } from './escape-reg-exp.js';

// A child's school is asked of with words of its own: "what school does Lina go to?".
const SCHOOL = /\b(?:school|grade|kindergarten|preschool|nursery|daycare)\b/;

/**
 * The people the peer has named whose facts memory keeps in slots of their own (`job@tomas` is
 * Tomas's job): "tomas", "brother".
 */
export function namedPeople(slotFacts: readonly SlotFact[]): string[] {
  const people = slotFacts.flatMap((fact) => /@(.+)$/.exec(fact.slot)?.[1] ?? []);
  return [...new Set(people)];
}

/**
 * The person of `people` a lower-cased question asks about, the first it names: "where does
 * tomas work?" asks of Tomas, "where does her brother live?" of her brother. Null when it names
 * none of them, or names one only as a peer of the conversation (`peers`).
 */
export function askedPerson(
  lower: string,
  people: readonly string[],
  peers: readonly string[],
): string | null {
  const own = new Set(peers.map((peer) => peer.toLowerCase()));
  let first: { person: string; at: number } | null = null;
  for (const person of people) {
    if (own.has(person)) continue;
    const at = new RegExp(`(?<![\\p{L}\\p{M}\\d])${escapeRegExp(person)}(?![\\p{L}\\p{M}\\d])`, 'u').exec(
      lower,
    )?.index;
    if (at !== undefined && (first === null || at < first.at)) first = { person, at };
  }
  return first?.person ?? null;
}

/**
 * The slot of `person`'s that a question asks of, from the slot the same question would ask of
 * the peer (`own`), or a school asked of: "where does Tomas work?" is `job@tomas`, "what school
 * does Lina go to?" `studies@lina`. Null when it asks of none: the evidence answers, never the
 * peer's own value.
 */
export function personSlotAsked(lower: string, own: Slot | null, person: string): Slot | null {
  const slot = own ?? (SCHOOL.test(lower) ? 'studies' : null);
  return slot === null ? null : personSlot(slot, person);
}

// A relative asked of ("their dad", "Priya's brother", "her mum's"): someone other than the peer.
const RELATIVE_ASKED = new RegExp(
  String.raw`${POSSESSIVE_BEFORE_RELATION}(?:${RELATIONS}|parents?)s?\b`,
  'iu',
);
// Someone a question asks of by a name's possessive: "what is Liam's job?", "where is Zara's office?".
const NAME_ASKED = /(\p{Lu}[\p{L}\p{M}-]+)'s\b/u;
// Someone a question asks of as the subject of its verb: "where does Zara work?", "what did Liam study?".
const SUBJECT_ASKED = /^\p{L}+ (?:does|did|do|is|was|has|had) (\p{Lu}[\p{L}\p{M}-]+) \p{Ll}/u;

/**
 * Whether a question asks of someone other than the peers it is about (`names`): a relative
 * ("where does their mum work?") or another person by name ("what is Liam's job?", "where does
 * Zara work?"). The peer's own card does not answer it. (A person the peer has named facts of is
 * read by `readQuestion`, which names the person asked of.)
 */
export function asksOfAnother(question: string, names: readonly string[]): boolean {
  const text = question.replaceAll('’', "'");
  if (RELATIVE_ASKED.test(text)) return true;
  const asked = [NAME_ASKED.exec(text)?.[1], SUBJECT_ASKED.exec(text)?.[1]];
  return asked.some(
    (name) => name !== undefined && !names.some((own) => own.toLowerCase() === name.toLowerCase()),
  );
}
