import { capitalised } from '../../text/capitals.js';
import { RELATION_QUALIFIERS, RELATIONS } from '../../text/relation-words.js';
import { personSlot } from '../../text/slot-vocabulary.js';
import { type CardFact, findCardFacts } from './card-facts.js';
import { listedTags, nlp } from './nlp.js';

/**
 * The people a peer has named by relation ("our daughter Lina"), whose names are then read as
 * names, and the last one named in the message: "she" in "…our daughter Lina, she's 6" is Lina.
 */
export type NamedPeople = { last: string | null; known: Set<string> };

/** A fact about someone the peer names, kept as theirs: "Tomas works at: Charité hospital". */
export type PersonFacts = { person: string; facts: CardFact[] };

// One word of a person's name, accents and all ("Théo", "Inês").
const NAME_WORD = String.raw`\p{Lu}[\p{L}\p{M}'-]+`;
// "My husband Tomas", "our daughter, Lina", "my brother", "her boss Maria": someone named by relation.
const BY_RELATION = new RegExp(
  String.raw`^(?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir) (?:(?:${RELATION_QUALIFIERS}) )?(${RELATIONS})(?:,? (${NAME_WORD}(?: ${NAME_WORD})?))?,? (?=\p{Ll})`,
  'u',
);
// A name word that ends before a shortened "is" or "has": "O'Brien", but "Sam" of "Sam's".
const NAME_WORD_UNSHORTENED = String.raw`\p{Lu}[\p{L}\p{M}-]+(?:'(?!s\b)[\p{L}\p{M}-]+)?`;
// "Tomas got a job…": a name of one or two words, then the rest of the clause in lower case. Or
// "Sam's a carpenter": "'s" read as "is" or "has" where the word after it shows the verb, not a
// possessive ("Sam's workshop").
const BY_NAME = new RegExp(
  String.raw`^(${NAME_WORD_UNSHORTENED}(?: ${NAME_WORD_UNSHORTENED})?)(?: (?=\p{Ll})|(?='s (?:an?|the|been|got|now|just|also|still|back|in|at|from|with|\p{Ll}+ing)\b))`,
  'u',
);
const PRONOUN = /^(?:[Ss]he|[Hh]e)(?=\b|')/;
// A relation named with a name anywhere in a clause ("with my husband Tomas and our daughter Lina").
const NAMED_RELATION = new RegExp(
  String.raw`\b(?:[Mm]y|[Oo]ur) (?:(?:${RELATION_QUALIFIERS}) )?(?:${RELATIONS}),? (${NAME_WORD})`,
  'gu',
);
// Words before the verb that say when or how, kept as they are.
const ADVERB = /^(?:just|now|recently|finally|currently|also|still|actually|officially|already) /;
// Verbs that read the same after "I" as after "she".
const SAME = /^(?:was|wasn't|had|hadn't|can|could|will|would|should|might|must|may|did|didn't)\b/;

/**
 * The facts a clause states of someone the peer names, its subject: "Tomas got a job at the
 * Charité hospital", "my brother lives in Porto", "Lina started first grade at an international
 * school in Kreuzberg", and "she's 6" after "our daughter Lina". Read as the speaker's own facts
 * would be (the subject as "I"), then given to that person: a slot of their own
 * (`job@tomas`), so a fact of theirs never replaces the speaker's, and a card entry naming them.
 * Null when the subject is no one the peer names. `named` learns who was named, for "she".
 */
export function namedPersonFacts(clause: string, named: NamedPeople): PersonFacts | null {
  const text = clause.replaceAll('’', "'").trim();
  const subject = subjectOf(text, named);
  // The subject comes first in the clause, so anyone named after it is the later one "she" means:
  // "My husband Tomas and I live here with our daughter Lina, she's 6" tells Lina's age.
  if (subject?.name) named.last = subject.name;
  for (const [, name] of text.matchAll(NAMED_RELATION)) {
    if (name === undefined) continue;
    named.last = name;
    named.known.add(name);
  }
  if (subject === null) return null;
  const person = subject.name ?? capitalised(subject.relation ?? '');
  if (person === '') return null;
  const rest = firstPersonVerb(text.slice(subject.length).trimStart());
  const facts = findCardFacts(`I${rest.startsWith("'") ? '' : ' '}${rest}`).map((fact) => ({
    slot: fact.slot === null ? null : personSlot(fact.slot, person),
    entry: fact.entry === null ? null : personEntry(person, fact.entry),
  }));
  return facts.length > 0 ? { person, facts } : null;
}

/** The last person a clause names by relation and name ("…with our daughter Lina" names Lina), else null. */
export function lastNamed(clause: string): string | null {
  let last: string | null = null;
  for (const [, name] of clause.replaceAll('’', "'").matchAll(NAMED_RELATION)) last = name ?? last;
  return last;
}

type Subject = { name: string | null; relation: string | null; length: number };

function subjectOf(text: string, named: NamedPeople): Subject | null {
  const relation = BY_RELATION.exec(text);
  if (relation)
    return { name: relation[2] ?? null, relation: relation[1] ?? null, length: relation[0].length };
  const pronoun = PRONOUN.exec(text);
  if (pronoun)
    return named.last === null ? null : { name: named.last, relation: null, length: pronoun[0].length };
  const name = BY_NAME.exec(text);
  if (!name?.[1]) return null;
  const isPerson = named.known.has(name[1]) || (mayBeName(name[1]) && startsWithPerson(text));
  return isPerson ? { name: name[1], relation: null, length: name[0].length } : null;
}

// A word's own tags that leave it free to be a name ("Harry" is a male name).
const NAME_TAGS = /Name|Person|Honorific/;

/**
 * Whether a clause's first word can be someone's name: not when it is a word the tagger lists as
 * something else ("It's", "Keep", "Thanks"). Most clauses begin so, and tagging each one whole
 * to find out cost half of learning's time.
 */
function mayBeName(words: string): boolean {
  const first = (words.split(' ')[0] ?? '').replace(/'(?:s|m|re|ve|ll|d)$/, '');
  const tags = listedTags(first);
  return tags.length === 0 || tags.some((tag) => NAME_TAGS.test(tag));
}

function startsWithPerson(text: string): boolean {
  const first = (nlp(text).terms().json() as { terms: { tags: string[] }[] }[])[0]?.terms[0];
  return first?.tags.includes('Person') ?? false;
}

/** "'s 6" → "'m 6", "works at" → "work at", "is" → "am": the verb as it reads after "I". */
function firstPersonVerb(rest: string): string {
  if (rest.startsWith("'s ")) return `'m ${rest.slice(3)}`;
  let adverbs = '';
  let words = rest;
  for (let adverb = ADVERB.exec(words); adverb; adverb = ADVERB.exec(words)) {
    adverbs += adverb[0];
    words = words.slice(adverb[0].length);
  }
  const verb = /^[\p{L}']+/u.exec(words)?.[0] ?? '';
  const after = words.slice(verb.length);
  if (verb === '' || SAME.test(verb)) return rest;
  if (verb === 'is') return `am ${adverbs}${after.trimStart()}`;
  if (!verb.endsWith('s')) return rest;
  const doc = nlp(verb);
  doc.tag('Verb');
  const [forms] = doc.verbs().conjugate() as { Infinitive?: string }[];
  return `${adverbs}${forms?.Infinitive ?? verb}${after}`;
}

/**
 * "Lives in: Porto" of Karim is "Karim lives in: Porto"; "Age: 6" of Lina is "Lina's age: 6".
 * The label keeps the person, so the peer's card tells whose fact it is.
 */
export function personEntry(person: string, entry: string): string {
  const [label = '', ...rest] = entry.split(': ');
  const value = rest.join(': ');
  if (/^(?:Lives|Works|Studies|Drives|Likes|Dislikes|Prefers)\b/.test(label))
    return `${person} ${label.toLowerCase()}: ${value}`;
  if (/^(?:Allergic|From)\b/.test(label)) return `${person} is ${label.toLowerCase()}: ${value}`;
  if (label === 'Is') return `${person} is: ${value}`;
  return `${person}'s ${label.toLowerCase()}: ${value}`;
}

/** A card entry as a sentence: "Lina's age: 6" is "Lina's age is 6.", "Karim lives in: Porto" "Karim lives in Porto." */
export function entrySentence(entry: string): string {
  const [label = '', ...rest] = entry.split(': ');
  const value = rest.join(': ');
  const joined = /'s [^:]+$|^[^\s]+$/.test(label) ? `${label} is ${value}` : `${label} ${value}`;
  return `${joined}.`;
}
