import { RELATION_QUALIFIERS, RELATIONS } from '../../../text/relation-words.js';
import type { AnswerRequest } from '../../reasoner.js';
import { type Evidence, withoutSpeaker } from './evidence.js';

const RELATION = `(${RELATIONS})`;
const QUALIFIED = `(?:(?:${RELATION_QUALIFIERS}) )?`;
const POSSESSIVE = String.raw`(?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir|[A-Z][\w-]+'s)`;
const NAME = String.raw`([A-Z][\w'-]+)`;

// "What is Maria's daughter's name?", "what's the name of Ada's dog?", "who is her boss?".
const ASKS_NAME_OF = new RegExp(
  String.raw`^(?:what(?:'s| is| was)|who(?:'s| is| was))\b.*(?:'s|\bname of [\w-]+'s|\b(?:his|her|their)) ${QUALIFIED}${RELATION}(?:'s name| called| named)?\??$`,
);
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
export function relationAnswer(request: AnswerRequest, ranked: readonly Evidence[]): string | undefined {
  const question = request.question.replaceAll('’', "'").trim();
  const relation = ASKS_NAME_OF.exec(question.toLowerCase())?.[1];
  const name = ASKS_WHO.exec(question)?.[1];
  if (relation === undefined && name === undefined) return undefined;
  for (const evidence of ranked) {
    for (const pair of namedRelations(withoutSpeaker(evidence))) {
      if (relation !== undefined && pair.relation.toLowerCase() === relation) return pair.name;
      if (name !== undefined && pair.name === name)
        return `${ownerOf(pair.possessive, evidence, request)}'s ${pair.relation.toLowerCase()}`;
    }
  }
  return undefined;
}

type NamedRelation = { possessive: string; relation: string; name: string };

const RELATION_THEN_NAME = new RegExp(
  String.raw`\b(${POSSESSIVE}|[Aa]n?) ${QUALIFIED}${RELATION}(?:'s name is| is called| is named| named| called|,)? ${NAME}`,
  'g',
);
const NAME_THEN_RELATION = new RegExp(String.raw`${NAME}, (${POSSESSIVE}) ${QUALIFIED}${RELATION}\b`, 'g');

function namedRelations(text: string): NamedRelation[] {
  const pairs: NamedRelation[] = [];
  for (const m of text.matchAll(RELATION_THEN_NAME))
    pairs.push({ possessive: m[1] ?? '', relation: m[2] ?? '', name: m[3] ?? '' });
  for (const m of text.matchAll(NAME_THEN_RELATION))
    pairs.push({ possessive: m[2] ?? '', relation: m[3] ?? '', name: m[1] ?? '' });
  return pairs;
}

/** Whose relation it is: a name's own ("Tomas's sister"), else the speaker's or the peer's learned of. */
function ownerOf(possessive: string, evidence: Evidence, request: AnswerRequest): string {
  if (/'s$/.test(possessive)) return possessive.slice(0, -2);
  return evidence.speaker ?? request.about;
}
