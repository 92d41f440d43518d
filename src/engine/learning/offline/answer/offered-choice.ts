import { lemmaWords } from '../verb-lemmas.js';
import type { Evidence } from './evidence.js';

// "…close to a beach or the mountains?": what follows "or" up to the question mark is one thing
// offered; the other is as many words before "or", as people offer two things alike.
const OFFERED = /^(.*?)\s+or\s+([^?]{2,40})\?\s*$/i;
const ARTICLE = /^(?:a|an|the|some)\s+/i;

/**
 * The answer to a question offering two things ("does he live close to a beach or the
 * mountains?", "would she rather visit a national park or a theme park?"): the one the evidence
 * speaks of more, told without its article ("beach"); "yes" answers neither. Null when the
 * question offers no two things or the evidence speaks of both, or of neither, as much.
 */
export function offeredChoice(asked: string, evidence: readonly Evidence[]): string | null {
  const match = OFFERED.exec(asked);
  if (!match?.[1] || !match[2]) return null;
  const second = match[2].trim();
  const before = match[1].trim().split(/\s+/);
  const first = before.slice(-second.split(/\s+/).length).join(' ');
  const [firstOwn, secondOwn] = [ownWords(first, second), ownWords(second, first)];
  if (firstOwn.length === 0 || secondOwn.length === 0) return null;
  const texts = evidence.map((item) => new Set(lemmaWords(item.text)));
  const mentions = (words: string[]) => texts.filter((held) => words.some((word) => held.has(word))).length;
  const [firstCount, secondCount] = [mentions(firstOwn), mentions(secondOwn)];
  if (firstCount === secondCount) return null;
  return (firstCount > secondCount ? first : second).replace(ARTICLE, '');
}

/** The words of one thing offered that the other does not share: "national" of "a national park". */
function ownWords(offered: string, other: string): string[] {
  const shared = new Set(lemmaWords(other));
  return lemmaWords(offered.replace(ARTICLE, '')).filter((word) => !shared.has(word));
}
