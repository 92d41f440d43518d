const AGE = /\b(\d{1,3}) years? old\b|\bturned (\d{1,3})\b|\bage (?:of )?(\d{1,3})\b|\bis (\d{1,3})\b/i;

/** The answer to "how old?": the number of years the text gives as an age. */
export function ageSpan(text: string): string | null {
  const age = AGE.exec(text);
  return age ? (age[1] ?? age[2] ?? age[3] ?? age[4] ?? null) : null;
}
