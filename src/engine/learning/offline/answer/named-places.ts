import { nlp } from '../nlp.js';

// The nouns of a question that asks for places by name: "which cities has he visited?", "what
// European countries has she been to?", "what states has she vacationed in?".
const PLACE_NOUN = /^(?:city|cities|country|countries|state|states|town|towns)$/;

/** Whether a "which <noun>?" question's noun asks for places by name ("cities", "European countries"). */
export function asksPlaces(head: string | null): boolean {
  return PLACE_NOUN.test(head?.split(' ').at(-1) ?? '');
}

/**
 * The places a text names as its tagger reads them ("Paris", "downtown"), without the stop or
 * comma compromise keeps after them and without its "St." of "St. Thomas' Hospital" read as a
 * place of its own.
 */
export function placesIn(text: string): string[] {
  return (nlp(text).places().out('array') as string[])
    .map((place) => place.replace(/[.,!?;:]+$/, ''))
    .filter((place) => !/^(?:St|Mt|Ft)$/.test(place));
}

/** The places a text names by name ("Paris", "Spain", "Florida"): one in lower case ("it's downtown") names none. */
export function namedPlaces(text: string): string[] {
  return placesIn(text).filter((place) => /^\p{Lu}/u.test(place));
}
