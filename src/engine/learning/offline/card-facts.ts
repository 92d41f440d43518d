/** A stable fact fit for a peer card, and the slot in which a newer value replaces an older one. */
export type CardFact = { slot: string | null; entry: string };

// A value runs to the end of its clause.
const END = String.raw`(?=[.,!?;:]|$|\s(?:and|but|because|so|since|when|with|for|which|who)\b)`;
const NAME = String.raw`([A-Z][\w'-]+(?: [A-Z][\w'-]+)?)`;
const PHRASE = String.raw`((?:[\w'-]+ ){0,4}[\w'-]+)`;
const RELATIONS =
  'wife|husband|partner|boyfriend|girlfriend|fianc[eé]e?|son|daughter|sister|brother|mom|mother|dad|father|grandma|grandmother|grandpa|grandfather|dog|cat|puppy|best friend|roommate|boss';
const ROLES =
  'teacher|engineer|nurse|doctor|student|developer|designer|writer|artist|counselor|counsellor|manager|lawyer|chef|musician|photographer|scientist|researcher|programmer|accountant|consultant|therapist|painter|singer|dancer|athlete|entrepreneur|veteran|volunteer|mentor|parent|mom|dad|mother|father';

type Pattern = { pattern: RegExp; fact(match: RegExpExecArray): CardFact };

const PATTERNS: readonly Pattern[] = [
  {
    pattern: new RegExp(String.raw`\bmy name is ${NAME}`),
    fact: (m) => ({ slot: 'name', entry: `Name: ${m[1]}` }),
  },
  {
    pattern: /\bI(?:'m| am) (\d{1,3}) years? old\b/i,
    fact: (m) => ({ slot: 'age', entry: `Age: ${m[1]}` }),
  },
  {
    pattern: new RegExp(String.raw`\bI(?:'m| am)? (?:live|living|based) in ${NAME}`),
    fact: (m) => ({ slot: 'lives_in', entry: `Lives in: ${m[1]}` }),
  },
  {
    pattern: new RegExp(String.raw`\bI(?:'m| am| come) from ${NAME}`),
    fact: (m) => ({ slot: 'from', entry: `From: ${m[1]}` }),
  },
  {
    pattern: new RegExp(String.raw`\bI moved (?:here |back )?from ${NAME}`),
    fact: (m) => ({ slot: 'from', entry: `From: ${m[1]}` }),
  },
  {
    pattern: new RegExp(String.raw`\bI (?:work|am working|'m working) (as an?|at|for) ${PHRASE}${END}`, 'i'),
    fact: (m) => ({ slot: 'work', entry: `Works ${m[1]?.startsWith('as') ? 'as' : 'at'}: ${m[2]}` }),
  },
  {
    pattern: new RegExp(String.raw`\bI(?:'m| am) an? ((?:[\w-]+ ){0,2}(?:${ROLES}))\b`, 'i'),
    fact: (m) => ({ slot: 'role', entry: `Is: a ${m[1]}` }),
  },
  {
    pattern: /\bI(?:'m| am) (single|married|engaged|divorced|widowed|in a relationship)\b/i,
    fact: (m) => ({ slot: 'relationship_status', entry: `Relationship: ${m[1]}` }),
  },
  {
    pattern: new RegExp(
      String.raw`\bmy (${RELATIONS})(?:'s name is| is called| is named| named|,)? ${NAME}`,
      'i',
    ),
    fact: (m) => ({ slot: null, entry: `${capitalise(m[1] ?? '')}: ${m[2]}` }),
  },
  {
    pattern: new RegExp(String.raw`\bmy favou?rite ([\w-]+(?: [\w-]+)?) (?:is|are) ${PHRASE}${END}`, 'i'),
    fact: (m) => ({ slot: `favorite:${m[1]?.toLowerCase()}`, entry: `Favorite ${m[1]}: ${m[2]}` }),
  },
  {
    pattern: new RegExp(
      String.raw`\bI(?: really| absolutely)? (?:love|like|enjoy|adore) ${PHRASE}${END}`,
      'i',
    ),
    fact: (m) => ({ slot: null, entry: `Likes: ${m[1]}` }),
  },
  {
    pattern: new RegExp(
      String.raw`\bI(?: really)? (?:hate|dislike|can't stand|don't like) ${PHRASE}${END}`,
      'i',
    ),
    fact: (m) => ({ slot: null, entry: `Dislikes: ${m[1]}` }),
  },
  {
    pattern: new RegExp(String.raw`\bI(?:'m| am) allergic to ${PHRASE}${END}`, 'i'),
    fact: (m) => ({ slot: null, entry: `Allergic to: ${m[1]}` }),
  },
  {
    pattern: new RegExp(String.raw`\bI prefer ${PHRASE}${END}`, 'i'),
    fact: (m) => ({ slot: null, entry: `Prefers: ${m[1]}` }),
  },
];

/** The card facts a first-person sentence states, if any: "I live in Lisbon" gives "Lives in: Lisbon". */
export function findCardFact(sentence: string): CardFact | null {
  const text = sentence.replaceAll('’', "'");
  for (const { pattern, fact } of PATTERNS) {
    const match = pattern.exec(text);
    if (match) return fact(match);
  }
  return null;
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}
