// What people write without its "I" in chat: "got promoted to senior analyst!!", "starting at a
// new place in april", "moved out of my parents' place". A clause that opens with one of these
// verbs, the first word of a message's sentence, has the speaker as its subject.
const OPENS_WITHOUT_I =
  /^(?:(?:just|finally|also|officially|actually|now) )*(?:got|started|moved|joined|quit|left|bought|handed|landed|accepted|signed|relocated|graduated|finished)\b/i;
const OPENS_WITHOUT_I_AM =
  /^(?:(?:just|finally|also|officially|actually|now) )*(?:starting|moving|joining|leaving|renting|working|teaching|studying|living)\b/i;

/**
 * The clause with the "I" its writer left out put back ("got promoted" → "I got promoted",
 * "starting at…" → "I'm starting at…"), so that it reads as the speaker's own statement; any
 * other clause as it is.
 */
export function withDroppedSubject(clause: string): string {
  const text = clause.trim();
  if (OPENS_WITHOUT_I.test(text)) return `I ${lowerFirst(text)}`;
  if (OPENS_WITHOUT_I_AM.test(text)) return `I'm ${lowerFirst(text)}`;
  return clause;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
