/**
 * SQL for a tsquery matching any of the words of the text in parameter `$n` (stemmed,
 * stopwords out). A question rarely repeats every word of what answers it, so its words are
 * OR-ed; ranking then favours the texts that hold more of them, closer together.
 */
export const anyWordQuery = (parameter: number) =>
  `replace(plainto_tsquery('english', $${parameter})::text, ' & ', ' | ')::tsquery`;
