import { stemmer } from 'stemmer';
import { contentWords } from '../../text/content-words.js';
import { questionTense, type Tense } from '../../text/question-tense.js';
import { askedFavorite, SLOT_WORDS, SLOTS, type Slot } from '../../text/slot-vocabulary.js';
import { askedPerson, personSlotAsked } from './answer/asked-person.js';
import { nlp } from './nlp.js';
import { lemmaWords } from './verb-lemmas.js';

/** What a question asks for: the kind of span that answers it. */
type AnswerKind =
  | 'time'
  | 'duration'
  | 'place'
  | 'person'
  | 'name'
  | 'number'
  | 'age'
  | 'yes/no'
  | 'reason'
  | 'quality'
  | 'thing';

export type Question = {
  kind: AnswerKind;
  tense: Tense;
  /** The slot of a fact with one value at a time that the question asks about ("lives_in"), if any. */
  slot: Slot | null;
  /** Someone the peer named whom the question asks about ("tomas" in "where does Tomas work?"), else null. */
  person: string | null;
  /** Stems of the question's own nouns: evidence that shares none of them does not answer it. */
  anchors: string[];
  /** Stems of its verbs, but for auxiliaries: "learn" in "what is he learning?". */
  verbs: string[];
  /** Stems of every word that carries meaning, names left out. */
  words: string[];
  /** The noun a "what kind of <noun>" or "which <noun>" question asks for ("online group"), else null. */
  head: string | null;
  /** "What time is the standup?", "when does the nightly job run?": what recurs or is set asks for the hour it is at. */
  asksHour: boolean;
  /** The part of a date a "which year" or "what month" question wants, else null: the whole date. */
  timeUnit: 'year' | 'month' | null;
  /** A "what" or "which" question: it asks for something named, so a verb's object ends with its first noun. */
  asksWhat: boolean;
  /** "What did she buy?", "what is her plan?": it asks for a thing, the object of its verb or the peer's. */
  asksObject: boolean;
  /** "What books has he read?": answered by a list. */
  asksMany: boolean;
};

// Nouns that name the kind of answer rather than what it is about: "what instrument", "which city".
const CATEGORIES = new Set(
  `name names kind type sort thing things stuff time times day days date year years month months week weeks
  hour hours minute minutes instrument sport sports food foods dish dishes meal drink colour color colours colors
  book books movie movies film films show shows song songs band bands music genre game games city cities country
  countries town place places state job jobs work career profession occupation pet pets animal animals hobby
  hobbies language languages car cars team teams subject subjects activity activities event events breed
  author artist artists brand item items way ways reason reasons idea ideas part role lot bit favourite favorite`.split(
    /\s+/,
  ),
);
const CATEGORY_STEMS = new Set([...CATEGORIES].map((word) => stemmer(word)));
// What a team's memory is about as a whole, which its members rarely name ("where is the app
// deployed?" of "we deploy to Render"): no noun evidence must share.
const PROJECT_STEMS = new Set(
  'app apps application codebase repo repository monorepo'.split(' ').map((word) => stemmer(word)),
);

const AUXILIARIES = new Set(
  'be is are was were am been being do does did done have has had having can could will would shall should may might must get got'.split(
    ' ',
  ),
);

/**
 * Reads a question for the offline reasoner: the kind of answer it wants, whether it asks for
 * the newest or an earlier value of a fact that changes, the slot of such a fact, and its
 * nouns and verbs. The names of the peers it is about, and of the `listeners` they spoke to, are
 * no part of what it asks. A question about one of `people`, whom the peer named and memory keeps
 * facts of ("where does Tomas work?"), asks of that person's slot (`job@tomas`), never the peer's
 * own, though the person speaks in the conversation too.
 */
export function readQuestion(
  question: string,
  names: readonly string[],
  people: readonly string[] = [],
  listeners: readonly string[] = [],
): Question {
  const lower = question.toLowerCase().replaceAll('’', "'").trim();
  const person = askedPerson(lower, people, names);
  const nameStems = new Set([...names, ...listeners].flatMap((name) => contentWords(name)));
  const terms = nlp(question).terms().json() as {
    terms: { text: string; normal: string; tags: string[] }[];
  }[];
  const anchors: string[] = [];
  const verbs: string[] = [];
  // "Which logging library…?", "what line width…?": the words of the thing asked for are its nouns,
  // though compromise reads some as verbs.
  const head = headOf(lower, nameStems);
  const headStems = new Set(head === null ? [] : lemmaWords(head));
  let afterName = false;
  for (const { terms: [term] = [] } of terms) {
    if (!term) continue;
    // compromise's normal form drops accents ("poznan" of "Poznań"), which the evidence's words
    // keep: a place or a name read from it would be shared with no evidence.
    const [stem] = [...lemmaWords(term.text), ...lemmaWords(term.normal)];
    const named = afterName;
    afterName = stem !== undefined && nameStems.has(stem);
    if (!stem || afterName) continue;
    const tags = new Set(term.tags);
    // "What did Ada paint?": compromise reads "paint" after a name as a surname; it is the verb.
    const surnameVerb = named && tags.has('LastName');
    const inHead = headStems.has(stem);
    if (
      (tags.has('Verb') || surnameVerb) &&
      !inHead &&
      !tags.has('Auxiliary') &&
      !AUXILIARIES.has(term.normal)
    )
      verbs.push(stem);
    else if (
      (tags.has('Noun') || tags.has('Adjective') || tags.has('Value') || inHead) &&
      !CATEGORY_STEMS.has(stem) &&
      !PROJECT_STEMS.has(stem)
    )
      anchors.push(stem);
  }
  // "What food should I avoid when cooking for her?" asks what she cannot eat, which she says as an
  // allergy or a diet, not in the question's words.
  if (ASKS_FOOD_TO_AVOID.test(lower)) anchors.push(...CANNOT_EAT_STEMS);
  return {
    kind: kindOf(lower),
    tense: questionTense(lower),
    slot: person === null ? slotOf(lower) : personSlotAsked(lower, slotOf(lower), person),
    person,
    anchors: [...new Set(anchors)],
    verbs: [...new Set(verbs)],
    words: lemmaWords(question).filter((word) => !nameStems.has(word)),
    head,
    asksWhat: /^(?:what|which)\b/.test(lower),
    asksObject:
      (verbs.length > 0 && /^what (?:did|does|do|has|have|will)\b/.test(lower)) ||
      /^what (?:is|was|are|were) [a-z]+'s\b/.test(lower),
    asksMany: MANY.test(lower),
    asksHour: /^(?:what time|when (?:does|do|is|are)\b)/.test(lower),
    timeUnit: /\b(?:which|what) year\b/.test(lower)
      ? 'year'
      : /\b(?:which|what) month\b/.test(lower)
        ? 'month'
        : null,
  };
}

