import type { Question } from '../read-question.js';
import { lemmaWords } from '../verb-lemmas.js';

/** How well a text fits a question; `held` is the text's lemmas, when the caller has them already. */
export type Fit = (text: string, held?: Set<string>) => number;

/**
 * How well a text fits the question: its nouns count twice, then its verbs and every word; zero
 * when the text holds none of the question's nouns (or, without nouns, of its verbs, or without
 * either, not all its words): sharing "favourite" does not answer "what is her favourite food?".
 */
export function questionFit(question: Question): Fit {
  const anchors = new Set(question.anchors);
  const verbs = new Set(question.verbs);
  const words = new Set(question.words);
  return (text, held = new Set(lemmaWords(text))) => {
    const sharedAnchors = [...anchors].filter((word) => held.has(word)).length;
    const sharedVerbs = [...verbs].filter((word) => held.has(word)).length;
    const shared = [...words].filter((word) => held.has(word)).length;
    const supported =
      anchors.size > 0
        ? sharedAnchors > 0
        : verbs.size > 0
          ? sharedVerbs > 0
          : shared === words.size && shared > 0;
    return supported ? 2 * sharedAnchors + sharedVerbs + shared : 0;
  };
}
