import { RELATION_QUALIFIERS, RELATIONS } from '../../../text/relation-words.js';
import type { AnswerRequest } from '../../reasoner.js';
import { nlp } from '../nlp.js';
import { type Evidence, withoutSpeaker } from './evidence.js';

const RELATION = `(${RELATIONS})`;
const QUALIFIED = `(?:(?:${RELATION_QUALIFIERS}) )?`;
const POSSESSIVE = String.raw`(?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir|[A-Z][\w-]+'s)`;
const NAME = String.raw`([A-Z][\w'-]+)`;

// "What is Maria's daughter's name?", "what's the name of Ada's dog?", "who is her boss?".
const ASKS_NAME_OF = new RegExp(
  String.raw`^(?:what(?:'s| is| was)|who(?:'s| is| was))\b.*(?:'s|\bname of [\w-]+'s|\b(?:his|her|their)) ${QUALIFIED}${RELATION}(?:'s (?:first |full |last )?name| called| named)?\??$`,
);
// "What is the name of Zuza's flatmate?", "what's her dog called?": a name, not who the person is.
const ASKS_A_NAME = /\bname\b|\b(?:called|named)\??$/i;
// "Who is Lina?"
const ASKS_WHO = /^[Ww]ho(?:'s| is| was) ([A-Z][\w'-]+)\??$/;

/**
 * Who someone is to the peer, read where a sentence names a person by their relation: "our
 * daughter Lina", "a daughter named Lina", "Lina, our daughter". "What is Maria's daughter's
 * name?" is answered "Lina", "Who is Lina?" "Maria's daughter"; the first evidence that names
 * the relation and a person together answers, else undefined and the question is read as any
 * other. A sentence often names several people ("with my husband Tomas and our daughter
 * Lina"): the first name found, or the first proper name, would answer with the wrong one.
 */
export function relationAnswer(
  request: AnswerRequest,
  ranked: readonly Evidence[],
): string | null | undefined {
  const question = request.question.replaceAll('’', "'").trim();
  const relation = ASKS_NAME_OF.exec(question.toLowerCase())?.[1];
  const name = ASKS_WHO.exec(question)?.[1];
  if (relation === undefined && name === undefined) return undefined;
  for (const evidence of ranked) {
    const text = withoutSpeaker(evidence);
    for (const pair of namedRelations(text)) {
      if (relation !== undefined && pair.relation.toLowerCase() === relation) return pair.name;
      if (name !== undefined && pair.name === name)
        return `${ownerOf(pair, text, evidence, request)}'s ${pair.relation.toLowerCase()}`;
    }
  }
  const best = ranked[0];
  const asksName = ASKS_A_NAME.test(question) && !PETS.test(relation ?? '');
  if (asksName && relation !== undefined && best && namesNobody(withoutSpeaker(best), relation, question))
    return null;
  return undefined;
}

// A pet is named in ways a sentence may not pair with the word (a photo, "Luna is such a good
// girl"): only a person's name is declined for want of one.
const PETS = /^(?:dog|cat|puppy|kitten|horse|parrot|rabbit|hamster)$/;

// A name given however: "a flatmate named Joss", "her name's Coco".
const NAME_GIVEN = /\b(?:named|called|name is|name's)\b/i;

/**
 * "She already hates her flatmate": the evidence that best fits a question for the name of a
 * relation speaks of that relation and names no one the question does not, so memory does not
 * hold the name, and the sentence would be a wrong answer.
 */
function namesNobody(text: string, relation: string, question: string): boolean {
  if (!new RegExp(String.raw`\b${relation}s?\b`, 'i').test(text) || NAME_GIVEN.test(text)) return false;
  const asked = question.toLowerCase();
  const people = properNouns(text)
    .map((name) => name.toLowerCase())
    .filter((name) => name !== '' && !asked.includes(name));
  return people.length === 0;
}

/** A person named by relation, and where in the text the possessive before the relation stands. */
type NamedRelation = { possessive: string; relation: string; name: string; at: number };

const RELATION_THEN_NAME = new RegExp(
  String.raw`\b(${POSSESSIVE}|[Aa]n?) ${QUALIFIED}${RELATION}(?:'s name is| is called| is named| named| called|,)? ${NAME}`,
  'g',
);
const NAME_THEN_RELATION = new RegExp(String.raw`${NAME}, (${POSSESSIVE}) ${QUALIFIED}${RELATION}\b`, 'g');

function namedRelations(text: string): NamedRelation[] {
  const pairs: NamedRelation[] = [];
  for (const m of text.matchAll(RELATION_THEN_NAME))
    pairs.push({ possessive: m[1] ?? '', relation: m[2] ?? '', name: m[3] ?? '', at: m.index });
  for (const m of text.matchAll(NAME_THEN_RELATION))
    pairs.push({
      possessive: m[2] ?? '',
      relation: m[3] ?? '',
      name: m[1] ?? '',
      at: m.index + (m[1] ?? '').length + 2,
    });
  return pairs;
}

/**
 * Whose relation it is: a name's own ("Tomas's sister"); for "his" or "her", the person named
 * before it in the sentence ("my brother Arjun and his wife Meera": Arjun's wife); else the
 * speaker's or the peer's learned of.
 */
function ownerOf(pair: NamedRelation, text: string, evidence: Evidence, request: AnswerRequest): string {
  if (/'s$/.test(pair.possessive)) return pair.possessive.slice(0, -2);
  if (/^(?:his|her)$/i.test(pair.possessive)) {
    const before =
      text
        .slice(0, pair.at)
        .split(/[.!?]\s/)
        .at(-1) ?? '';
    const owner = properNouns(before).at(-1);
    if (owner !== undefined) return owner;
  }
  return evidence.speaker ?? request.about;
}

/** The proper nouns of a text, in order, without a possessive or the punctuation after them. */
function properNouns(text: string): string[] {
  return (nlp(text).match('#ProperNoun').out('array') as string[]).map((name) =>
    name.replace(/(?:'s|[.,!?'])+$/, ''),
  );
}
