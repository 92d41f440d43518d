import type { SpokenMessage } from '../reasoner.js';
import { contentWords } from './content-words.js';
import { nlp } from './nlp.js';
import { isFirstPerson, toThirdPerson } from './third-person.js';

/**
 * An extractive summary: the sentences whose words recur most across the conversation (its
 * topics), in the order they were said, each attributed to its speaker, until the budget is
 * spent. A token is taken as about four characters.
 */
export function summarize(messages: readonly SpokenMessage[], maxTokens: number): string {
  const sentences = messages.flatMap((message, order) =>
    (nlp(message.content).sentences().out('array') as string[])
      .map((text) => text.trim())
      .filter((text) => text.split(/\s+/).length >= 5 && !text.endsWith('?'))
      .map((text) => ({ text, speaker: message.peer_id, order, words: new Set(contentWords(text)) })),
  );
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
  for (const sentence of scored) {
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

function render(sentence: string, speaker: string): string {
  return isFirstPerson(sentence) ? toThirdPerson(sentence, speaker) : `${speaker}: ${sentence}`;
}
