import { nlp } from './nlp.js';
import { lemmaWords } from './verb-lemmas.js';

// Adjectives that count or order rather than describe: "all the hard work", "the first time".
const NOT_DESCRIBING = new Set(
  'all many much more most other own same such few last next first new old big little'.split(' '),
);
// "How did he describe the trip?" is answered in a few words: "peaceful and awesome".
const MAX_WORDS = 3;

/**
 * The words a sentence describes something with, that the question did not say (`asked`, as
 * lemmas): "How did she describe the dog she met?" of "he was so friendly and playful!" is
 * "friendly and playful". Null when the sentence describes nothing.
 */
export function describingWords(sentence: string, asked: ReadonlySet<string>): string | null {
  const words = (nlp(sentence).adjectives().out('array') as string[])
    .map((word) => word.replace(/[^\p{L}\p{N}-]+$/u, ''))
    .filter((word) => {
      const lemmas = lemmaWords(word);
      return (
        lemmas.length > 0 &&
        !NOT_DESCRIBING.has(word.toLowerCase()) &&
        !lemmas.every((lemma) => asked.has(lemma))
      );
    });
  return words.length === 0 ? null : words.slice(0, MAX_WORDS).join(' and ');
}
