import type { AnswerRequest } from '../../reasoner.js';
import type { Question } from '../read-question.js';
import { lemmaWords } from '../verb-lemmas.js';

// What joins the rest to the words cut ("…is the key", "old area was hit by a flood"): no part of it.
const JOINING = /^(?:and|but|so|that|which|who|is|are|was|were|am|been|being|be)$/i;
// Fewer of the question's words than this before the rest may be the answer's own subject.
const LEAD_WORDS = 2;

/**
 * A span without the words it begins with that only say the question again: "still working on
 * opening a dance studio" answers "what is Jon working on opening?" with "a dance studio". Words
 * of no meaning among them go too, but not those just before the rest ("a dance studio"), nor
 * those that join the rest to them ("creating an experience for customers is the key…"). The
 * span is kept whole when fewer than {@link LEAD_WORDS} of the question's words lead it, or when
 * nothing would be left.
 */
export function withoutAskedLead(span: string, question: Question, request: AnswerRequest): string {
  const asked = new Set([...question.words, ...lemmaWords(`${request.peer} ${request.about}`)]);
  const words = span.split(/\s+/);
  let cut = 0;
  let repeated = 0;
  for (const word of words) {
    const stems = lemmaWords(word);
    if (!stems.every((stem) => asked.has(stem))) break;
    repeated += stems.length;
    cut += 1;
  }
  while (cut > 0 && lemmaWords(words[cut - 1] ?? '').length === 0) cut -= 1;
  if (repeated < LEAD_WORDS) return span;
  while (cut < words.length && JOINING.test(words[cut] ?? '')) cut += 1;
  return cut >= words.length ? span : words.slice(cut).join(' ');
}
