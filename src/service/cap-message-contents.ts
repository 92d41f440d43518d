import { LIMITS } from '../schemas/limits.js';
import type { Message } from '../schemas/message.js';

/** A page of this many messages or fewer always fits an answer whole. */
const WHOLE_PAGE = Math.max(1, Math.floor(LIMITS.answerChars / LIMITS.messageChars));

const marker = (cut: number) =>
  `\n[… ${cut} more characters not shown: list_messages with size ${WHOLE_PAGE} or less returns every message whole]`;

/**
 * Keeps the contents of one answer's messages within `LIMITS.answerChars` together. Short
 * messages stay whole; the longest are cut, each to an equal share of what is left, and end with
 * a marker that says how many characters were left out and how to read them.
 */
export function capMessageContents<Item extends Pick<Message, 'content'>>(messages: Item[]): Item[] {
  const total = messages.reduce((sum, message) => sum + message.content.length, 0);
  if (total <= LIMITS.answerChars) return messages;

  const shares = new Map<number, number>();
  let budget = LIMITS.answerChars;
  const byLength = messages.map((message, index) => ({ index, length: message.content.length }));
  byLength.sort((a, b) => a.length - b.length);
  byLength.forEach(({ index, length }, position) => {
    const share = Math.min(length, Math.floor(budget / (byLength.length - position)));
    shares.set(index, share);
    budget -= share;
  });
  return messages.map((message, index) => {
    const share = shares.get(index) ?? message.content.length;
    if (share >= message.content.length) return message;
    // Never end on the first half of a surrogate pair.
    const kept = message.content.slice(0, share).replace(/[\uD800-\uDBFF]$/, '');
    return { ...message, content: kept + marker(message.content.length - kept.length) };
  });
}
