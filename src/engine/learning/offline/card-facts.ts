import { MONTHS } from '../../text/calendar-words.js';
import { capitalised } from '../../text/capitals.js';
import { EMAIL_ADDRESS } from '../../text/email-address.js';
import { PERSON_TITLE } from '../../text/person-titles.js';
import { RELATIONS } from '../../text/relation-words.js';
import { favoriteSlot, type Slot } from '../../text/slot-vocabulary.js';

/**
 * A fact fit for a peer card, and the slot in which a newer value replaces an older one. An
 * entry of null ends the slot's value without a new one ("I quit Acme", "I no longer live in
 * Berlin"): the old entry leaves the card, and stays in memory as history.
 */
export type CardFact = { slot: Slot | null; entry: string | null };

// The speaker as the subject, alone or with others: "I", "we", "my wife and I", "Dan and I".
const SPEAKER = String.raw`(?:\bI|\b[Ww]e|\b(?:[Mm]y [\w-]+(?: [\w-]+)?|[A-Z][\w-]+) and I)`;
// Words people put between the subject and the verb of a changed fact.
const ADVERBS = `(?:(?:just|now|still|recently|finally|currently|officially|also|actually|since|then|eventually|have|'ve|had|'d) )*`;
const BE = `(?:'m|'re| am| are)`;
// How one works, said after the verb: "I'm working remotely for Spotify".
const WORK_MANNER = '(?:(?:remotely|full[- ]time|part[- ]time|freelance|from home|mostly|mainly) )?';
// What one does for fun, not for a living ("I do yoga at the community centre"), and words that
// name no work ("I do it for fun"); lower-case only, as "I do IT for a law firm" is work.
const NOT_WORK =
  /^(?:yoga|pilates|karate|judo|boxing|crossfit|zumba|ballet|dance|swimming|running|climbing|volunteering|shopping|homework|it|this|that|the|a|an|some|my|what|stuff|things|nothing|everything|lunch|dinner|breakfast|drinks)\b/;
// "I", "I'm", "I've been": the forms before a verb of the speaker's present.
const I_AM = String.raw`\bI(?:'m| am|'ve been| have been)?`;
// A proper name of one to four words ("Porto", "Santa Maria Hospital", "University of Leeds").
const NAME = String.raw`((?:the )?\p{Lu}[\p{L}\p{M}\d_'.&-]*(?: (?:of |de |da |del |on |upon )?\p{Lu}[\p{L}\p{M}\d_'.&-]*){0,3})`;
// One word of a person's name, accents and all ("Théo", "Inês").
const NAME_WORD = String.raw`\p{Lu}[\p{L}\p{M}'-]+`;
// A name followed by the kind of place it is, lower-cased ("the Charité hospital", "Nordic Bank branch").
const PLACE_NAME = `(${NAME.slice(1, -1)}(?: (?:hospital|clinic|school|university|college|bank|office|store|shop|restaurant|café|cafe|hotel|agency|lab|studio|branch|headquarters|HQ))?)`;
// A value runs to the end of its clause, or to a time said after it ("as head of delivery in June").
const CLAUSE_END = String.raw`(?=\s*(?:[.,!?;:()]|$|\s-\s|\s(?:and|but|because|so|since|when|while|which|that|who|where|after|before|until|till|though|although|like|as well|for|this|last|next|these|every|to|with|now|in \d|in (?:${MONTHS.join('|')})|on \w+day)\b))`;
// The longest value kept whole; a longer one is no card entry (an entry is a whole fact or nothing).
const MAX_VALUE_WORDS = 8;
// Lazy: the value stops at the first word that starts a new part of the clause.
const VALUE = String.raw`((?:[\w'&-]+ ){0,${MAX_VALUE_WORDS - 1}}?[\w'&-]+)`;

