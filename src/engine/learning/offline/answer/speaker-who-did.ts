import { upperFirst } from '../../../text/capitals.js';
import type { Question } from '../read-question.js';
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
  const verb = SPEAKER_DOES.exec(withoutSpeaker(evidence).replaceAll('’', "'"))?.[1]?.toLowerCase();
  if (verb === undefined) return null;
  // The question's verbs are lemmas ("own" of "owns"): the speaker's verb is that lemma, or it
  // with an ending, or its irregular past ("drove" of "drive").
  const sameVerb = (lemma: string) =>
    (verb.startsWith(lemma) && verb.length - lemma.length <= 3) || lemmaWords(verb).includes(lemma);
  return question.verbs.some(sameVerb) ? upperFirst(evidence.speaker) : null;
}

/** Whether a "who?" question asks who does something: its first word after a tense is one of its verbs. */
function asksWhoDid(asked: string, question: Question): boolean {
  const first = FIRST_VERB.exec(asked.trim())?.[1];
  return first !== undefined && lemmaWords(first).some((stem) => question.verbs.includes(stem));
}
