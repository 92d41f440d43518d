import { upperFirst } from '../../../text/capitals.js';
import type { Question } from '../read-question.js';
import { sentencePieces } from '../sentence-pieces.js';
import { lemmaWords } from '../verb-lemmas.js';
import { type Evidence, withoutSpeaker } from './evidence.js';

// The speaker doing something: "I", its tense or modal ("I'll own", "I'm taking", "I've taken",
// "I can take"), an adverb ("I just took") and the verb.
const SPEAKER_DOES =
  /^I(?:'ll|'m|'ve|'d|\s+(?:will|can|could|am|have|would|shall))?\s+(?:(?:going to|just|now|also|still|currently|already)\s+)?([a-z]+)\b/i;

// A "who?" question's first verb, after at most a tense: "who owns…", "who is picking…", "who will drive…".
const FIRST_VERB =
  /^who(?:'s|'ll)?\s+(?:(?:is|was|are|were|will|has|had|have)\s+)?(?:(?:be|been|going to)\s+)?([a-z]+)/i;

/**
 * "Who owns the payments queue?" of Sara's "I own the payments queue this week", or of Raj's
 * "I'll own the ticket from here": whoever says in the first person, in any tense, that they do
 * what is asked of is the answer, not the words they say it in. Only a question asking who does
 * something is answered so: "who did Nina escalate it to?" of Nina's "I've escalated it to Raj"
 * asks of someone else, whose first word after "who" is no verb of it.
 */
export function speakerWhoDid(asked: string, question: Question, evidence: Evidence): string | null {
  if (evidence.speaker === null || !asksWhoDid(asked, question)) return null;
  const sentence = withoutSpeaker(evidence);
  // "Design handed over the onboarding screens. I'll build them in 2.5": the thing named, then
  // done by the speaker to "them" in the sentence after.
  const next = sentenceAfter(evidence.message, sentence);
  const doesIt = next !== undefined && SPEAKER_DOES_IT.test(next.replaceAll('’', "'"));
  return doesAsked(sentence, question) || (doesIt && doesAsked(next, question))
    ? upperFirst(evidence.speaker)
    : null;
}

// The speaker doing it to what was named before: "I'll build them", "I can take it".
const SPEAKER_DOES_IT = new RegExp(`${SPEAKER_DOES.source}\\s+(?:it|them|that|those|these)\\b`, 'i');

/** Whether a sentence has the speaker do what the question asks of. */
function doesAsked(sentence: string, question: Question): boolean {
  const verb = SPEAKER_DOES.exec(sentence.replaceAll('’', "'"))?.[1]?.toLowerCase();
  if (verb === undefined) return false;
  // The question's verbs are lemmas ("own" of "owns"): the speaker's verb is that lemma, or it
  // with an ending, or its irregular past ("drove" of "drive").
  const sameVerb = (lemma: string) =>
    (verb.startsWith(lemma) && verb.length - lemma.length <= 3) || lemmaWords(verb).includes(lemma);
  return question.verbs.some(sameVerb);
}

/** The sentence of a message after the one given, if any. */
function sentenceAfter(message: string | undefined, sentence: string): string | undefined {
  if (message === undefined) return undefined;
  const sentences = [...sentencePieces(message)].map((piece) => piece.trim());
  const at = sentences.indexOf(sentence);
  return at < 0 ? undefined : sentences[at + 1];
}

/** Whether a "who?" question asks who does something: its first word after a tense is one of its verbs. */
function asksWhoDid(asked: string, question: Question): boolean {
  const first = FIRST_VERB.exec(asked.trim())?.[1];
  return first !== undefined && lemmaWords(first).some((stem) => question.verbs.includes(stem));
}
