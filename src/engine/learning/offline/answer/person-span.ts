import { PERSON_TITLE } from '../../../text/person-titles.js';
import { RELATION_QUALIFIERS, RELATIONS } from '../../../text/relation-words.js';
import { FUNCTION_WORDS } from '../../../text/stopwords.js';
import type { AnswerRequest } from '../../reasoner.js';
import { nlp } from '../nlp.js';
import type { Question } from '../read-question.js';
import { lemmaWords } from '../verb-lemmas.js';
import { escapeRegExp } from './escape-reg-exp.js';
import { afterVerb } from './verb-object.js';

// A title names a person whole: "Dr. Amara Singh", "Mrs Patel".
const TITLED = new RegExp(String.raw`\b${PERSON_TITLE}[A-Z][\w'-]*(?: [A-Z][\w'-]*){0,2}`);
const TITLED_AT_START = new RegExp(`^${TITLED.source}`);
const TITLE_AT_START = new RegExp(`^${PERSON_TITLE}`);

// A name given: "a dog named Biscuit", "they called her Anya", "his name is Theo".
const NAME_GIVEN = /\b(?:named|called|name is|name's)(?: (?:her|him|it|them))? ([A-Z][\w'-]+)/;

// "Who were the sessions moved to?": a question that ends in the preposition its verb takes.
const ENDS_IN_PREPOSITION = /\b(to|from|with|by)\s*\?*\s*$/i;

// What may stand between the preposition and the name: "to my team lead Raj", never "to the gym while Marco".
const DETERMINERS = new Set('a an the my his her their our your'.split(' '));
const FUNCTION = new Set(FUNCTION_WORDS);

// How far before the preposition its verb may stand: "handed the ticket over to".
const VERB_REACH = 6;

/**
 * "Who were the sessions moved to?" of "I've moved your sessions to Aisha while Marco is away":
 * the person named after the question's own preposition, and after its verb when the evidence has
 * one with it, rather than the first person the sentence names.
 */
