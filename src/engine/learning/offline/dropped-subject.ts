// What chat puts before a statement without making it anyone else's: "update: ", "btw ", "oh and ".
const LEAD = /^(?:(?:update|news|news from me|btw|fyi|ps|oh|also|and|so|anyway|well)\b[:!,.]*\s+)*/i;
// Words between the dropped subject and its verb: "still teaching maths", "just moved to Leith".
const ADVERBS = '(?:(?:still|now|just|finally|currently|also|officially|recently|actually) )*';
// Verbs of a fact about one's life that chat says without "I'm": "joining Intercom in June",
// "based in Leipzig", "married to Jana", "still teaching maths at the high school".
const AFTER_I_AM = new RegExp(
  `^${ADVERBS}(?:living|based|staying|settled|working|joining|starting|teaching|studying|renting|married|engaged|retiring|leaving|quitting)\\b`,
);
// And without "I": "moved to Leith last week", "quit Stripe", "retired last year" (a time said
// with it makes "retired" the past of a verb, not what one is now), "left Infosys" (a place
// left has a name: "left turn at the lights" is no one leaving).
const AFTER_I = new RegExp(
  `^${ADVERBS}(?:moved|relocated|retired|quit|joined|started|left(?= (?:my |the )?\\p{Lu})|got|signed|bought|adopted|rescued)\\b`,
  'u',
);

/**
 * A clause of chat that drops its subject ("joining Intercom as head of delivery in June", "Married
 * to Jana") with the speaker's "I" given back, so it is read as the statement it is; any other
 * clause as it is. Only verbs of the facts a card keeps are read so: "moving on, …" or "left
 * turn at the lights" stay as they are.
 */
export function withDroppedSubject(clause: string): string {
  const lead = LEAD.exec(clause)?.[0] ?? '';
  const rest = clause.slice(lead.length);
  const verbFirst = rest.charAt(0).toLowerCase() + rest.slice(1);
  if (AFTER_I_AM.test(verbFirst)) return `${lead}I'm ${verbFirst}`;
  if (AFTER_I.test(verbFirst)) return `${lead}I ${verbFirst}`;
  return clause;
}
