import { PLACE_ABBREVIATIONS } from '../../../text/clause-stop.js';
import type { AnswerRequest } from '../../reasoner.js';
import type { Question } from '../read-question.js';
import { saysMore } from './asked-words.js';
import { placesIn } from './named-places.js';
import { saysTime } from './said-time.js';

// The phrase after "at", "in", "to" or "near", whose "St." or "Mt." does not end it, nor a full
// stop inside a word ("docs.quill.dev").
const AFTER_PREPOSITION = new RegExp(
  String.raw`\b(?:at|in|to|near) ((?:the |a |an )?(?:(?:${PLACE_ABBREVIATIONS})\. |\.(?=[\p{Ll}\d])|[\p{L}\d' -]){2,40}?)(?=[,;!?]|\.(?![\p{Ll}\d])| (?:in|on|with|for|last|this|next|when|and|but|at)\b|$)`,
  'gu',
);
// The same after a word that leaves a place: "retiring from the pharmacy", "left the bank".
const AFTER_LEAVING = new RegExp(
  String.raw`\b(?:from|out of|left|leaving|quit|quitting) ((?:the |a |an )?(?:(?:${PLACE_ABBREVIATIONS})\. |[\p{L}\d' -]){2,40}?)(?=[.,;!?]| (?:in|on|with|for|last|this|next|when|and|but|at|to)\b|$)`,
  'gu',
);

/**
 * The answer to "where?": the first place the text names that the question did not ("What
 * country is her grandma from?" of "...in her home country, Sweden": not "country"), of the
 * tense asked ({@link inTense}), else the phrase after "at", "in", "to" or "near" that is no
 * time ("moved to thursday the 11th", "retiring at christmas" name no place) and says more than
 * the question ("where did Lou live before Glasgow?" of "Lou lives in Glasgow"), else the one after
 * a word that leaves a place ("retiring from the pharmacy": she works there still, or did). Asked
 * of "before", the place left comes first: "left the bank, I'm teaching at a school now".
 */
export function placeSpan(text: string, question: Question, request: AnswerRequest): string | null {
  const places = placesIn(text).filter((place) => saysMore(place, question, request) !== null);
  const phrase = (pattern: RegExp) =>
    [...text.matchAll(pattern)]
      .map((match) => match[1] ?? '')
      .find((found) => !saysTime(found) && saysMore(found, question, request) !== null);
  const left = question.tense === 'earlier' ? phrase(AFTER_LEAVING) : undefined;
  return inTense(places, text, question.tense) ?? left ?? phrase(AFTER_PREPOSITION) ?? null;
}

// What comes before a place that was left: "moved out of Manchester", "we came from Porto".
const LEFT = /\b(?:from|out of|left|leaving)\s+(?:the\s+)?$/i;

/**
 * Of the places a sentence names, the one of the tense asked: "where does she live?" of "we moved
 * out of Manchester, we're in Leeds now" is not the place left, and "where did she live before?"
 * is, when the sentence names one.
 */
function inTense(places: readonly string[], text: string, tense: Question['tense']): string | undefined {
  const left = (place: string) => LEFT.test(text.slice(0, Math.max(0, text.indexOf(place))));
  if (tense === 'current') return places.find((place) => !left(place));
  if (tense === 'earlier') return places.find(left) ?? places[0];
  return places[0];
}