// A question for what someone cannot eat: what to avoid or leave out in food, a meal or a recipe.
const ASKS_FOOD_TO_AVOID =
  /\b(?:avoid|leave out|not (?:eat|have|cook|serve|make|give)|can(?:no|')t (?:eat|have))\b.*\b(?:food|foods|eat|eating|recipes?|cook|cooking|meals?|dinner|lunch|dish|dishes|ingredients?|snacks?)\b|\b(?:food|foods|eat|recipes?|ingredients?)\b.*\b(?:avoid|leave out)\b|^what (?:should|shouldn't|can't|cannot|must)\b.*\bnot eat\b|^what (?:can't|cannot|shouldn't) [a-z]+ eat\b/;
const CANNOT_EAT_STEMS = lemmaWords(
  'allergy allergic intolerant intolerance vegetarian vegan coeliac celiac',
);

// A plural noun asked of with "has", "does"...: "what books has she read?", "what are his hobbies?";
// not "news", "class", "bus" or "analysis".
const MANY =
  /^(?:what|which)(?: (?:kinds?|types?|sorts?) of)? (?:[a-z+'-]+ ){0,2}[a-z+'-]*[^suiw']s (?:has|have|does|do|did|are|were)\b|^what are [a-z]+'s [a-z]+[^suiw']s\b/;

const HEAD =
  /^(?:what|which)(?: (?:kinds?|types?|sorts?) of)? ((?:[a-z+'-]+ ){0,2}?[a-z+'-]+) (?:did|does|do|is|was|are|were|has|have|had|can|could|will|would)\b/;

/** "What kind of online group did he join?": "online group", unless it names a peer ("what did Ada"). */
function headOf(lower: string, nameStems: ReadonlySet<string>): string | null {
  const head = HEAD.exec(lower)?.[1];
  if (!head) return null;
  const words = head.split(' ');
  if (words.some((word) => AUXILIARIES.has(word) || contentWords(word).some((stem) => nameStems.has(stem))))
    return null;
  return head;
}

function kindOf(lower: string): AnswerKind {
  if (/^how long ago\b/.test(lower)) return 'time';
  if (/^(?:for )?how long\b/.test(lower)) return 'duration';
  if (/^how old\b/.test(lower)) return 'age';
  if (/^how (?:many|much|often)\b/.test(lower)) return 'number';
  if (
    /^(?:when|what (?:date|day|year|month|time|season)|which (?:date|day|year|month|season)|in (?:what|which) (?:year|month))\b/.test(
      lower,
    )
  )
    return 'time';
  if (
    /^(?:where|(?:what|which) (?:city|country|town|place|state)(?= (?:is|was|are|were|do|does|did|has|have|had|will|would|can|could|in|of)\b|\??$))\b/.test(
      lower,
    )
  )
    return 'place';
  if (/^(?:who|whom|whose)\b/.test(lower)) return 'person';
  if (
    /^what(?:'s| is| was| are) (?:the )?name\b|^what(?:'s| is| was)\b.*\bname\??$|\bcalled\??$|\bnamed\??$/.test(
      lower,
    )
  )
    return 'name';
  if (
    /^why\b|^what (?:made|caused|motivated|inspired|led)\b|^for what reason\b|^what\b.*\bfor\?$|^what(?:'s| is| was) \w+'s reason\b/.test(
      lower,
    )
  )
    return 'reason';
  // "How did she feel...?", "how does he describe...?", "how was the trip?": words that describe.
  if (
    /^how (?:did|does|do|was|is|were|are)\b.*\b(?:feel|felt|describe|described)\b|^how (?:was|is)\b/.test(
      lower,
    )
  )
    return 'quality';
  if (/^(?:is|are|was|were|do|does|did|has|have|had|can|could|will|would|should)\b/.test(lower))
    return 'yes/no';
  return 'thing';
}

/** The slot whose value alone answers the question, or null when the evidence must. */
function slotOf(lower: string): Slot | null {
  const favorite = askedFavorite(lower);
  if (favorite !== null) return favorite;
  for (const slot of SLOTS) {
    const asked = SLOT_WORDS[slot].asked;
    if (asked === null || !asked.words.test(lower) || asked.unless?.test(lower)) continue;
    const answered = (asked.answeredWhen?.test(lower) ?? true) && !asked.answeredUnless?.test(lower);
    return answered ? slot : null;
  }
  return null;
}