// Roles that are someone's work: "I'm a nurse" fills the job slot, "I'm a volunteer" does not.
const JOBS =
  'teacher|professor|lecturer|tutor|engineer|nurse|doctor|physician|surgeon|dentist|pharmacist|paramedic|developer|programmer|designer|architect|writer|author|journalist|editor|artist|illustrator|counsel(?:l)?or|social worker|manager|director|executive|lawyer|attorney|paralegal|judge|chef|cook|baker|barista|bartender|waiter|waitress|server|cashier|clerk|musician|photographer|filmmaker|actor|actress|scientist|researcher|analyst|accountant|consultant|therapist|psychologist|psychiatrist|painter|singer|dancer|athlete|coach|trainer|entrepreneur|founder|mechanic|electrician|plumber|carpenter|builder|farmer|pilot|driver|firefighter|police officer|officer|soldier|veterinarian|vet|librarian|receptionist|assistant|technician|salesperson|realtor|agent|banker|economist|translator|interpreter|nanny|caregiver|carer|scientist|student|intern|freelancer|contractor';

// A year or kind of school: "first grade", "5th grade", "kindergarten", "high school".
const SCHOOL_YEARS =
  '(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|\\d{1,2}(?:st|nd|rd|th)) grade|kindergarten|preschool|nursery|daycare|(?:primary|elementary|secondary|middle|high) school';

// Statuses with one value at a time.
const RELATIONSHIP = 'single|married|engaged|divorced|separated|widowed|in a relationship|dating';

// "moved into the Amsterdam flat": the city, not "the Amsterdam".
const HOME_IN = String.raw`(?:(?:the|our|my) (?=\p{Lu}[\p{L}\p{M}'-]* (?:flat|house|apartment|place|home)\b))?`;

// Patterns read names in any alphabet's capitals.
const unicode = (source: string) => new RegExp(source, 'u');

type Pattern = { pattern: RegExp; fact(match: RegExpExecArray): CardFact | null };

const LIVES_IN = (place: string | undefined): CardFact | null =>
  place ? { slot: 'lives_in', entry: `Lives in: ${place}` } : null;

