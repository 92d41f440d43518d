import { MONTHS, WEEKDAYS } from '../../../text/calendar-words.js';
import type { Question } from '../read-question.js';

/** A sentence of a retrieved message, or an observation, weighed against the question. */
export type Evidence = {
  text: string;
  /** Who said it; null for an observation, which is about the peer asked of. */
  speaker: string | null;
  occurredAt: string | null;
  /** The whole message a sentence was read from; absent for an observation. */
  message?: string;
  rank: number;
  /** How well it fits the question: its shared nouns, verbs and words, and the days it speaks of. */
  fit: number;
};

/** Evidence as it is read, before it is weighed against the question. */
export type Unweighed = Omit<Evidence, 'fit'>;

const MONTH = MONTHS.join('|');
const WEEKDAY = WEEKDAYS.join('|');
// A date learning wrote into a fact ("on 20 May 2023", "the week before 9 June 2023"): no part
// of an answer to a question that does not ask when.
const WRITTEN_DATE = new RegExp(
  String.raw`,?\s*\(?\b(?:(?:on|in|by|around|during) )?(?:(?:the (?:week|weekend|month)|(?:a few|a couple of|several|some|many) (?:day|week|month|year)s) (?:before|after) )?(?:(?:(?:${WEEKDAY}) )?\d{1,2} (?:${MONTH}) \d{4}|(?:${MONTH}|spring|summer|autumn|winter) \d{4})\b\)?,?`,
  'gi',
);

/**
 * The words of a piece of evidence, without the "name: " of a message's sentence, and without
 * the dates in it unless the question asks when.
 */
export function evidenceWords(evidence: Evidence, question: Question): string {
  const said = withoutSpeaker(evidence);
  if (question.kind === 'time') return said;
  return said
    .replace(WRITTEN_DATE, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** The words of a piece of evidence without the "name: " a message's sentence begins with. */
export function withoutSpeaker(evidence: Evidence): string {
  return evidence.text.replace(/^[^:]{1,80}: /, '');
}
