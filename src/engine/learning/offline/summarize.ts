import { contentWords } from '../../text/content-words.js';
import type { SpokenMessage } from '../reasoner.js';
import { timeBudget } from '../time-budget.js';
import { sentencePieces } from './sentence-pieces.js';
import { addressesListener, isFirstPerson, toThirdPerson } from './third-person.js';

/** Time spent reading the conversation, newest message first; what is left after it goes unread. */
const READING_BUDGET_MS = 3000;
/** Time spent rewriting the best sentences in the third person; the summary ends there. */
const WRITING_BUDGET_MS = 1000;

type Sentence = { text: string; speaker: string; order: number; words: Set<string> };

/**
 * An extractive summary: the sentences whose words recur most across the conversation (its
 * topics), in the order they were said, each attributed to its speaker, until the budget is
 * spent. A token is taken as about four characters. Read and written a sentence at a time,
 * letting other requests in between, in at most {@link READING_BUDGET_MS} and
 * {@link WRITING_BUDGET_MS}.
 */
export async function summarize(messages: readonly SpokenMessage[], maxTokens: number): Promise<string> {
  const read: Sentence[][] = messages.map(() => []);
  const reading = timeBudget(READING_BUDGET_MS);
  let timeLeft = true;
  for (let order = messages.length - 1; timeLeft && order >= 0; order--) {
    const message = messages[order] as SpokenMessage;
    for (const piece of sentencePieces(message.content)) {
      timeLeft = await reading.next();
      if (!timeLeft) break;
      const text = piece.trim();
      if (text.split(/\s+/).length < 5 || text.endsWith('?')) continue;
      read[order]?.push({ text, speaker: message.peer_id, order, words: new Set(contentWords(text)) });
    }
  }
  const sentences = read.flat();
  const frequency = new Map<string, number>();
  for (const sentence of sentences) {
    for (const word of sentence.words) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  }
  const scored = sentences
    .map((sentence) => ({
      ...sentence,
      score:
        [...sentence.words].reduce((sum, word) => sum + Math.log1p((frequency.get(word) ?? 1) - 1), 0) /
        Math.sqrt(sentence.words.size + 1),
    }))
    .sort((a, b) => b.score - a.score);
  const chosen: typeof scored = [];
  let budget = maxTokens * 4;
  const writing = timeBudget(WRITING_BUDGET_MS);
  for (const sentence of scored) {
    if (!(await writing.next())) break;
    const line = render(sentence.text, sentence.speaker);
    if (line.length > budget) continue;
    chosen.push({ ...sentence, text: line });
    budget -= line.length + 1;
  }
  return chosen
    .sort((a, b) => a.order - b.order)
    .map((sentence) => sentence.text)
    .join(' ');
}

/** A sentence as the summary tells it: about its speaker, or quoted as theirs when it speaks to someone. */
function render(sentence: string, speaker: string): string {
  if (isFirstPerson(sentence) || addressesListener(sentence)) return toThirdPerson(sentence, speaker);
  return `${speaker}: ${sentence}`;
}
