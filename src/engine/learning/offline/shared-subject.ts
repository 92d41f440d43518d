import { nlp } from './nlp.js';

type Term = { text: string; normal: string; tags: string[] };

const JOINS = new Set(['and', 'but']);

/**
 * "I live in Lisbon and work as a teacher" states two facts, the second without its subject:
 * the clause is split where "and" or "but" is followed by a verb (tagged in the sentence, so
 * "I love pasta and pizza" stays whole), and the speaker's subject is given to each part ("I
 * work as a teacher"). A clause whose subject is not the speaker ("I" or "we") is kept whole.
 */
export function splitSharedSubject(clause: string): string[] {
  if (!/\b(?:and|but)\b/i.test(clause)) return [clause];
  const subject = /^(?:[\w'-]+[:,;!]? ){0,4}?(I|we|We)\b/.exec(clause)?.[1];
  if (subject === undefined) return [clause];
  const terms = (nlp(clause).terms().json() as { terms: Term[] }[]).flatMap(({ terms }) => terms);
  const parts: string[] = [];
  let start = 0;
  let searchFrom = 0;
  for (const [i, term] of terms.entries()) {
    if (!JOINS.has(term.normal)) continue;
    const at = wordAt(clause, term.normal, searchFrom);
    if (at === -1) break;
    searchFrom = at + term.normal.length;
    if (i === 0 || !startsVerbPhrase(terms, i + 1)) continue;
    const before = clause.slice(start, at).replace(/[\s,;]+$/, '');
    // A verb must come before the join too: "my wife and I moved" joins subjects, not facts.
    if (!terms.slice(0, i).some((earlier) => isVerb(earlier))) continue;
    parts.push(before);
    start = at + term.normal.length;
  }
  if (parts.length === 0) return [clause];
  parts.push(clause.slice(start));
  return parts.map((part, i) => {
    const text = part.trim();
    const whole = i === 0 ? text : `${subject === 'We' ? 'we' : subject} ${text}`;
    return /[.!?]$/.test(whole) ? whole : `${whole}.`;
  });
}

/** A verb, perhaps after "never", "also", "now": not a gerund, which lists activities ("hiking and swimming"). */
function startsVerbPhrase(terms: readonly Term[], at: number): boolean {
  for (let i = at; i < Math.min(terms.length, at + 3); i++) {
    const term = terms[i];
    if (term === undefined) return false;
    if (isVerb(term)) return true;
    if (!term.tags.includes('Adverb') && !term.tags.includes('Negative')) return false;
  }
  return false;
}

function isVerb(term: Term): boolean {
  return term.tags.includes('Verb') && !term.tags.includes('Gerund');
}

/** Where `word` next stands as a whole word in `text`, from `from` on; -1 when it does not. */
function wordAt(text: string, word: string, from: number): number {
  const found = new RegExp(String.raw`\b${word}\b`, 'gi');
  found.lastIndex = from;
  return found.exec(text)?.index ?? -1;
}
