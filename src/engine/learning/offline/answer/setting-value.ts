import type { Question } from '../read-question.js';
import { lemmaWords } from '../verb-lemmas.js';
import { type Evidence, withoutSpeaker } from './evidence.js';

// Evidence read for a setting: as many as an answer weighs spans from.
const READ = 4;

/**
 * "What line width does Prettier use?" of "Prettier with a line width of 100": the value a
 * sentence gives the thing the question names, read from the best evidence; undefined when none
 * gives one, and the question is read as any other.
 */
export function settingValue(question: Question, ranked: readonly Evidence[]): string | undefined {
  if (question.kind !== 'thing' || question.head === null) return undefined;
  const head = lemmaWords(question.head);
  for (const evidence of ranked.slice(0, READ)) {
    const value = valueAfter(withoutSpeaker(evidence), head);
    if (value !== null) return value;
  }
  return undefined;
}

// A value a setting is given: a number or a version, after "of", "is", "=", ":" or "set to", or none.
const SET_TO =
  /^(?:(?:of|is|are|was|=|:|at|set to|to|now|currently)\s+){0,3}(~?v?\d[\d.]*(?:\s?%|[a-z]{1,3}\b)?)/i;

/**
 * "What line width does Prettier use?" of "a line width of 100", "which Expo SDK is the app on?"
 * of "we're on Expo SDK 52": the number said after the words the question names its thing by
 * (its head), the words in order, one or more of them.
 */
function valueAfter(text: string, head: readonly string[]): string | null {
  const tokens = text.split(/\s+/);
  for (let at = 0; at < tokens.length; at++) {
    let end = at;
    while (end < tokens.length && head.includes(lemmaWords(tokens[end] ?? '')[0] ?? '')) end++;
    if (end === at) continue;
    const value = SET_TO.exec(tokens.slice(end).join(' '))?.[1];
    if (value) return value.replace(/[.,]$/, '');
  }
  return null;
}
