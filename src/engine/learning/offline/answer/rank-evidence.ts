import { queryDates } from '../../../text/query-dates.js';
import type { AnswerRequest } from '../../reasoner.js';
import { timeBudget } from '../../time-budget.js';
import { heardBy } from '../heard-by.js';
import type { Question } from '../read-question.js';
import { replyFits } from '../reply-fits.js';
import { sentencePieces } from '../sentence-pieces.js';
import { statedBeforeQuestion } from '../stated-before-question.js';
import { addressesListener, isFirstPerson, speaksOfListener } from '../third-person.js';
import { lemmaWords } from '../verb-lemmas.js';
import { asksOfAnotherPeer } from './asks-of-another-peer.js';
import { escapeRegExp } from './escape-reg-exp.js';
import type { Evidence, Unweighed } from './evidence.js';
import { namesListener } from './names-listener.js';
import { questionFit } from './question-fit.js';
import { sharesNoNoun } from './shares-no-noun.js';

// How long an answer may spend reading the retrieved messages; what is left unread is not weighed.
const READING_BUDGET_MS = 2000;
// Evidence from the days a question names ("on 3 June 2023") weighs one shared word more; what
// was said up to two weeks after them may still speak of them.
const DATE_BONUS = 1;
const DATE_REACH_MS = 14 * 86_400_000;
// A sentence of a reply with fewer meaningful words than this besides its speaker's name
// ("Thanks!", "Yes, totally!") answers no question.
const REPLY_MIN_WORDS = 2;
// What a speaker has done to or for its listener: "I've switched you to the Team plan", "I've
// blocked your card ending 4417". What a speaker says of itself beside "you" ("I painted it, do
// you like it?") is no fact of the listener's.
const DONE_FOR_LISTENER =
  /\b(?:I|we)(?:'ve| have) (?:just |now |also |already )?\w+(?:ed|en|t)\b(?:\s+[\w.,-]+){0,6}?\s+(?:you|your)\b/i;
// Evidence that shares none of the question's nouns fits less than any that does.
const NO_NOUN_FIT = 0.5;
// Kinds of answer that judge the thing asked of rather than name a value: without the thing's name,
// evidence does not say that "Would she enjoy Vivaldi?" is about what she enjoyed.
const JUDGED = new Set<Question['kind']>(['yes/no', 'reason', 'quality']);
// A name in a question, after its first word: "What did Li send?" names someone.
const NAMES_SOMEONE = /(?<=\s)\p{Lu}/u;

/**
 * The evidence about the peer asked of that shares the question's words, best first: each
 * observation, and each sentence of the retrieved messages. Messages are read in bounded pieces
 * within a time budget, giving the event loop turns, so long stored messages cannot hold the
 * server. What another peer tells the peer of the peer's own is evidence too ({@link heardBy}).
 * Evidence must fit the question ({@link questionFit}); when none does, evidence that
 * shares its verb or another of its words but no noun ({@link sharesNoNoun}) is read for a
 * question that asks for a value, unless another peer's words of itself share them too, and
 * never at `minimal`, whose answer is the evidence itself with no span of the kind asked to bear
 * it out. None when the question asks of another peer ({@link asksOfAnotherPeer}).
 */
export async function rankEvidence(request: AnswerRequest, question: Question): Promise<Evidence[]> {
  const budget = timeBudget(READING_BUDGET_MS);
  const about = request.about.toLowerCase();
  // "What did she do on 3 June 2023?": what happened on that day, or what was said in the days after.
  const window = question.kind === 'time' ? null : queryDates(request.question);
  const onDate = (item: Unweighed) => {
    if (window === null || item.occurredAt === null) return false;
    const at = Date.parse(item.occurredAt);
    return at >= window.from.getTime() && at < window.to.getTime() + DATE_REACH_MS;
  };
  const fitOf = questionFit(question);
  const sharesWords =
    request.level === 'minimal' || JUDGED.has(question.kind)
      ? () => false
      : sharesNoNoun(question, request.question);
  const scored: { item: Unweighed; score: number }[] = [];
  const toListener: Unweighed[] = [];
  const noNoun: { item: Unweighed; score: number }[] = [];
  let othersBest = 0;
  let othersShareWords = false;
  // A reply to another peer's question ("What pets do you have?" "We've got a pup and a kitty.")
  // fits as well as the question did, though it shares none of its words.
  const weigh = (item: Unweighed, askedFit = 0) => {
    const held = new Set(lemmaWords(item.text));
    // A message's sentence begins with its speaker's name, which `held` counts.
    const substantive = held.size > REPLY_MIN_WORDS;
    const score = Math.max(fitOf(item.text, held), substantive ? askedFit : 0);
    if (score > 0) scored.push({ item, score: score + (onDate(item) ? DATE_BONUS : 0) });
    else if (sharesWords(item.text, held)) noNoun.push({ item, score: NO_NOUN_FIT });
  };
  // Among evidence that fits as well, the peer's own words come before what was learned from
  // them: the third-person rewording adds names and dates the answer does not need.
  request.observations.forEach((observation, rank) => {
    weigh({
      text: observation.content,
      speaker: null,
      occurredAt: observation.occurredAt,
      rank: rank + request.messages.length,
    });
  });
  const listeners = [...new Set(request.messages.map((message) => message.peer_id.toLowerCase()))].filter(
    (peer) => peer !== about,
  );
  const askedFits = replyFits(request.messages, about, fitOf);
  const listenerOf = heardBy(request.messages);
  // "What did alice realize?" names alice, though not with a capital.
  const namesSomeone =
    NAMES_SOMEONE.test(request.question) ||
    [about, ...listeners].some((peer) =>
      new RegExp(`\\b${escapeRegExp(peer)}\\b`, 'i').test(request.question),
    );
  reading: for (const [rank, message] of request.messages.entries()) {
    const ownWords = message.peer_id.toLowerCase() === about;
    for (const sentence of sentencePieces(message.content)) {
      if (!(await budget.next())) break reading;
      // A question asked in the conversation answers nothing, but what the peer tells before it
      // does ("I'm on the Pro plan but we're only 2 people using it, can I downgrade?").
      const asks = sentence.trim().endsWith('?');
      const text = asks ? (ownWords ? statedBeforeQuestion(sentence) : null) : sentence.trim();
      if (text === null || text === '') continue;
      const item = {
        text: `${message.peer_id}: ${text}`,
        speaker: message.peer_id,
        occurredAt: message.created_at,
        message: message.content,
        rank,
      };
      if (!ownWords && listenerOf.get(message.id) === about) {
        // What another peer tells the peer of the peer's own ("your subscription ends on 31 July",
        // "I've switched you to the Team plan") is about the peer. What it tells of the matter
        // ("the crew will collect the damaged one", and for a question that names no one, "we'll
        // refund it within 10 working days") is read as words to a listener are, when nothing else
        // fits. What it says of itself ("I moved to Lisbon, have you been?", "I'll bring chairs"
        // when Nadia is asked of) is read below: it may show the question is about the speaker.
        const ofListener = speaksOfListener(text);
        const ofItself = isFirstPerson(text);
        if (ofListener && (!ofItself || DONE_FOR_LISTENER.test(text))) {
          weigh(item);
          continue;
        }
        if (!ofListener && (!ofItself || !namesSomeone)) {
          toListener.push(item);
          continue;
        }
      }
      if (!ownWords) {
        // What another peer says of itself may show that the question is about them instead.
        if (isFirstPerson(text) && !addressesListener(text)) {
          othersBest = Math.max(othersBest, fitOf(text));
          othersShareWords ||= sharesWords(text, new Set(lemmaWords(text)));
        }
        continue;
      }
      // Said to another peer by name ("That race sounds great, Mel"): about the listener.
      if (namesListener(text, listeners)) toListener.push(item);
      else weigh(item, askedFits.get(message.id));
    }
  }
  // Whom such evidence is about is unclear when another peer's words of itself share as much.
  if (scored.length === 0 && !othersShareWords) scored.push(...noNoun);
  // "How long is the warranty?" of an agent's "Thanks Li, that's covered by the 2 year warranty",
  // or of another peer's words to the peer: a question that names no one is about the matter,
  // which words to a listener may tell.
  if (scored.length === 0 && !NAMES_SOMEONE.test(request.question)) {
    for (const item of toListener) {
      const fit = fitOf(item.text, new Set(lemmaWords(item.text)));
      if (fit > 0) scored.push({ item, score: fit });
    }
  }
  if (asksOfAnotherPeer(scored, othersBest, question.anchors.length > 0)) return [];
  // Retrieval order breaks ties: it already weighed the whole question. For a fact that
  // changes, the newest evidence comes first, or the oldest for "before".
  const ranks = request.observations.length + request.messages.length + 1;
  const time = (item: Unweighed) => (item.occurredAt ? Date.parse(item.occurredAt) : 0);
  const byTime = question.tense === 'current' ? -1 : question.tense === 'earlier' ? 1 : 0;
  return scored
    .map(({ item, score }) => ({ item: { ...item, fit: score }, score: score - item.rank / ranks }))
    .sort(
      (a, b) =>
        Math.floor(b.score) - Math.floor(a.score) ||
        byTime * (time(a.item) - time(b.item)) ||
        b.score - a.score,
    )
    .map(({ item }) => item);
}
