/** The counts people write as words before a unit of time ("a week", "two days"), as numbers. */
export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};

/** The words of {@link NUMBER_WORDS} as a pattern's alternatives: "a|an|one|…|ten". */
export const NUMBER_WORD = Object.keys(NUMBER_WORDS).join('|');
