import type { SpokenMessage } from '../reasoner.js';
import { sentencePieces } from './sentence-pieces.js';

// How soon after a question a message by the peer asked still answers it.
const REPLY_WITHIN_MS = 10 * 60_000;
// A question closes the message that asks it: only its end is read, so a long message costs nothing.
const QUESTION_TAIL_CHARS = 1000;

/**
 * For each message of `about` that replies to another peer's question, how well that question
 * fits what is asked now (by `fitOf`): "What pets do you have?" fits "what pets does she have?",
 * and so does the reply "We've got a pup and a kitty", which shares none of its words. A reply
 * is the next retrieved message in time, by `about`, within ten minutes of the question.
 */
export function replyFits(
  messages: readonly SpokenMessage[],
  about: string,
  fitOf: (text: string) => number,
): Map<string, number> {
  const inOrder = [...messages].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  const fits = new Map<string, number>();
  for (const [at, message] of inOrder.entries()) {
    const reply = inOrder[at + 1];
    if (!reply || message.peer_id.toLowerCase() === about || reply.peer_id.toLowerCase() !== about) continue;
    if (Date.parse(reply.created_at) - Date.parse(message.created_at) > REPLY_WITHIN_MS) continue;
    let best = 0;
    for (const sentence of sentencePieces(message.content.slice(-QUESTION_TAIL_CHARS))) {
      if (sentence.trim().endsWith('?')) best = Math.max(best, fitOf(sentence));
    }
    if (best > 0) fits.set(reply.id, best);
  }
  return fits;
}
