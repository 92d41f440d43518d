/**
 * A full stop that ends a clause: not one that shortens a title or a saint's name ("Dr. Okafor",
 * "St. Anne's primary", "Mt. Fuji"), nor one inside a word ("docs.quill.dev", "v2.1").
 */
export const CLAUSE_STOP = String.raw`(?<!\b(?:St|Mt|Ft|Dr|Mr|Mrs|Ms|Prof))\.(?![\p{Ll}\d])`;
