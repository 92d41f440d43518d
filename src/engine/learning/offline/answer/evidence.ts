import { MONTHS, WEEKDAYS } from '../../../text/calendar-words.js';
import type { Question } from '../read-question.js';
import { sentencePieces } from '../sentence-pieces.js';

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
/**
 * What learning writes before a day that something is said relative to: "the week before", "the
 * weekend after", "a few years before", "the week of" (9 June 2023).
 */
export const SAID_RELATIVE_TO =
  '(?:(?:[Tt]he (?:week|weekend|month)|(?:[Aa] few|[Aa] couple of|[Ss]everal|[Ss]ome|[Mm]any) (?:day|week|month|year)s) (?:before|after) |[Tt]he week of )';

// A date learning wrote into a fact ("on 20 May 2023", "the week before 9 June 2023"): no part
// of an answer to a question that does not ask when.
const WRITTEN_DATE = new RegExp(
  String.raw`,?\s*\(?\b(?:(?:on|in|by|around|during) )?${SAID_RELATIVE_TO}?(?:(?:(?:${WEEKDAY}) )?\d{1,2} (?:${MONTH}) \d{4}|(?:${MONTH}|spring|summer|autumn|winter) \d{4})\b\)?,?`,
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
  return withoutSpeakerName(evidence.text);
}

/** A sentence of evidence without the "name: " it begins with, when it is a message's. */
export function withoutSpeakerName(text: string): string {
  return text.replace(/^[^:]{1,80}: /, '');
}

// How much of a long message is read for the sentences beside a piece of evidence.
const BESIDE_CHARS = 2000;
// How many sentences of a message are read on either side of the evidence.
const BESIDE_REACH = 3;

/**
 * The other sentences of the message a piece of evidence was read from, nearest first and the
 * one before first at the same distance: where people say when, or what a thing is named
 * ("I got a puppy! Her name's Coco."). Questions asked in them are left out: they say nothing.
 */
export function sentencesBeside(evidence: Evidence): string[] {
  if (evidence.message === undefined) return [];
  const sentences = [...sentencePieces(evidence.message.slice(0, BESIDE_CHARS))].map((sentence) =>
    sentence.trim(),
  );
  const at = sentences.indexOf(withoutSpeaker(evidence));
  if (at < 0) return [];
  const beside: string[] = [];
  for (let distance = 1; distance <= BESIDE_REACH; distance++) {
    for (const sentence of [sentences[at - distance], sentences[at + distance]]) {
      if (sentence !== undefined && !sentence.endsWith('?')) beside.push(sentence);
    }
  }
  return beside;
}
