import type { Category } from './load-locomo.js';
import { porterStem } from './porter-stem.js';

// Python's string.punctuation, which LoCoMo's scorer removes.
const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;

/**
 * Token F1 of an answer against the gold one, as LoCoMo's task_eval/evaluation.py scores it:
 * commas, punctuation and the words a/an/the/and removed, lower-cased, split on white space,
 * Porter-stemmed. Multi-hop (1) golds list several answers: each comma-separated part scores
 * its best match among the answer's comma-separated parts, and the parts are averaged.
 * Open-domain (3) golds keep only what precedes a ';'. No answer scores 0.
 */
export function answerF1(answer: string | null, gold: string, category: Category): number {
  if (answer === null) return 0;
  if (category === 1) {
    const answers = answer.split(',');
    const golds = gold.split(',');
    const best = golds.map((part) => Math.max(...answers.map((candidate) => tokenF1(candidate, part))));
    return best.reduce((sum, value) => sum + value, 0) / golds.length;
  }
  return tokenF1(answer, category === 3 ? (gold.split(';')[0] ?? gold) : gold);
}

/** Whether an answer declines to answer: what an adversarial question (category 5) calls for. */
export function isRefusal(answer: string | null): boolean {
  return (
    answer === null ||
    answer.trim() === '' ||
    /\b(i don'?t know|no information available|not mentioned)\b/i.test(answer.replaceAll('’', "'"))
  );
}

function tokenF1(answer: string, gold: string): number {
  const predicted = tokens(answer);
  const expected = tokens(gold);
  const remaining = new Map<string, number>();
  for (const token of expected) remaining.set(token, (remaining.get(token) ?? 0) + 1);
  let same = 0;
  for (const token of predicted) {
    const left = remaining.get(token) ?? 0;
    if (left > 0) {
      same += 1;
      remaining.set(token, left - 1);
    }
  }
  if (same === 0) return 0;
  const precision = same / predicted.length;
  const recall = same / expected.length;
  return (2 * precision * recall) / (precision + recall);
}

function tokens(text: string): string[] {
  const normalised = text
    .replaceAll(',', '')
    .toLowerCase()
    .replace(PUNCTUATION, '')
    .replace(/\b(a|an|the|and)\b/g, ' ');
  return normalised
    .split(/\s+/)
    .filter((token) => token.length > 0)
    .map(porterStem);
}
