import { TITLES } from './person-titles.js';

/** A saint's, a mountain's or a fort's shortened name, as a pattern's alternatives: "St. Anne's". */
export const PLACE_ABBREVIATIONS = 'St|Mt|Ft';

/**
 * A full stop that ends a clause: not one that shortens a title or a saint's name ("Dr. Okafor",
 * "St. Anne's primary", "Mt. Fuji"), nor one inside a word ("docs.quill.dev", "v2.1").
 */
export const CLAUSE_STOP = String.raw`(?<!\b(?:${PLACE_ABBREVIATIONS}|${TITLES}))\.(?![\p{Ll}\d])`;
