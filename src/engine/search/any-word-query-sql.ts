/**
 * SQL for a tsquery matching any of the words of the text in parameter `$n`, which Postgres
 * stems (stopwords out); `anyLexemeQuery` takes words stemmed already. A question rarely repeats every word of what answers it, so its words are
 * OR-ed; ranking then favours the texts that hold more of them, closer together. The text is a
 * `boundedQuery`: Postgres parses an OR of thousands of words into a tree as deep.
 */
export const anyWordQuerySql = (parameter: number) =>
  `replace(plainto_tsquery('english', $${parameter})::text, ' & ', ' | ')::tsquery`;
