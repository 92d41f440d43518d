/** Which value of a changing fact a question wants: the newest, an earlier one, or either. */
export type Tense = 'current' | 'earlier' | 'any';

/**
 * The tense of a question or query, lower-cased: "where did she live before?" asks of an earlier
 * value, "where does she live?" of the current one, "where did she live?" of either. Read by the
 * offline answers and by search's ranking of slot facts.
 */
export function questionTense(lower: string): Tense {
  if (
    /\b(?:before|previously|used to|formerly|originally|at first|earlier|prior|former|old job|first job|past)\b/.test(
      lower,
    )
  )
    return 'earlier';
  if (/\b(?:now|currently|these days|nowadays|at the moment|still|today|present|current)\b/.test(lower))
    return 'current';
  // "Where does she live?" asks of the present; "where did she live?" may ask of either.
  if (
    /^(?:where|what|who|which|how|is|are|does|do|has|have)\b/.test(lower) &&
    !/\b(?:did|was|were|had)\b/.test(lower)
  )
    return 'current';
  return 'any';
}
