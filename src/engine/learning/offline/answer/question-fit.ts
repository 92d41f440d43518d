import { POSSESSIVE_BEFORE_RELATION, RELATIONS } from '../../../text/relation-words.js';
import { SLOT_WORDS } from '../../../text/slot-vocabulary.js';
import { doingStems, kindredStems, narrowingKinds } from '../kindred-words.js';
import type { Question } from '../read-question.js';
import { lemmaWords } from '../verb-lemmas.js';
import { durationSpan } from './duration-span.js';
import { withoutSpeakerName } from './evidence.js';
import { asksPlaces, namedPlaces } from './named-places.js';

// Someone the peer names by relation: what is said of them is no fact of the peer's own.
const OF_RELATIVE = new RegExp(String.raw`${POSSESSIVE_BEFORE_RELATION}(?:${RELATIONS})s?\b`, 'iu');

// A relation a question's noun names, as its stem: "dad", "brother", "parent".
const RELATION = new RegExp(String.raw`^(?:${RELATIONS}|parent)$`);

/** How well a text fits a question; `held` is the text's lemmas, when the caller has them already. */
export type Fit = (text: string, held?: Set<string>) => number;

/**
 * How well a text fits the question: its nouns count twice, then its verbs and every word; zero
 * when the text holds none of the question's nouns (or, without nouns, of its verbs, or without
 * either, not all its words): sharing "favourite" does not answer "what is her favourite food?".
 * A noun is shared when the text says it more narrowly ({@link kindredStems}: "beagle" for
 * "dog"), or says what a tool so named does ({@link doingStems}: "we lint with ruff" for
 * "linter"). A text that speaks of the slot the question asks of fits, and counts one word more:
 * "got a job at the Charité" speaks of work as "where does Tomas work?" does, and "we moved out
 * of Manchester, we're in Leeds now" of where one lives, in other words. So does a text that
 * holds the question's verb, done to "it" or to a value, and a value of the kind asked ({@link
 * valueAsked}): "I've escalated it to my team lead Raj" for "who did she escalate the ticket to?".
 */
export function questionFit(question: Question): Fit {
  const anchors = new Set(question.anchors);
  const verbs = new Set(question.verbs);
  const words = new Set(question.words);
  const slotWords = slotWordsOf(question.slot);
  // "Where is their dad going to work?": the peer's own work is no answer; the relative must be named.
  const ofRelative = question.anchors.some((anchor) => RELATION.test(anchor));
  // "What kind of pet…?": evidence that names a kind of pet ("a spaniel puppy") fits as a shared noun.
  const headKinds = kindsOf(question.head);
  // "Which cities has he visited?": evidence naming a place ("took a trip to Rome") names a city,
  // though no list of kinds holds every place.
  const placesAsked = asksPlaces(question.head);
  const holdsValue = valueAsked(question);
  // "Which test framework?": evidence naming a kind of test tool ("vitest") names the framework asked
  // of; one naming a kind of framework alone ("React") does not.
  const narrowed = narrowedNoun(question.head);
  const narrowing = question.head === null ? [] : narrowingKinds(question.head);
  const standIns = (word: string) => [
    ...(word === narrowed && narrowing.length > 0 ? [word, ...narrowing] : kindredStems(word)),
    ...doingStems(word),
  ];
  return (text, held = new Set(lemmaWords(text))) => {
    const sharedAnchors =
      [...anchors].filter((word) => standIns(word).some((kin) => held.has(kin))).length +
      (headKinds.some((kind) => held.has(kind)) ||
      // A speaker called Georgia names no place.
      (placesAsked && namedPlaces(withoutSpeakerName(text)).length > 0)
        ? 1
        : 0);
    const sharedVerbs = [...verbs].filter((word) => held.has(word)).length;
    // A noun said as one of its kinds is said ("Zustand" for "state library"): it counts as a word too.
    const shared = [...words].filter(
      (word) => held.has(word) || (word === narrowed && narrowing.some((kin) => held.has(kin))),
    ).length;
    const speaksOfSlot = slotWords?.test(text.toLowerCase()) === true;
    // "My mum runs a bakery back home in Valencia" speaks of a home, but not of the peer's.
    const ofPeerSlot = speaksOfSlot && !ofRelative && (question.person !== null || !OF_RELATIVE.test(text));
    const supported =
      ofPeerSlot ||
      (sharedVerbs > 0 && holdsValue(text) && objectUnnamed(text, verbs)) ||
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

// Nouns that name a measure, which a number gives: "what frame rate?" of "we target 60 fps".
const MEASURES = new Set(
  'size rate width height length depth weight speed price cost fee budget version resolution capacity limit temperature number count total amount'.split(
    ' ',
  ),
);

// Someone named after what a verb was done to: "escalated it to my team lead Raj".
const PRONOUN_THEN_NAME = /\b(?:it|them|this|that)\b.*\s(?!I\b)\p{Lu}\p{Ll}+/u;

/**
 * A test for a text holding a value of the kind a question asks for, when the kind is a value:
 * an amount ("how much?", "how many?", "what frame rate?"), a length of time ("how long?"), or
 * for "who?" a name. Evidence that holds the question's verb and such a value speaks of what it
 * asks though it names the thing asked of otherwise ("we target 60 fps" for "what frame rate do
 * they target?"); for any other kind, the verb alone is too weak a sign ("I painted a lake").
 */
function valueAsked(question: Question): (text: string) => boolean {
  if (question.kind === 'duration') return (text) => durationSpan(text) !== null;
  const measure = question.kind === 'thing' && MEASURES.has(question.head?.split(' ').at(-1) ?? '');
  if (question.kind === 'number' || measure) return (text) => /\d/.test(text);
  // "Who did she escalate the ticket to?" of "I've escalated it to my team lead Raj": a name
  // after the verb's object.
  if (question.kind === 'person') return (text) => PRONOUN_THEN_NAME.test(text);
  return () => false;
}

// What stands for the thing asked of without naming another: "it", "them", or the value itself.
const UNNAMED_OBJECT = /^(?:it|them|this|that|one|about|around|[£$€#]?\d)/i;

/**
 * Whether a verb of the question is followed in the text by a pronoun or a value, or a value
 * after a preposition: "I've escalated it to…", "we target 60 fps", "a refund of 89 EUR"; not
 * "I've been learning the piano for three years", which names the thing it is done to, another
 * than "the violin" asked of.
 */
function objectUnnamed(text: string, verbs: ReadonlySet<string>): boolean {
  const tokens = text.split(/\s+/);
  return tokens.some(
    (token, at) =>
      lemmaWords(token).some((stem) => verbs.has(stem)) &&
      (UNNAMED_OBJECT.test(tokens[at + 1] ?? '') ||
        (/^(?:of|for|to|by)$/i.test(tokens[at + 1] ?? '') && /^[£$€#]?\d/.test(tokens[at + 2] ?? ''))),
  );
}

/**
 * The stem of a head's noun that a noun before it narrows ("framework" of "test framework"): the
 * kinds of the noun alone are not kinds of the whole (React is a framework, not a test framework).
 */
function narrowedNoun(head: string | null): string | undefined {
  const nouns = head?.split(' ') ?? [];
  return nouns.length > 1 ? lemmaWords(nouns.at(-1) ?? '')[0] : undefined;
}

/** The kinds of the thing a "what kind of <noun>" question names, when its noun has any: "pet" has "dog". */
function kindsOf(head: string | null): readonly string[] {
  if (narrowedNoun(head) !== undefined) return [];
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