function namedAfterPreposition(
  text: string,
  question: Question,
  request: AnswerRequest,
  people: readonly string[],
  answers: (name: string) => boolean,
): string | null {
  const preposition = ENDS_IN_PREPOSITION.exec(request.question)?.[1]?.toLowerCase();
  if (!preposition) return null;
  const found: { name: string; byVerb: boolean }[] = [];
  for (const match of text.matchAll(new RegExp(String.raw`\b${preposition} ((?:[a-z]+ ){0,3})`, 'g'))) {
    const gap = (match[1] ?? '').split(' ').filter(Boolean);
    if (gap.some((word, at) => FUNCTION.has(word) && !(at === 0 && DETERMINERS.has(word)))) continue;
    const rest = text.slice(match.index + match[0].length);
    const before =
      text
        .slice(0, match.index)
        .split(/[.;!?]/)
        .at(-1) ?? '';
    const verbs = before
      .split(/\s+/)
      .slice(-VERB_REACH)
      .flatMap((word) => lemmaWords(word));
    const byVerb = verbs.some((verb) => question.verbs.includes(verb));
    // compromise knows few names from outside English ("to Raj"): after the verb and preposition
    // asked of, a proper noun that names no place, group or date is taken for the person.
    const name = (
      TITLED_AT_START.exec(rest)?.[0] ??
      people.find((person) => new RegExp(`^${escapeRegExp(person)}(?![\\p{L}])`, 'u').test(rest)) ??
      (byVerb ? properNameAtStart(text, rest) : undefined)
    )?.replace(/'s$/, '');
    // "Moving in with Theo's old flatmate": Theo is whose she is, not the one moved in with.
    const whose = name !== undefined && new RegExp(`^${escapeRegExp(name)}'s [a-z]`).test(rest);
    if (name && answers(name) && !whose) found.push({ name, byVerb });
  }
  return (found.find((each) => each.byVerb) ?? found[0])?.name ?? null;
}

/**
 * The capitalised word `rest`, a tail of `text`, begins with, when `text` reads it as someone's
 * name: "Raj", not "Paris" or "Tier 2". Tags are read in the whole sentence: alone, "Raj" is a noun.
 */
function properNameAtStart(text: string, rest: string): string | undefined {
  const word = /^[A-Z][a-z][\w'-]*(?! ?\d)/.exec(rest)?.[0];
  if (!word) return undefined;
  const terms = (nlp(text).terms().json() as { terms: { text: string; tags: string[] }[] }[]).flatMap(
    (each) => each.terms,
  );
  const tags = new Set(terms.find((term) => term.text === word)?.tags);
  return tags.has('ProperNoun') && !['Place', 'Organization', 'Date'].some((tag) => tags.has(tag))
    ? word
    : undefined;
}

// Someone named by whose they are: "my mum", "our neighbour", "her older brother".
const RELATIVE = new RegExp(
  String.raw`\b(?:my|our|his|her|their|your) ((?:(?:${RELATION_QUALIFIERS}) )?(?:${RELATIONS}))\b`,
  'giu',
);
// How far after the relative the question's verb may stand: "my mum is coming to help us pack".
const RELATIVE_VERB_REACH = 6;

/**
 * "Who is helping them pack?" of "my mum is coming to help us pack": with no name, the relative
 * who does what the question asks, named by whose they are ("mum").
 */
function relativeWhoDoes(text: string, question: Question): string | null {
  if (question.verbs.length === 0) return null;
  for (const match of text.matchAll(RELATIVE)) {
    const after = text
      .slice(match.index + match[0].length)
      .split(/[.,;!?]/)[0]
      ?.split(/\s+/)
      .slice(0, RELATIVE_VERB_REACH + 1)
      .flatMap((word) => lemmaWords(word));
    if (after?.some((word) => question.verbs.includes(word))) return match[1] ?? null;
  }
  return null;
}

/** "St. John's Rd.": a street or church named after a saint, no person. */
function afterSaint(text: string, name: string): boolean {
  return new RegExp(String.raw`\bSt\.? ${escapeRegExp(name)}`).test(text);
}

/**
 * The answer to "who?" or "what is the name of…?": the person named after the verb and preposition
 * a question ends in ("who was it moved to?"), else the first person the text names other than
 * the peers asked of, or a name given ("a dog named Biscuit"). "Who?" without a name is
 * answered by whom it was done with, or the words after the question's verb; a name, by nothing.
 */
export function personSpan(text: string, question: Question, request: AnswerRequest): string | null {
  const names = new Set([request.peer, request.about].map((name) => name.toLowerCase()));
  // "What is the name of Zuza's flatmate?": Zuza is whom it asks about, not the answer.
  const asked = (name: string) =>
    new RegExp(`(?<![\\p{L}])${escapeRegExp(name)}(?![\\p{L}])`, 'iu').test(request.question);
  const people = (nlp(text).people().out('array') as string[])
    .map((name) => name.replace(/[.,!']s?$/, '').replace(/^(?:[a-z]+ )+/, ''))
    .filter(
      (name) => name !== '' && !names.has(name.toLowerCase()) && !asked(name) && !afterSaint(text, name),
    );
  const unasked = (name: string) =>
    !names.has(name.replace(TITLE_AT_START, '').toLowerCase()) && !asked(name);
  const afterPreposition = namedAfterPreposition(text, question, request, people, unasked);
  if (afterPreposition) return afterPreposition;
  const titled = TITLED.exec(text)?.[0].replace(/'s$/, '');
  if (titled && unasked(titled)) return titled;
  // A name given ("they named her Anya") answers "what is the name of…?" before anyone mentioned.
  const named = NAME_GIVEN.exec(text)?.[1];
  if (named && question.kind === 'name' && !asked(named)) return named;
  // "Theo's old flatmate, her name's Priti": the name given is the person's, not whose they are.
  const whose = (name: string) => new RegExp(`\\b${escapeRegExp(name)}'s [a-z]`).test(text);
  if (named && !asked(named) && people[0] && whose(people[0])) return named;
  if (people[0]) return people[0];
  if (named && !asked(named)) return named;
  if (question.kind === 'name') return null;
  const relative = relativeWhoDoes(text, question);
  if (relative) return relative;
  return (
    /\bwith ((?:[\w']+ ){0,3}[\w']+?)(?=[.,;!?]| (?:in|on|at|for|last|this|next|and|but)\b|$)/.exec(
      text,
    )?.[1] ?? afterVerb(text, question, request)
  );
}
