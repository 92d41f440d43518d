import { nlp } from './nlp.js';

// Words that may come before the verb of a sentence without its subject: "Just moved to Porto".
const LEADING_ADVERBS = /^(?:(?:just|finally|recently|officially|also|then|so|and) )*/i;

/**
 * A chat sentence that leaves out its subject ("Moved to Leeds last month!", "Just started at
 * Deloitte", "Got a job at Google") speaks of its speaker: it is read with "I" before it. Only a
 * verb in the past tense opens such a sentence, as a verb in the present may be an order ("Check
 * out my painting") or about something else ("Sounds great").
 */
export function withDroppedSubject(clause: string): string {
  const adverbs = LEADING_ADVERBS.exec(clause)?.[0] ?? '';
  const rest = clause.slice(adverbs.length);
  if (!/^\p{L}/u.test(rest) || /^I\b/.test(rest)) return clause;
  const first = (nlp(rest).terms().json() as { terms: { tags: string[] }[] }[])[0]?.terms[0];
  if (!first?.tags.includes('PastTense') || first.tags.includes('Noun')) return clause;
  const said = `${adverbs}${rest}`;
  return `I ${said.charAt(0).toLowerCase()}${said.slice(1)}`;
}
