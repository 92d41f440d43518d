/**
 * The people and animals in someone's life, as a regular-expression alternation: what "my
 * daughter Lina" or "her boss Maria" names. Learning makes card entries of them ("Daughter:
 * Lina") and the offline answers read who someone is by them.
 */
export const RELATIONS =
  'wife|husband|partner|spouse|boyfriend|girlfriend|fianc[eé]e?|son|daughter|kid|child|sister|brother|sibling|twin|mom|mum|mother|dad|father|stepmom|stepdad|grandma|grandmother|grandpa|grandfather|granddaughter|grandson|aunt|uncle|cousin|niece|nephew|dog|cat|puppy|kitten|horse|parrot|rabbit|hamster|best friend|friend|roommate|flatmate|neighbo[u]?r|boss|manager|coworker|colleague|therapist|doctor|mentor|coach|teacher';

/** Words between a possessive and the relation: "my little sister", "our eldest son". */
export const RELATION_QUALIFIERS = 'little|big|older|younger|eldest|oldest|youngest|new|old|late|baby';

/** A possessive and its qualifier before a relation, as a pattern's opening: "my little ", "Priya's ". */
export const POSSESSIVE_BEFORE_RELATION = String.raw`\b(?:my|our|his|her|their|\p{L}+'s) (?:(?:${RELATION_QUALIFIERS}) )?`;
