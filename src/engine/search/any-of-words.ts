/**
 * A tsquery, as text, matching any of these lexemes (words as Postgres stemmed them, from a
 * tsvector). Each is quoted, its quotes doubled and backslashes escaped, so none is read as an
 * operator.
 */
export function anyOfWords(words: readonly string[]): string {
  return words.map((word) => `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`).join(' | ');
}
