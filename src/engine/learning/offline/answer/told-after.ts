import { MONTHS, WEEKDAYS } from '../../../text/calendar-words.js';
import type { AnswerRequest } from '../../reasoner.js';
import type { Question } from '../read-question.js';
import { sentencePieces } from '../sentence-pieces.js';
import { lemmaWords } from '../verb-lemmas.js';
import { type Evidence, evidenceWords, withoutSpeaker } from './evidence.js';
import { speakerWhoDid } from './speaker-who-did.js';

/**
 * Kinds whose span the evidence holds in a form of its own (a date, a count, "yes"): the
 * question's words are no part of it, and the sentence that restates the question answers them
 * as well as any.
 */
export const SAID_IN_FORM: ReadonlySet<Question['kind']> = new Set([
  'time',
  'duration',
  'number',
  'age',
  'yes/no',
]);
// When a thing happened, and that one went or did it, tell nothing of what it was: "last Friday I
// went to a council meeting".
const TELLS_NOTHING_OF_IT = new Set(
  lemmaWords(
    [
      ...MONTHS,
      ...WEEKDAYS,
      'last next ago yesterday today tonight week weekend month year recently went gone going go did done do',
    ].join(' '),
  ),
);
// A reply too short to tell anything ("Thanks!", "Yes, totally!").
const TELLS_WORDS = 3;
// A turn later than this after the evidence is another conversation.
const NEXT_TURN_MS = 3_600_000;

/**
 * People tell of an event and then of what it was like: "I went to a council meeting for adoption.
 * It was inspiring - so many people wanted to create loving homes." The sentence that shares the
 * question's words best may only restate what the question already says ("what did she see at
 * the council meeting?"); what answers is what its speaker said next, in the same message or in
 * their next one. That sentence is read first, with the fit of the one it follows, and evidence
 * that restates the question as well is no candidate for the span.
 */
export function toldAfterFirst(
  ranked: readonly Evidence[],
  question: Question,
  request: AnswerRequest,
): readonly Evidence[] {
  const best = ranked[0];
  if (!best || best.speaker === null || best.message === undefined || SAID_IN_FORM.has(question.kind))
    return ranked;
  if (!restates(evidenceWords(best, question), question, request)) return ranked;
  // "Who owns the payments queue?" of Sara's "I own the payments queue": though it restates the
  // question, its speaker answers it, and what she says next does not.
  if (question.kind === 'person' && speakerWhoDid(request.question, question, best) !== null) return ranked;
  const next = sentenceAfter(best, request);
  if (next === null) return ranked;
  const others = ranked
    .slice(1)
    .filter((item) => !restates(evidenceWords(item, question), question, request));
  return [{ ...best, text: `${best.speaker}: ${next.text}`, message: next.message }, ...others];
}

/** Whether a sentence says nothing the question does not: "last Friday I went to a council meeting". */
function restates(text: string, question: Question, request: AnswerRequest): boolean {
  const asked = new Set(question.words);
  const names = new Set(
    lemmaWords(
      [request.peer, request.about, ...request.messages.map((message) => message.peer_id)].join(' '),
    ),
  );
  return lemmaWords(text).every(
    (word) => asked.has(word) || names.has(word) || TELLS_NOTHING_OF_IT.has(word),
  );
}

/**
 * What the speaker said after the evidence: the next sentence of its message, or the first of
 * their next message (after the listener's reply) that tells something.
 */
function sentenceAfter(evidence: Evidence, request: AnswerRequest): { text: string; message: string } | null {
  const message = evidence.message ?? '';
  const sentences = [...sentencePieces(message)].map((sentence) => sentence.trim());
  const at = sentences.indexOf(withoutSpeaker(evidence));
  if (at < 0) return null;
  const tells = (sentence: string) =>
    !sentence.endsWith('?') && !sentence.startsWith('[') && lemmaWords(sentence).length >= TELLS_WORDS;
  const inMessage = sentences.slice(at + 1).find(tells);
  if (inMessage !== undefined) return { text: inMessage, message };
  const byTime = [...request.messages].sort((a, b) => a.created_at.localeCompare(b.created_at));
  const own = byTime.findIndex((item) => item.content === message && item.peer_id === evidence.speaker);
  if (own < 0) return null;
  // The speaker's next turn: after at most one reply of the listener.
  const reply = byTime[own + 1];
  const next = reply?.peer_id === evidence.speaker ? reply : byTime[own + 2];
  if (next === undefined || next.peer_id !== evidence.speaker) return null;
  const ownAt = Date.parse(byTime[own]?.created_at ?? '');
  if (!(Date.parse(next.created_at) - ownAt <= NEXT_TURN_MS)) return null;
  const first = [...sentencePieces(next.content)].map((sentence) => sentence.trim()).find(tells);
  return first === undefined ? null : { text: first, message: next.content };
}
