import { RELATION_QUALIFIERS, RELATIONS } from '../../../text/relation-words.js';
import { SLOT_WORDS } from '../../../text/slot-vocabulary.js';
import { kindredStems } from '../kindred-words.js';
import type { Question } from '../read-question.js';
import { lemmaWords } from '../verb-lemmas.js';

// Someone the peer names by relation: what is said of them is no fact of the peer's own.
const OF_RELATIVE = new RegExp(
  String.raw`\b(?:my|our|his|her|their|\p{L}+'s) (?:(?:${RELATION_QUALIFIERS}) )?(?:${RELATIONS})s?\b`,
  'iu',
);

/** How well a text fits a question; `held` is the text's lemmas, when the caller has them already. */
export type Fit = (text: string, held?: Set<string>) => number;

/**
 * How well a text fits the question: its nouns count twice, then its verbs and every word; zero
 * when the text holds none of the question's nouns (or, without nouns, of its verbs, or without
 * either, not all its words): sharing "favourite" does not answer "what is her favourite food?".
 * A noun is shared when the text says it more narrowly ({@link kindredStems}: "beagle" for
 * "dog"). A text that speaks of the slot the question asks of fits, and counts one word more:
 * "got a job at the Charité" speaks of work as "where does Tomas work?" does, and "we moved out
 * of Manchester, we're in Leeds now" of where one lives, in other words.
 */
export function questionFit(question: Question): Fit {
  const anchors = new Set(question.anchors);
  const verbs = new Set(question.verbs);
  const words = new Set(question.words);
  const slotWords = slotWordsOf(question.slot);
  // "What kind of pet…?": evidence that names a kind of pet ("a spaniel puppy") fits as a shared noun.
  const headKinds = kindsOf(question.head);
  return (text, held = new Set(lemmaWords(text))) => {
    const sharedAnchors =
      [...anchors].filter((word) => kindredStems(word).some((kin) => held.has(kin))).length +
      (headKinds.some((kind) => held.has(kind)) ? 1 : 0);
    const sharedVerbs = [...verbs].filter((word) => held.has(word)).length;
    const shared = [...words].filter((word) => held.has(word)).length;
    const speaksOfSlot = slotWords?.test(text.toLowerCase()) === true;
    // "My mum runs a bakery back home in Valencia" speaks of a home, but not of the peer's.
    const ofPeerSlot = speaksOfSlot && (question.person !== null || !OF_RELATIVE.test(text));
    const supported =
      ofPeerSlot ||
      sharedAnchors > 0 ||
      (anchors.size > 0
        ? sharedAnchors > 0
        : verbs.size > 0
          ? sharedVerbs > 0
          : shared === words.size && shared > 0);
    if (!supported) return 0;
    const fit = 2 * sharedAnchors + sharedVerbs + shared;
    if (!speaksOfSlot) return fit;
    return question.words.some((word) => held.has(word) && slotWords?.test(word)) ? fit : fit + 1;
  };
}

/** The kinds of the thing a "what kind of <noun>" question names, when its noun has any: "pet" has "dog". */
function kindsOf(head: string | null): readonly string[] {
  const noun = head?.split(' ').at(-1);
  const [stem] = noun === undefined ? [] : lemmaWords(noun);
  return stem === undefined ? [] : kindredStems(stem).slice(1);
}

/** The words of the slot asked of, a named person's (`job@tomas`) as the peer's own (`job`). */
function slotWordsOf(slot: Question['slot']): RegExp | null {
  const own = slot?.replace(/@.*$/, '');
  if (own === undefined || !(own in SLOT_WORDS)) return null;
  return SLOT_WORDS[own as keyof typeof SLOT_WORDS].searched;
}
