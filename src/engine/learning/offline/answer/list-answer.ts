import type { AnswerRequest } from '../../reasoner.js';
import { namedKind, namedThing } from '../named-thing.js';
import { newNounPhrase } from '../noun-phrases.js';
import type { Question } from '../read-question.js';
import { lemmaWords } from '../verb-lemmas.js';
import { askedWords, saysMore } from './asked-words.js';
import { type Evidence, evidenceWords } from './evidence.js';
import { asksPlaces, namedPlaces } from './named-places.js';

// Pieces of evidence, best first, whose things make up a list answer ("what books has she read?"),
// and how much less than the best they may fit.
const LIST_SEARCH = 12;
const LIST_FIT_SLACK = 3;
// How many things one piece of evidence may add ("we went camping and swimming and did pottery").
const THINGS_PER_EVIDENCE = 3;

/**
 * The things the best evidence names, as a list ("Charlotte's Web, Becoming Nicole"), for a
 * question asking for many; null when it names fewer than two.
 */
export function listAnswer(
  question: Question,
  ranked: readonly Evidence[],
  request: AnswerRequest,
): string | null {
  const asked = askedWords(question, request);
  // Things of the kind asked may end with its noun ("marching event"), never with a peer's name.
  const names = new Set([...lemmaWords(request.about), ...lemmaWords(request.peer), 'other']);
  const things = new Set<string>();
  const fitting = (ranked[0]?.fit ?? 0) - LIST_FIT_SLACK;
  const placesAsked = asksPlaces(question.head);
  for (const evidence of ranked.slice(0, LIST_SEARCH).filter(({ fit }) => fit >= fitting)) {
    const words = evidenceWords(evidence, question);
    // "Which cities has he visited?" is answered by the places named, not by whatever else they name.
    if (placesAsked) {
      for (const place of namedPlaces(words)) {
        if (saysMore(place, question, request) !== null) things.add(place);
      }
      continue;
    }
    const thing =
      question.head === null
        ? null
        : (namedThing(words, question.head) ?? namedKind(words, question.head, true));
    for (const each of thing === null ? newNounPhrases(words, asked, names) : [thing]) things.add(each);
  }
  // One place is an answer too: the question asked for places, and the evidence names only one.
  return things.size > (placesAsked ? 0 : 1) ? [...things].join(', ') : null;
}

/**
 * The first few things a sentence names that the question did not, each read as
 * {@link newNounPhrase} reads the first, with the words of those found before treated as asked.
 */
function newNounPhrases(words: string, asked: ReadonlySet<string>, names: ReadonlySet<string>): string[] {
  const found: string[] = [];
  const seen = new Set(asked);
  while (found.length < THINGS_PER_EVIDENCE) {
    const phrase = newNounPhrase(words, seen, names);
    if (phrase === null) break;
    found.push(phrase);
    for (const word of lemmaWords(phrase)) seen.add(word);
  }
  return found;
}
