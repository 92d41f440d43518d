/**
 * A tsquery, as text, matching any of these lexemes: words Postgres has stemmed already (from a
 * tsvector), unlike `anyWordQuerySql`, SQL that has Postgres stem the words of a text. Each is
 * quoted, its quotes doubled and backslashes escaped, so none is read as an operator.
 */
export function anyLexemeQuery(lexemes: readonly string[]): string {
  return lexemes.map((lexeme) => `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`).join(' | ');
}
