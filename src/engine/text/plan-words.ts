/**
 * Words that call a plan off or put it back: "we cancelled the Japan trip", "we're NOT moving to
 * Toronto after all", "the wedding is postponed to spring". A plan said before them no longer holds.
 */
export const CALLED_OFF =
  /\b(?:cancel(?:l?ed|l?ing|s)?|call(?:ed|ing)? (?:it |the \w+ )?off|postpon(?:e|ed|ing)|put (?:it )?off|push(?:ed)? (?:it |the \w+ )?back|scrapp(?:ed|ing)|fell through|fallen through|not (?:going|moving|happening|doing it) (?:any ?more|anymore)|no longer (?:going|moving|happening|planning)|turned (?:it |the \w+ )?down|reschedul(?:e|ed|ing))\b/i;
