import { upperFirst } from '../../text/capitals.js';
import type { ObservationDraft, SpokenMessage } from '../reasoner.js';
import { timeBudget } from '../time-budget.js';
import { type CardFact, findCardFacts } from './card-facts.js';
import { withDroppedSubject } from './dropped-subject.js';
import { entrySentence, lastNamed, type NamedPeople, namedPersonFacts, personEntry } from './named-people.js';
import { resolveDates } from './resolve-dates.js';
import { sentencePieces } from './sentence-pieces.js';
import { splitSharedSubject } from './shared-subject.js';
import { statedBeforeQuestion } from './stated-before-question.js';
import { isFirstPerson, toThirdPerson } from './third-person.js';

// Small talk carries no fact worth keeping.
const PHATIC =
  /^(thanks|thank you|haha|lol|wow|omg|yeah|yes|no|ok|okay|sure|cool|great|awesome|congrats|congratulations|hey|hi|hello|bye|see you|take care|good luck|i agree|me too|same here|i know|i see|i think so|i hope so|i'm glad|i'm so glad|i'm happy for you)\b/i;
const MIN_WORDS = 4;

/**
 * Time spent reading one message, after which the rest of it is left unread: a message of
 * 100,000 characters of prose takes 5-12 s to read whole on a busy machine, and every message
 * after it waits.
 */
const MESSAGE_BUDGET_MS = 3000;

/**
 * Time for all the messages of one call together (up to 100, from one add_messages): each gets
 * an equal share when the shares of {@link MESSAGE_BUDGET_MS} would add up to more, so that no
 * task holds its session's later messages back for long.
 */
const CALL_BUDGET_MS = 60_000;

/**
 * The facts a speaker states about itself: each first-person statement, rewritten in the
 * third person with its relative dates resolved ("I went to a support group yesterday" said
 * on 8 May 2023 becomes "Caroline went to a support group on 7 May 2023"). Read a sentence at a
 * time, letting other requests in between, within a time budget for each message: what is left
 * of a message when its budget is spent goes unread.
 */
export async function extractObservations(
  speaker: string,
  messages: readonly SpokenMessage[],
): Promise<ObservationDraft[]> {
  const drafts: ObservationDraft[] = [];
  const named: NamedPeople = { last: null, known: new Set() };
  for (const message of messages) {
    if (message.peer_id !== speaker) continue;
    const budget = timeBudget(Math.min(MESSAGE_BUDGET_MS, CALL_BUDGET_MS / messages.length));
    named.last = null;
    for (const sentence of sentencePieces(message.content)) {
      if (!(await budget.next())) break;
      // "I'm on the Pro plan but we're only 2 people using it, can I downgrade?" tells the plan.
      const pieces = clauses(statedBeforeQuestion(sentence) ?? sentence.trim());
      for (const said of pieces.flatMap(splitSharedSubject).flatMap(pronounClauses)) {
        // "got promoted to senior analyst" is the speaker's, as "I got promoted…" would be, when
        // it tells a fact of the card: read so for any verb, it cost LoCoMo's search.
        const dropped = withDroppedSubject(said);
        const droppedFacts = dropped === null ? [] : findCardFacts(dropped);
        const text = dropped !== null && droppedFacts.length > 0 ? dropped : said;
        const person = namedPersonFacts(text, named);
        const statement = isStatement(text);
        const own = !statement ? [] : text === dropped ? droppedFacts : findCardFacts(text);
        if (!statement && person === null) continue;
        const dated = resolveDates(text, message.created_at);
        const occurredAt = dated.occurredAt ?? message.created_at;
        const draft = (content: string, card: CardFact | undefined): ObservationDraft => ({
          content,
          slot: card?.slot ?? null,
          cardEntry: card?.entry ?? null,
          occurredAt,
          sourceMessageIds: [message.id],
        });
        // The clause itself, with its first fact; each other fact in a sentence of its own.
        const facts = [...own, ...(person?.facts ?? [])];
        const content = statement
          ? toThirdPerson(dated.text, speaker)
          : dated.text.replace(/^(?:she|he)(?:'s\b|\b)/i, (said) =>
              said.endsWith("'s") ? `${person?.person} is` : (person?.person ?? said),
            );
        drafts.push(draft(content, facts[0]));
        for (const fact of facts.slice(1)) {
          if (fact.entry === null) continue;
          const entry = own.includes(fact) ? personEntry(upperFirst(speaker), fact.entry) : fact.entry;
          drafts.push(draft(entrySentence(entry), fact));
        }
      }
    }
  }
  return drafts;
}

const PRONOUN_CLAUSE = /,\s+(?=(?:she|he)(?:'s|’s|\s+(?:is|was|has|works|lives|goes|loves|just|now))\b)/;

/**
 * "…our daughter Lina, she's 6": what is said of "she" is a clause of its own when it states a
 * fact of the person just named; else the sentence stays whole ("…for a young artist, he has
 * great potential" keeps what it says of him with the rest).
 */
function pronounClauses(clause: string): string[] {
  const [first = '', ...rest] = clause.split(PRONOUN_CLAUSE);
  const parts = [first];
  for (const part of rest) {
    const before = parts.length - 1;
    const person = lastNamed(parts[before] ?? '');
    const ownClause = person !== null && namedPersonFacts(part, { last: person, known: new Set([person]) });
    if (!ownClause) {
      parts[before] = `${parts[before]}, ${part}`;
      continue;
    }
    if (!/[.!?]$/.test(parts[before] ?? '')) parts[before] = `${parts[before]}.`;
    parts.push(part);
  }
  return parts;
}

/**
 * "I live in Paris and I love hiking" states two facts: split where a new "I" clause begins,
 * but not after a joint subject ("my wife and I moved", "Dan and I got engaged"), whose "I"
 * begins no new clause.
 */
function clauses(sentence: string): string[] {
  const parts: string[] = [];
  let rest = sentence;
  for (;;) {
    const split = nextSplit(rest);
    if (split === null) break;
    parts.push(rest.slice(0, split.start));
    rest = rest.slice(split.end);
  }
  parts.push(rest);
  return parts
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => (/[.!?]$/.test(part) ? part : `${part}.`));
}

const CLAUSE_BREAK = /(?:,|;)?\s+(?:and|but|so)\s+(?=I\b)|;\s+(?=I\b)/g;
// The end of a subject joined to "I": a name, or "my wife", "our two kids".
const JOINT_SUBJECT = /(?:^|[\s,:;])(?:[A-Z][\w'-]+|(?:my|our) (?:[\w-]+ )?[\w-]+)$/;

function nextSplit(text: string): { start: number; end: number } | null {
  CLAUSE_BREAK.lastIndex = 0;
  for (let match = CLAUSE_BREAK.exec(text); match !== null; match = CLAUSE_BREAK.exec(text)) {
    const before = text.slice(0, match.index);
    // "Dan and I got engaged" is one clause; "I live in Paris and I love hiking" is two.
    if (/^\s+and\s+$/.test(match[0]) && JOINT_SUBJECT.test(before) && !/\bI\b/.test(before)) continue;
    return { start: match.index, end: match.index + match[0].length };
  }
  return null;
}

function isStatement(sentence: string): boolean {
  if (sentence.endsWith('?')) return false;
  // "I'm vegan.", "I'm 29 btw": a short sentence is kept when it tells a fact of the card.
  if (sentence.split(/\s+/).length < MIN_WORDS && findCardFacts(sentence).length === 0) return false;
  if (PHATIC.test(sentence) && sentence.split(/\s+/).length < 8) return false;
  return isFirstPerson(sentence);
}
