import type { AnswerRequest } from '../../reasoner.js';
import type { Question } from '../read-question.js';
import { resolveDates } from '../resolve-dates.js';
import { sentencePieces } from '../sentence-pieces.js';
import { lemmaWords } from '../verb-lemmas.js';
import { type Evidence, withoutSpeaker } from './evidence.js';
import { DATE_PHRASE } from './time-span.js';

// What a thing put off is put off to: up to where the clause goes on.
const NEW_TIME = String.raw`(?:to|until|till|for|back to|into) ((?:(?!because|since|as|so|but|and)[\w'-]+ ?){1,5})`;
// A plan put off, with when it now is: "we postponed the wedding to next spring", "pushed it back
// until June", "the move is delayed to March", "3.8.0 slips to March 6". "Moved" needs what was
// moved ("moved the wedding to May"): "we moved to Berlin" is a move, not a plan put off.
const PUT_OFF = new RegExp(
  String.raw`\b(?:(?:postpon(?:ed|ing)|put off|pushed back|slip(?:s|ped|ping)?|push(?:ed|ing) (?:it|\w+ \w+) back|delay(?:ed|ing)|reschedul(?:ed|ing))(?: (?:it|them|the \w+|our \w+|my \w+|the \w+ \w+))?|mov(?:ed|ing) (?:it|the \w+|our \w+|my \w+)(?: back)?) ${NEW_TIME}`,
  'i',
);
// A plan called off, however it is said: "we cancelled the Japan trip", "the move is off", "we're
// not going after all", "we no longer plan to move".
export const CALLED_OFF =
  /\b(?:cancel(?:l?ed|l?ing|s)?|call(?:ed|ing)? (?:it |\w+ \w+ )?off|called off|scrap(?:ped|ping)|shelv(?:ed|ing)|gave up on|giv(?:e|ing) up on|decided (?:against|not to)|(?:is|'s|are|'re) (?:all )?off(?=\s*(?:[.,;!?]|$|now\b|for now\b))|(?:not|never|n't) (?:going|moving|happening|travel(?:l?ing)?|doing it)\b(?:[\w ]{0,30}?)\b(?:anymore|any more|after all|now)|no longer (?:going|moving|happening|planning|doing)|postpon(?:ed|ing)|put (?:it |\w+ \w+ )?on hold|on hold)\b/i;
// A question that itself asks of the calling off ("did she cancel the trip?") is answered as any other.
export const ASKS_OF_CALLING_OFF =
  /\b(?:cancel\w*|call\w* off|postpon\w*|put off|delay\w*|reschedul\w*|on hold|off)\b/i;
// The noun of a plan a question asks of with its verb: "is she getting married?" of the wedding.
const PLAN_NOUNS = new Map(
  [
    ['marry', 'wedding'],
    ['travel', 'trip'],
    ['fly', 'flight'],
    ['visit', 'trip'],
  ].map(([verb = '', noun = '']) => [lemmaWords(verb)[0] ?? verb, lemmaWords(noun)[0] ?? noun]),
);
// A message is read up to here for a plan called off: long pasted text holds no plan of the peer's.
const MAX_READ = 5000;
// A release named by its version: "3.8.0", "v2.1".
const VERSION = /\bv?\d+(?:\.\d+)+\b/g;
const PLAN_TIME = /^when (?:is|are|will|'s|does|do)\b/i;
// Words a question about a plan shares with everything about it: no sign of the same plan.
const PLAN_WORDS = new Set(lemmaWords('still going go plan planning will be do get trip'));

/**
 * A plan the peer later called off or put off answers "is she still going to Japan?" with no, and
 * "when is the wedding?" with the new date: the newest evidence that calls off or puts off what
 * the question names (a noun of it, or its verb: "the move" for "is he still moving?")
 * supersedes the plan itself, which may fit the question better. Undefined when the question
 * asks neither yes or no nor when, or no evidence calls off what it names.
 */
export function planAnswer(request: AnswerRequest, question: Question): string | undefined {
  if (question.kind !== 'yes/no' && question.kind !== 'time') return undefined;
  if (ASKS_OF_CALLING_OFF.test(request.question)) return undefined;
  // "When did she go?" asks of what happened; a plan is asked of ahead of it ("when is the wedding?").
  if (question.kind === 'time' && !PLAN_TIME.test(request.question)) return undefined;
  const named = new Set([...question.anchors, ...question.verbs].filter((word) => !PLAN_WORDS.has(word)));
  // A release is named by its version ("when does 3.8.0 ship now?"), which holds no word.
  const versions = request.question.match(VERSION) ?? [];
  if (named.size === 0 && versions.length === 0) return undefined;
  for (const [verb, noun] of PLAN_NOUNS) if (named.has(verb)) named.add(noun);
  const time = (evidence: Evidence) => (evidence.occurredAt ? Date.parse(evidence.occurredAt) : 0);
  const callingOff = saidByPeer(request)
    .filter((evidence) => {
      const clause = callingOffClause(withoutSpeaker(evidence));
      return (
        clause !== null &&
        (lemmaWords(clause).some((word) => named.has(word)) ||
          versions.some((version) => clause.includes(version)))
      );
    })
    .sort((a, b) => time(b) - time(a))[0];
  if (callingOff === undefined) return undefined;
  const text = withoutSpeaker(callingOff);
  const newTime = putOffTo(text, callingOff);
  if (question.kind === 'time') return newTime ?? `Called off: ${text}`;
  return newTime ? `No, put off to ${newTime}: ${text}` : `No: ${text}`;
}

/**
 * Each sentence the peer said, and what was learned of it: a plan called off need share no noun
 * with the question ("we're not moving anymore" for "is he moving to Toronto?"), so the evidence
 * ranked by the question's nouns may not hold it.
 */
function saidByPeer(request: AnswerRequest): Evidence[] {
  const about = request.about.toLowerCase();
  const said: Evidence[] = request.observations.map((observation, rank) => ({
    text: observation.content,
    speaker: null,
    occurredAt: observation.occurredAt,
    rank,
    fit: 0,
  }));
  for (const [rank, message] of request.messages.entries()) {
    if (message.peer_id.toLowerCase() !== about) continue;
    for (const sentence of sentencePieces(message.content.slice(0, MAX_READ))) {
      said.push({
        text: `${message.peer_id}: ${sentence.trim()}`,
        speaker: message.peer_id,
        occurredAt: message.created_at,
        rank,
        fit: 0,
      });
    }
  }
  return said;
}

/**
 * The clause of a text that calls off or puts off a plan, or null: "we cancelled the Japan trip,
 * with the move it was too much" calls off the trip, not the move.
 */
function callingOffClause(text: string): string | null {
  return (
    text
      .split(/[,;:]|\s(?:because|since|as|but|with|after|so)\s/)
      .find((clause) => CALLED_OFF.test(clause) || PUT_OFF.test(clause)) ?? null
  );
}

/** When a plan was put off to, its relative date resolved against the day it was said. */
function putOffTo(text: string, evidence: Evidence): string | null {
  const match = PUT_OFF.exec(text);
  if (!match?.[1]) return null;
  const said = match[1].trim();
  const resolved = evidence.occurredAt ? resolveDates(said, evidence.occurredAt).text : said;
  return DATE_PHRASE.exec(resolved)?.[0]?.replace(/^in /, '') ?? resolved;
}