/** Most specific first: the first pattern that matches gives the clause's fact. */
const PATTERNS: readonly Pattern[] = [
  {
    pattern: unicode(String.raw`\b[Mm]y name(?: is|'s) ${NAME}`),
    fact: (m) => ({ slot: 'name', entry: `Name: ${m[1]}` }),
  },
  {
    pattern:
      /\bI(?:'m| am) (\d{1,3}) years? old\b|\bI(?:'m| am) (\d{1,3}) now\b|\bI (?:just )?turned (\d{1,3})\b|\bI(?:'m| am) (\d{1,2})(?=\s*(?:[.,!;]|$|(?:btw|lol|haha|already|myself|too|this year)\b))/,
    fact: (m) => ({ slot: 'age', entry: `Age: ${m[1] ?? m[2] ?? m[3] ?? m[4]}` }),
  },
  // Residence ended, perhaps with the new one in the same breath.
  {
    pattern: unicode(
      `${SPEAKER} (?:no longer|don't|do not) live in ${NAME}(?:[,;]? (?:and |but |so )?(?:I|we)${BE} (?:now |back )?(?:in|based in|living in) ${NAME})?`,
    ),
    fact: (m) => LIVES_IN(m[2]) ?? { slot: 'lives_in', entry: null },
  },
  {
    pattern: unicode(
      `${SPEAKER}(?: ${ADVERBS}(?:live|lived|living|settled)|(?:${BE}|'ve been| have been) ${ADVERBS}(?:living|based|settled|staying)) (?:with (?:my|our) (?:[\\w-]+ ){1,2})?(?:down )?in ${NAME}`,
    ),
    fact: (m) => (/\blived\b/.test(m[0]) && !/\b(?:have|'ve)\b/.test(m[0]) ? null : LIVES_IN(m[1])),
  },
  // A move from one place to another: the place after "to" is where one lives now, the one after
  // "from" where one lived before ("we moved from Stockholm to Berlin in July").
  {
    pattern: unicode(
      `${SPEAKER} ${ADVERBS}(?:moved|relocated|emigrated|came|went)(?: back| over| out| here| away)? (?:from|out of) ${NAME} (?:to|into|for) ${NAME}`,
    ),
    fact: (m) => LIVES_IN(m[2]),
  },
  {
    pattern: unicode(
      `${SPEAKER} ${ADVERBS}(?:moved|relocated|emigrated|came back|went back)(?: back| over| out| here| away)? (?:to|into) ${HOME_IN}${NAME}`,
    ),
    fact: (m) => LIVES_IN(m[1]),
  },
  // A home rented or shared: "I'm renting a flat in Manchester with my friend Zara".
  {
    pattern: unicode(
      `${SPEAKER}(?:${BE})? ${ADVERBS}(?:renting|rent|rented|sharing|share|found|got) (?:a|an|our|my|the) (?:new |little |tiny |small )?(?:house|home|flat|apartment|condo|place|room|studio) in ${NAME}`,
    ),
    fact: (m) => LIVES_IN(m[1]),
  },
  {
    pattern: unicode(`${SPEAKER}${BE} (?:now |finally )?back (?:home )?in ${NAME}`),
    fact: (m) => LIVES_IN(m[1]),
  },
  {
    pattern: unicode(
      `${SPEAKER} ${ADVERBS}bought (?:a|our|my|the) (?:first )?(?:house|home|flat|apartment|condo|place) in ${NAME}`,
    ),
    fact: (m) => LIVES_IN(m[1]),
  },
  {
    pattern: unicode(
      String.raw`\b(?:[Mm]y|[Oo]ur) (?:new |little )?(?:flat|house|home|apartment|place) (?:is )?(?:here )?in ${NAME}`,
    ),
    fact: (m) => LIVES_IN(m[1]),
  },
  {
    pattern: unicode(
      String.raw`\bI(?:'m| am| come|'m originally| am originally| was born and raised) from ${NAME}`,
    ),
    fact: (m) => ({ slot: 'from', entry: `From: ${m[1]}` }),
  },
  // Where one was born or grew up: "born and raised in Texas", "I grew up in Cork".
  {
    pattern: unicode(
      String.raw`(?:^|\bI (?:was )?|\bI ${ADVERBS})(?:born and raised|born and bred|born|grew up|raised) in ${NAME}`,
    ),
    fact: (m) => ({ slot: 'from', entry: `From: ${m[1]}` }),
  },
  {
    pattern: unicode(`${SPEAKER} ${ADVERBS}moved (?:here |back |over |away )?from ${NAME}`),
    fact: (m) => ({ slot: 'from', entry: `From: ${m[1]}` }),
  },
  // Work ended.
  {
    pattern: unicode(
      String.raw`\bI ${ADVERBS}(?:(?:quit|resigned from|retired from|was laid off from|got laid off from|was fired from|got fired from|stopped working (?:at|for)) (?:my (?:old |last )?(?:job|position|role)(?: (?:at|with) )?)?${NAME}?|left my (?:old )?(?:job|position|role)\b)`,
    ),
    fact: (m) => (m[1] || /\b(?:job|position|role)\b/.test(m[0]) ? { slot: 'job', entry: null } : null),
  },
  {
    pattern:
      /\bI(?:'m| am| have| 've)? (?:now |just |recently |officially )*(?:retired|unemployed|between jobs|out of work|looking for (?:a )?(?:new )?(?:job|work))\b/,
    fact: (m) => ({
      slot: 'job',
      entry: `Works as: ${/retired/.test(m[0]) ? 'retired' : 'looking for work'}`,
    }),
  },
  // Work: "I work as a nurse at Santa Maria hospital", "I now work as...", "Currently I'm working as...".
  {
    pattern: unicode(
      `${I_AM} ${ADVERBS}(?:work|working|worked) ${WORK_MANNER}${ADVERBS}as (?:an? |the )?${VALUE}${CLAUSE_END}`,
    ),
    fact: (m) => (/\bworked\b/.test(m[0]) && !/\b(?:have|'ve)\b/.test(m[0]) ? null : job('as', m[1])),
  },
  // "I work for Deloitte as an auditor": the role and where, as "joined X as Y" gives them.
  {
    pattern: unicode(
      `${I_AM} ${ADVERBS}(?:work|working) ${WORK_MANNER}${ADVERBS}(?:at|for) ${PLACE_NAME} as (?:an? |the )?${VALUE}${CLAUSE_END}`,
    ),
    fact: (m) => job('as', `${m[2]} at ${m[1]}`),
  },
  {
    pattern: unicode(
      `${I_AM} ${ADVERBS}(?:work|working) ${WORK_MANNER}${ADVERBS}(?:at|for) ${VALUE}${CLAUSE_END}`,
    ),
    fact: (m) => job('at', m[1]),
  },
  {
    pattern: unicode(
      String.raw`\bI(?:'m| am)? ${ADVERBS}(?:joined|joining|start(?:ed|ing)? (?:at|with)|started working (?:at|for)|started (?:a new |my new )?(?:job|position|role) (?:at|with)|(?:got|took|landed|accepted) (?:a |an |the )?(?:new )?(?:job|position|role|offer) (?:at|with|from)|got hired (?:at|by)|was hired (?:at|by)|(?:was )?employed (?:at|by)|signed with) (?:an? [\w-]+ (?:called|named) )?${PLACE_NAME}(?: as (?:an? |the )?${VALUE}${CLAUSE_END})?`,
    ),
    fact: (m) => job(m[2] ? 'as' : 'at', m[2] ? `${m[2]} at ${m[1]}` : m[1]),
  },
  {
    pattern: unicode(
      String.raw`\bI ${ADVERBS}(?:started|began|got) (?:a new |my new |a |my )?(?:job|position|role|career|working) as (?:an? |the )?${VALUE}${CLAUSE_END}`,
    ),
    fact: (m) => job('as', m[1]),
  },
  // A new rank where one works: "got promoted to senior analyst at Deloitte".
  {
    pattern: unicode(
      String.raw`\bI(?:'ve| have)? ${ADVERBS}(?:got|was|been|am|'m) ${ADVERBS}promoted to (?:an? |the )?${VALUE}${CLAUSE_END}`,
    ),
    fact: (m) => job('as', m[1]),
  },
  // Work said by what one does: "I'm teaching maths at a secondary school now".
  {
    pattern: unicode(
      String.raw`\bI(?:'m| am) ${ADVERBS}(teaching|tutoring|coaching|lecturing) ${VALUE}${CLAUSE_END}`,
    ),
    fact: (m) => job('as', `${m[1]} ${m[2]}`),
  },
  {
    pattern: unicode(
      String.raw`\bI(?:'m| am) ${ADVERBS}(?:now )?(?:an? |the )((?:[\w-]+ ){0,2}(?:${JOBS}))(?: (?:at|for|with) ${NAME})?(?![\w-])`,
    ),
    fact: (m) => {
      const role = m[1]?.toLowerCase() ?? '';
      if (/\b(?:student|intern)$/.test(role))
        return { slot: 'studies', entry: `Is: a ${role}${m[2] ? ` at ${m[2]}` : ''}` };
      return job('as', m[2] ? `${role} at ${m[2]}` : role);
    },
  },
  // Work said as what one does where: "I do UX at a small studio", "I do payroll for the council";
  // not what one does for fun ("I do yoga at the leisure centre").
  {
    pattern: unicode(
      String.raw`\bI ${ADVERBS}do ((?:\p{Lu}{2,}|[a-z]+)(?: [a-z]+)?) (?:at|for) (?:an? |the )?${VALUE}${CLAUSE_END}`,
    ),
    fact: (m) => (NOT_WORK.test(m[1] ?? '') ? null : job('as', `${m[1]} at ${m[2]}`)),
  },
  // Where one works, as a place or a field: "I'm in work in Kraków all week", "I work in IT".
  {
    pattern: unicode(String.raw`\bI(?:'m| am)? ${ADVERBS}(?:work|working|in work|at work) in ${NAME}`),
    fact: (m) => ({ slot: null, entry: `Works in: ${m[1]}` }),
  },
  // What one looks after: "I'm taking over push notifications from Grace", "I'm in charge of hiring";
  // not someone else's things ("I'll look after your pockets").
  {
    pattern: unicode(
      String.raw`\bI(?:'m| am|'ll| will|'ve| have)? ${ADVERBS}(?:taking over|took over|taken over|take over|in charge of|responsible for|looking after|look after|own|owning|maintain|maintaining) (?:the |our )?(?!(?:your|you|him|her|them|it|me|us)\b)${VALUE}(?=\s+from\b|${CLAUSE_END.slice(3, -1)})`,
    ),
    fact: (m) =>
      /\bown\b/.test(m[0]) && !/'ll|will|now/.test(m[0])
        ? null
        : { slot: null, entry: `Looks after: ${m[1]}` },
  },
  // Where to reach one: "my new address is Hauptstr. 12, 10827 Berlin".
  {
    pattern: unicode(
      String.raw`\b[Mm]y (?:new )?(?:delivery |home |postal |shipping |billing )?address (?:is|'s|has changed,? it's|changed,? it's) (?:now )?(\d[^!?\n]{2,80}?|\p{Lu}[^!?\n]{2,80}?)(?=[!?]|\.(?:\s+\p{Lu}|$)|$)`,
    ),
    fact: (m) => ({ slot: 'address', entry: `Address: ${m[1]}` }),
  },
  // Where else to reach one, and one's birthday: "my email is sam@example.com", "my number is
  // 07700 900123", "my birthday is on 3 March".
  {
    pattern: new RegExp(
      String.raw`\b[Mm]y (?:new |work |personal )?(?:e-?mail|email address) (?:is|'s) (?:now )?(${EMAIL_ADDRESS.source})`,
    ),
    fact: (m) => ({ slot: null, entry: `Email: ${m[1]}` }),
  },
  {
    pattern:
      /\b[Mm]y (?:new )?(?:phone |mobile |cell |home |work )?(?:number|phone|mobile|cell) (?:is|'s) (?:now )?(\+?\d[\d ()-]{5,18}\d)/,
    fact: (m) => ({ slot: null, entry: `Phone: ${m[1]}` }),
  },
  {
    pattern: unicode(
      String.raw`\b[Mm]y birthday (?:is|'s) (?:on )?(?:the )?(\d{1,2}(?:st|nd|rd|th)? (?:of )?(?:${MONTHS.join('|')})|(?:${MONTHS.join('|')}) \d{1,2}(?:st|nd|rd|th)?)\b`,
    ),
    fact: (m) => ({ slot: null, entry: `Birthday: ${m[1]}` }),
  },
  // Children named together: "we have two kids, Mia and Leo".
  {
    pattern: unicode(
      String.raw`\b(?:I|[Ww]e)(?: have|'ve got| have got) (?:two|three|four|five|\d) (?:kids|children|sons|daughters|boys|girls)(?:,|:| called| named)? (${NAME_WORD}(?:, ${NAME_WORD})*,? and ${NAME_WORD})`,
    ),
    fact: (m) => ({ slot: null, entry: `Children: ${m[1]}` }),
  },
  // Studies.
  {
    pattern: unicode(
      `${I_AM} ${ADVERBS}(?:studying|study|majoring in|doing (?:a|my) (?:degree|masters?|phd|PhD) in) ${VALUE}${CLAUSE_END}`,
    ),
    fact: (m) => ({ slot: 'studies', entry: `Studies: ${m[1]}` }),
  },
  {
    pattern: unicode(
      String.raw`\bI ${ADVERBS}(?:switched|changed) (?:my (?:major|degree|course) )?to ${VALUE}${CLAUSE_END}`,
    ),
    fact: (m) => ({ slot: 'studies', entry: `Studies: ${m[1]}` }),
  },
  // School: "I started first grade at an international school in Kreuzberg", said of a child.
  {
    pattern: unicode(
      String.raw`(?:\bI ${ADVERBS}(?:started|began|go to|attend|entered)|\bI(?:'m| am) ${ADVERBS}(?:in|starting|going into)) (${SCHOOL_YEARS})(?: (?:at|in) ${VALUE}${CLAUSE_END})?`,
    ),
    fact: (m) => ({ slot: 'studies', entry: `School: ${m[1]}${m[2] ? ` at ${m[2]}` : ''}` }),
  },
  // Relationships.
  {
    pattern: unicode(
      String.raw`\b([A-Z][\w-]+) and I ${ADVERBS}(?:got|are) (engaged|married)|${SPEAKER}(?: ${ADVERBS}(?:got|are|am)|'re|'m|'ve been| have been) ${ADVERBS}(engaged|married)(?: to ${NAME})?`,
    ),
    fact: (m) => {
      const status = m[2] ?? m[3];
      const partner = m[1] ?? m[4];
      return { slot: 'relationship', entry: `Relationship: ${status}${partner ? ` to ${partner}` : ''}` };
    },
  },
  {
    pattern: unicode(String.raw`\bI(?:'m| am) ${ADVERBS}(${RELATIONSHIP})\b(?: ${NAME})?`),
    fact: (m) => ({
      slot: 'relationship',
      entry: `Relationship: ${m[1]}${m[1] === 'dating' && m[2] ? ` ${m[2]}` : ''}`,
    }),
  },
  {
    pattern: unicode(
      String.raw`${SPEAKER} ${ADVERBS}(?:broke up|split up|separated|got divorced|called off (?:the|our) engagement)\b`,
    ),
    fact: (m) => ({
      slot: 'relationship',
      entry: `Relationship: ${/divorced/.test(m[0]) ? 'divorced' : 'single'}`,
    }),
  },
  // People and animals in the speaker's life: "my boss Maria", "my dog is called Biscuit", "a daughter named Mia".
  {
    pattern: unicode(
      String.raw`\b(?:[Mm]y|[Oo]ur) (?:(?:little|big|older|younger|eldest|oldest|youngest|new|old|late) )?(${RELATIONS})(?:'s name is| is called| is named| named| called|,)? ((?:${PERSON_TITLE})?${NAME_WORD}(?: ${NAME_WORD})?)`,
    ),
    fact: (m) => ({ slot: null, entry: `${capitalised(m[1] ?? '')}: ${m[2]}` }),
  },
  {
    pattern: unicode(
      String.raw`\b(?:I|[Ww]e)(?: have|'ve got| have got| adopted| got| rescued| had) (?:a|an|another) (?:(?:little|new|baby|young|older|younger|rescue) )?(${RELATIONS}) (?:named|called) (${NAME_WORD})`,
    ),
    fact: (m) => ({ slot: null, entry: `${capitalised(m[1] ?? '')}: ${m[2]}` }),
  },
  // An animal taken in, known by its breed: "we adopted a rescue greyhound named Biscotti".
  {
    pattern: unicode(
      String.raw`\b(?:I|[Ww]e)(?:'ve| have)? ${ADVERBS}(?:adopted|rescued) (?:a|an|another) (?:[\w-]+ ){0,2}?([a-z-]+) (?:named|called) (${NAME_WORD})`,
    ),
    fact: (m) => ({ slot: null, entry: `${capitalised(m[1] ?? '')}: ${m[2]}` }),
  },
  // Favourites, one at a time for each thing: "my favourite colour is now yellow".
  {
    pattern: unicode(
      String.raw`\b[Mm]y (?:new |all-time |absolute )?favou?rite ([\w-]+(?: [\w-]+)?) (?:is|are|has to be|would be) ${ADVERBS}(?:now |still )?${VALUE}${CLAUSE_END}`,
    ),
    fact: (m) => {
      const thing = m[1]?.toLowerCase() ?? '';
      return { slot: favoriteSlot(thing), entry: `Favorite ${thing}: ${m[2]}` };
    },
  },
  {
    pattern: unicode(String.raw`\bI(?:'m| am) allergic to ${VALUE}${CLAUSE_END}`),
    fact: (m) => ({ slot: null, entry: `Allergic to: ${m[1]}` }),
  },
  // "I have a peanut allergy", "I've got a bad shellfish allergy".
  {
    pattern: unicode(
      String.raw`\bI(?:'ve| have)?(?: got)? (?:a |an )?(?:(?:severe|bad|mild|serious|slight|nut|food) )?([a-z-]+(?: [a-z-]+)?) allergy\b`,
    ),
    fact: (m) => (m[1] === 'food' ? null : { slot: null, entry: `Allergic to: ${m[1]}` }),
  },
  {
    pattern:
      /\bI(?:'m| am) (?:now |a |an )*(vegetarian|vegan|pescatarian|gluten[- ]free|lactose intolerant|sober|teetotal)\b/,
    fact: (m) => ({ slot: 'diet', entry: `Diet: ${m[1]}` }),
  },
  {
    pattern: unicode(String.raw`\bI (?:drive|own) (?:an? |the )?${VALUE}${CLAUSE_END}`),
    fact: (m) =>
      /\b(?:car|truck|van|bike|motorbike|motorcycle|scooter|[A-Z][\w-]+)\b/.test(m[1] ?? '')
        ? { slot: 'vehicle', entry: `Drives: ${m[1]}` }
        : null,
  },
  {
    pattern: unicode(
      String.raw`\bI(?: really| absolutely| also)? (?:love|like|enjoy|adore) ${VALUE}${CLAUSE_END}`,
    ),
    fact: (m) => (isThing(m[1]) ? { slot: null, entry: `Likes: ${m[1]}` } : null),
  },
  {
    pattern: unicode(
      String.raw`\bI(?: really)? (?:hate|dislike|can't stand|don't like) ${VALUE}${CLAUSE_END}`,
    ),
    fact: (m) => (isThing(m[1]) ? { slot: null, entry: `Dislikes: ${m[1]}` } : null),
  },
  {
    pattern: unicode(String.raw`\bI prefer ${VALUE}${CLAUSE_END}`),
    fact: (m) => ({ slot: null, entry: `Prefers: ${m[1]}` }),
  },
];

/**
 * The card fact a first-person clause states first, if any: "My wife and I moved to Porto" gives
 * "Lives in: Porto", which replaces the card's earlier city; "I quit Acme" ends the job.
 */
export function findCardFact(clause: string): CardFact | null {
  return findCardFacts(clause)[0] ?? null;
}

/**
 * Every card fact a first-person clause states, the most specific first: "I live in Stockholm
 * with my husband Tomas and our daughter Lina" gives "Lives in: Stockholm", "Husband: Tomas" and
 * "Daughter: Lina". A slot gets one value from a clause, and no two facts are read from the same
 * words.
 */
export function findCardFacts(clause: string): CardFact[] {
  const text = clause.replaceAll('’', "'");
  const facts: CardFact[] = [];
  const taken: { start: number; end: number }[] = [];
  for (const { pattern, fact } of GLOBAL_PATTERNS) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      if (match[0] === '') pattern.lastIndex++;
      const span = { start: match.index, end: match.index + match[0].length };
      if (taken.some((other) => span.start < other.end && other.start < span.end)) continue;
      const found = fact(match);
      if (!found) continue;
      const entry = found.entry?.replace(/[\s.,!?;:]+$/, '') ?? null;
      if (facts.some((known) => sameFact(known, { slot: found.slot, entry }))) continue;
      facts.push({ slot: found.slot, entry });
      taken.push(span);
    }
  }
  return facts;
}

const GLOBAL_PATTERNS = PATTERNS.map(({ pattern, fact }) => ({
  pattern: new RegExp(pattern.source, `${pattern.flags}g`),
  fact,
}));

/** Two facts of one slot, or two entries of one label without a slot ("Daughter: Lina", "Daughter: Mia" are two). */
function sameFact(a: CardFact, b: CardFact): boolean {
  if (a.slot !== null || b.slot !== null) return a.slot === b.slot;
  return a.entry === b.entry;
}

function job(kind: 'as' | 'at', value: string | undefined): CardFact | null {
  if (!value) return null;
  return { slot: 'job', entry: `Works ${kind}: ${value.replace(/^(?:an?|the) /i, '')}` };
}

// "I love it here", "I like that": a pronoun or a clause is no thing to like.
function isThing(value: string | undefined): boolean {
  return (
    value !== undefined &&
    !/^(?:it|that|this|them|him|her|you|to|when|how|what|the way|being|seeing)\b/i.test(value)
  );
}
