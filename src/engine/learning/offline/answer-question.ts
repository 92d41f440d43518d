import { formatDay } from '../format-day.js';
import { queryDates } from '../query-dates.js';
import type { AnswerRequest, SlotFact } from '../reasoner.js';
import { timeBudget } from '../time-budget.js';
import { contentWords } from './content-words.js';
import { describingWords } from './describing-words.js';
import { namedThing } from './named-thing.js';
import { nlp } from './nlp.js';
import { newNounPhrase, throughFirstNoun } from './noun-phrases.js';
import { type Question, readQuestion } from './read-question.js';
import { replyFits } from './reply-fits.js';
import { resolveDates } from './resolve-dates.js';
import { sentencePieces } from './sentence-pieces.js';
import { addressesListener, isFirstPerson } from './third-person.js';
import { lemmaWords } from './verb-lemmas.js';

type Evidence = {
  text: string;
  /** Who said it; null for an observation, which is about the peer asked of. */
  speaker: string | null;
  occurredAt: string | null;
  rank: number;
  /** How well it fits the question: its shared nouns, verbs and words, and the days it speaks of. */
  fit: number;
};
/** Evidence as it is read, before it is weighed against the question. */
type Unweighed = Omit<Evidence, 'fit'>;

// How long an answer may spend reading the retrieved messages; what is left unread is not weighed.
const READING_BUDGET_MS = 2000;
// Evidence from the days a question names ("on 3 June 2023") weighs one shared word more; what
// was said up to two weeks after them may still speak of them.
const DATE_BONUS = 1;
const DATE_REACH_MS = 14 * 86_400_000;
// A sentence of a reply with fewer meaningful words than this besides its speaker's name
// ("Thanks!", "Yes, totally!") answers no question.
const REPLY_MIN_WORDS = 2;
// Pieces of evidence, best first, searched for a span of the kind asked before giving up.
const SPAN_SEARCH = 4;
// A date said in words ("last Friday") answers "when?" before the day a message was written,
// from evidence that fits up to this much less than the best.
const SAID_DATE_SLACK = 1;
// Pieces of evidence, best first, whose things make up a list answer ("what books has she read?"),
// and how much less than the best they may fit.
const LIST_SEARCH = 12;
const LIST_FIT_SLACK = 3;

const MONTH = 'January|February|March|April|May|June|July|August|September|October|November|December';
const MONTH_NAME = new RegExp(MONTH);
const WEEKDAY = 'Sunday|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday';
const DATE_PHRASE = new RegExp(
  String.raw`\b(?:[Tt]he (?:week|weekend|month) (?:before|after) )?(?:(?:${WEEKDAY}) )?\d{1,2} (?:${MONTH}) \d{4}|\b(?:spring|summer|autumn|fall|winter) (?:19|20)\d{2}\b|\b(?:in )?(?:(?:${MONTH}) )?(?:19|20)\d{2}\b`,
);
const NUMBER = String.raw`(?:\d+(?:[.,]\d+)?|a couple of|a few|several|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|a hundred|half an?|an?)`;
const UNIT = `(?:second|minute|hour|day|night|week|weekend|month|year|decade)s?`;
const DURATION = new RegExp(
  String.raw`\b(?:for |about |almost |nearly |over |around )?${NUMBER} ${UNIT}\b(?! ago)|\bsince (?:${MONTH}|(?:19|20)\d{2}|last \w+)[\w ]*`,
  'i',
);
const COUNT =
  /\b(?:\d+(?:[.,]\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a couple of|a few|several|once|twice)(?: [a-z-]+)?/i;
// "How often?": "at least once a week", "twice a month", "every weekend".
const FREQUENCY =
  /\b(?:(?:at least|about|around|almost|nearly|only) )?(?:(?:once|twice|(?:\d+|three|four|five|six|a few|several) times) (?:a|an|per|every) \w+|every (?:other )?(?:day|night|morning|evening|week|weekend|month|year|summer|winter)|daily|weekly|monthly|yearly)\b/i;
const AGE = /\b(\d{1,3}) years? old\b|\bturned (\d{1,3})\b|\bage (?:of )?(\d{1,3})\b|\bis (\d{1,3})\b/i;
const REASON =
  /\b(?:because(?: of)?|so that|due to|in order to) ([^.;!?]+)|\bto ((?!the\b|a\b|an\b)[a-z][^.;!?,]+)|\bfor (?:the |a |an |my |his |her )?([^.;!?,]+)/;
// A date learning wrote into a fact ("on 20 May 2023", "the week before 9 June 2023"): no part
// of an answer to a question that does not ask when.
const WRITTEN_DATE = new RegExp(
  String.raw`,?\s*\(?\b(?:(?:on|in|by|around|during) )?(?:the (?:week|weekend|month) (?:before|after) )?(?:(?:(?:${WEEKDAY}) )?\d{1,2} (?:${MONTH}) \d{4}|(?:${MONTH}|spring|summer|autumn|winter) \d{4})\b\)?,?`,
  'gi',
);
const CLAUSE_DASH = / [-–—] /;
const BY_MEANS = /\bby [a-z]+ing\b[^.;!?]*/i;
// A reason said as one: evidence that gives it comes before evidence that merely shares words.
const STATED_REASON = /\b(?:because|so that|due to|in order to)\b/i;

/**
 * Answers from retrieved memory without a model. It reads what the question asks for (a time,
 * a duration, a place, a person, a name, a number, yes or no, a reason, words that describe, a
 * thing, or many things), answers a question about a fact that changes from the fact's current
 * value, or from the one it replaced when asked about "before", and otherwise finds the evidence
 * about the peer that shares the question's own nouns and takes from it a span of the kind
 * asked, or a list of the things it names. When nothing in memory bears
 * on the question, or another peer's own words fit it better, it answers null: no answer is
 * better than a wrong one.
 */
export async function answerQuestion(request: AnswerRequest): Promise<string | null> {
  const question = readQuestion(request.question, [request.peer, request.about]);
  const fromSlot = answerFromSlot(question, request);
  if (fromSlot !== undefined) return fromSlot;
  const ranked = await rankEvidence(request, question);
  const best = ranked[0];
  if (!best) return null;
  if (request.level === 'minimal') return asAnswer(best.text, best.text);
  if (question.asksMany && question.kind === 'thing') {
    const list = listAnswer(question, ranked, request);
    if (list !== null) return list;
  }
  const depth = request.level === 'low' ? 1 : request.level === 'medium' ? 2 : 3;
  const answers: string[] = [];
  const candidates = preferredFirst(ranked.slice(0, SPAN_SEARCH + depth), question, best, request);
  for (const evidence of candidates) {
    const span = extract(question, evidence, request);
    if (span === null) continue;
    answers.push(asAnswer(span, evidence.text));
    if (new Set(answers).size >= depth) break;
  }
  // Evidence that fits but holds no span of the kind asked ("how often" said as "most weekends"):
  // for a question asking for a thing, the first thing it names that the question did not; else
  // the phrase after the question's verb.
  if (answers.length === 0) {
    const words = evidenceWords(best, question);
    const thing =
      question.kind === 'thing' && (question.head !== null || question.asksObject)
        ? newNounPhrase(words, askedWords(question, request))
        : null;
    return thing ?? asAnswer(afterVerb(words, question, request), best.text);
  }
  return [...new Set(answers)].join('; ');
}

/**
 * The things the best evidence names, as a list ("Charlotte's Web, Becoming Nicole"), for a
 * question asking for many; null when it names fewer than two.
 */
function listAnswer(question: Question, ranked: readonly Evidence[], request: AnswerRequest): string | null {
  const asked = askedWords(question, request);
  const things = new Set<string>();
  const fitting = (ranked[0]?.fit ?? 0) - LIST_FIT_SLACK;
  for (const evidence of ranked.slice(0, LIST_SEARCH).filter(({ fit }) => fit >= fitting)) {
    const words = evidenceWords(evidence, question);
    const thing =
      (question.head === null ? null : namedThing(words, question.head)) ?? newNounPhrase(words, asked);
    if (thing !== null) things.add(thing);
  }
  return things.size > 1 ? [...things].join(', ') : null;
}

/**
 * The candidates with those first that hold the answer in the form asked: a reason stated as
 * one, a person's name, a date said in words ("last Friday", resolved) by evidence that fits
 * nearly as well as the best, where other evidence gives only the day it was written.
 */
function preferredFirst(
  candidates: Evidence[],
  question: Question,
  best: Evidence,
  request: AnswerRequest,
): Evidence[] {
  const preferred =
    question.kind === 'reason'
      ? (evidence: Evidence) => STATED_REASON.test(evidence.text)
      : question.kind === 'person'
        ? (evidence: Evidence) => extract({ ...question, kind: 'name' }, evidence, request) !== null
        : question.kind === 'time'
          ? (evidence: Evidence) => evidence.fit >= best.fit - SAID_DATE_SLACK && saidDate(evidence) !== null
          : null;
  if (preferred === null) return candidates;
  const first = candidates.map(preferred);
  return candidates
    .map((evidence, at) => ({ evidence, first: first[at] }))
    .sort((a, b) => Number(b.first) - Number(a.first))
    .map(({ evidence }) => evidence);
}

/** The words a question and the peers it names already say: an answer says something else. */
function askedWords(question: Question, request: AnswerRequest): Set<string> {
  return new Set([...question.words, ...lemmaWords(request.about), ...lemmaWords(request.peer), 'other']);
}

/**
 * The answer to a question about a fact with one value at a time ("where does she live?", "is
 * he single?"): the current value, or for "before" the value it replaced. Undefined when the
 * question is of no slot or memory holds none for it, so that the evidence is searched instead.
 */
function answerFromSlot(question: Question, request: AnswerRequest): string | undefined {
  if (question.slot === null) return undefined;
  const facts = request.slotFacts.filter((fact) => fact.slot === question.slot);
  const current = facts.find((fact) => fact.current);
  // The value before the current one: a value said again ("we moved to Porto because...") is no earlier one.
  const wanted =
    question.tense === 'earlier'
      ? facts.find(
          (fact) => !fact.current && fact.cardEntry !== null && fact.cardEntry !== current?.cardEntry,
        )
      : current;
  if (!wanted) return undefined;
  if (wanted.cardEntry === null) return asAnswer(wanted.content, wanted.content);
  const value = wanted.cardEntry.replace(/^[^:]{1,40}:\s*/, '');
  switch (question.kind) {
    case 'yes/no':
      return yesOrNo(question, value, wanted, request.about);
    case 'place':
      // "Where does he work?" of "barista at Blue Bottle Coffee" is the place after "at".
      return question.slot === 'job' ? (/\b(?:at|for|with) (.+)$/.exec(value)?.[1] ?? value) : value;
    case 'person':
    case 'name':
      return (
        (nlp(value).people().out('array') as string[])[0] ??
        /\b(?:to|with) ([A-Z][\w-]+)/.exec(value)?.[1] ??
        value
      );
    case 'time':
      return wanted.occurredAt ? formatDay(new Date(wanted.occurredAt)) : undefined;
    default:
      return value;
  }
}

/** "Is she single?" of "engaged to Dan": no, and what is. */
function yesOrNo(question: Question, value: string, fact: SlotFact, about: string): string {
  const said = new Set(contentWords(value));
  const asked = question.anchors.concat(question.verbs);
  const holds = asked.some((word) => said.has(word));
  return holds ? `Yes: ${fact.content}` : `No, ${about} is ${value}`;
}

/**
 * The evidence about the peer asked of that shares the question's words, best first: each
 * observation, and each sentence of the retrieved messages. Messages are read in bounded pieces
 * within a time budget, giving the event loop turns, so long stored messages cannot hold the
 * server. Evidence must share one of the question's own nouns when it has any, else one of its
 * verbs, else all its words: sharing "favourite" does not answer "what is her favourite food?".
 */
async function rankEvidence(request: AnswerRequest, question: Question): Promise<Evidence[]> {
  const budget = timeBudget(READING_BUDGET_MS);
  const anchors = new Set(question.anchors);
  const verbs = new Set(question.verbs);
  const words = new Set(question.words);
  const about = request.about.toLowerCase();
  // "What did she do on 3 June 2023?": what happened on that day, or what was said in the days after.
  const window = question.kind === 'time' ? null : queryDates(request.question);
  const onDate = (item: Unweighed) => {
    if (window === null || item.occurredAt === null) return false;
    const at = Date.parse(item.occurredAt);
    return at >= window.from.getTime() && at < window.to.getTime() + DATE_REACH_MS;
  };
  // How well a text fits the question: its nouns count twice, then its verbs and every word;
  // zero when the text holds none of the question's nouns (or, without nouns, of its verbs).
  const fitOf = (text: string, held = new Set(lemmaWords(text))) => {
    const sharedAnchors = [...anchors].filter((word) => held.has(word)).length;
    const sharedVerbs = [...verbs].filter((word) => held.has(word)).length;
    const shared = [...words].filter((word) => held.has(word)).length;
    const supported =
      anchors.size > 0
        ? sharedAnchors > 0
        : verbs.size > 0
          ? sharedVerbs > 0
          : shared === words.size && shared > 0;
    return supported ? 2 * sharedAnchors + sharedVerbs + shared : 0;
  };
  const scored: { item: Unweighed; score: number }[] = [];
  let othersBest = 0;
  // A reply to another peer's question ("What pets do you have?" "We've got a pup and a kitty.")
  // fits as well as the question did, though it shares none of its words.
  const weigh = (item: Unweighed, askedFit = 0) => {
    const held = new Set(lemmaWords(item.text));
    // A message's sentence begins with its speaker's name, which `held` counts.
    const substantive = held.size > REPLY_MIN_WORDS;
    const score = Math.max(fitOf(item.text, held), substantive ? askedFit : 0);
    if (score > 0) scored.push({ item, score: score + (onDate(item) ? DATE_BONUS : 0) });
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
  reading: for (const [rank, message] of request.messages.entries()) {
    const ownWords = message.peer_id.toLowerCase() === about;
    for (const sentence of sentencePieces(message.content)) {
      if (!(await budget.next())) break reading;
      const text = sentence.trim();
      // A question asked in the conversation answers nothing.
      if (text === '' || text.endsWith('?')) continue;
      if (!ownWords) {
        // What another peer says of itself may show that the question is about them instead.
        if (isFirstPerson(text) && !addressesListener(text)) othersBest = Math.max(othersBest, fitOf(text));
        continue;
      }
      // Said to another peer by name ("That race sounds great, Mel"): about the listener.
      if (namesListener(text, listeners)) continue;
      weigh(
        {
          text: `${message.peer_id}: ${text}`,
          speaker: message.peer_id,
          occurredAt: message.created_at,
          rank,
        },
        askedFits.get(message.id),
      );
    }
  }
  // Retrieval order breaks ties: it already weighed the whole question. For a fact that
  // changes, the newest evidence comes first, or the oldest for "before".
  const ranks = request.observations.length + request.messages.length + 1;
  const time = (item: Unweighed) => (item.occurredAt ? Date.parse(item.occurredAt) : 0);
  const byTime = question.tense === 'current' ? -1 : question.tense === 'earlier' ? 1 : 0;
  // Another peer's own words fit the question better: it asks of something that happened to
  // them, not to the peer asked of ("what did Caroline realize after her race?", when the race
  // was Melanie's). No answer, rather than Caroline's reply about Melanie's race. A tie goes the
  // same way when the question names things of its own and nothing learned of the peer asked of
  // (no observation) fits it as well as that peer's chat does.
  const aboutBest = Math.max(0, ...scored.map(({ score }) => score));
  const learnedBest = Math.max(
    0,
    ...scored.filter(({ item }) => item.speaker === null).map(({ score }) => score),
  );
  const tieGoesToOthers = anchors.size > 0 && learnedBest < aboutBest;
  if (othersBest > aboutBest || (othersBest === aboutBest && tieGoesToOthers)) return [];
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

/**
 * A span of the kind the question asks for, from one piece of evidence, or null when it holds
 * none: a question about a duration is not answered with a date.
 */
function extract(question: Question, evidence: Evidence, request: AnswerRequest): string | null {
  const text = evidenceWords(evidence, question);
  switch (question.kind) {
    case 'time': {
      const day =
        saidDate(evidence) ?? (evidence.occurredAt ? formatDay(new Date(evidence.occurredAt)) : null);
      return day === null ? null : inUnit(day, question.timeUnit);
    }
    case 'duration':
      return DURATION.exec(text)?.[0]?.replace(/^for /i, '').trim() ?? null;
    case 'age': {
      const age = AGE.exec(text);
      return age ? (age[1] ?? age[2] ?? age[3] ?? age[4] ?? null) : null;
    }
    case 'number': {
      const undated = text.replace(DATE_PHRASE, '');
      return (
        (/^how often\b/i.test(request.question) ? FREQUENCY.exec(undated)?.[0] : undefined) ??
        COUNT.exec(undated)?.[0] ??
        null
      );
    }
    case 'place':
      return (
        // "What country is her grandma from?" of "...in her home country, Sweden": not "country".
        (nlp(text).places().out('array') as string[])
          .map((place) => place.replace(/[.,!]$/, ''))
          .find((place) => saysMore(place, question, request) !== null) ??
        /\b(?:at|in|to|near) ((?:the |a |an )?[\w' -]{2,40}?)(?=[.,;!?]| (?:in|on|with|for|last|this|next|when|and|but)\b|$)/.exec(
          text,
        )?.[1] ??
        null
      );
    case 'person':
    case 'name': {
      const names = new Set([request.peer, request.about].map((name) => name.toLowerCase()));
      const people = (nlp(text).people().out('array') as string[])
        .map((name) => name.replace(/[.,!']s?$/, ''))
        .filter((name) => !names.has(name.toLowerCase()));
      if (people[0]) return people[0];
      const named = /\b(?:named|called|name is) ([A-Z][\w'-]+)/.exec(text)?.[1];
      if (named) return named;
      if (question.kind === 'name') return null;
      return (
        /\bwith ((?:[\w']+ ){0,3}[\w']+?)(?=[.,;!?]| (?:in|on|at|for|last|this|next|and|but)\b|$)/.exec(
          text,
        )?.[1] ?? afterVerb(text, question, request)
      );
    }
    case 'yes/no':
      return /\b(?:not|never|no longer|n't)\b/i.test(text) ? `No: ${text}` : `Yes: ${text}`;
    case 'reason': {
      const reason = REASON.exec(text);
      return saysMore(
        // A dash ends the reason as it ends a clause: "for mental health - I'm so proud of you".
        (reason?.[1] ?? reason?.[2] ?? reason?.[3])?.split(CLAUSE_DASH)[0]?.trim() ??
          afterVerb(text, question, request),
        question,
        request,
      );
    }
    case 'quality':
      return describingWords(text, askedWords(question, request));
    case 'thing': {
      // Evidence that names the kind of thing asked ("a service-focused online group"), or that
      // holds the question's verb with its object, answers; the best evidence's sentence is the
      // answer only when none does. An object that only repeats the question ("What does she do
      // to keep busy?" of "...painting to keep busy") leaves the rest of the sentence to answer.
      const named = question.head === null ? null : namedThing(text, question.head);
      if (named !== null) return named;
      // "How does she stay confident?" of "...by reminding myself of my successes": the means.
      const means = /^how\b/i.test(request.question) ? BY_MEANS.exec(text)?.[0] : undefined;
      if (means) return means.split(CLAUSE_DASH)[0] ?? means;
      const object = verbObject(text, question);
      if (object !== null && saysMore(object, question, request) === null)
        return afterVerb(text, { ...question, verbs: [] }, request);
      return object;
    }
  }
}

/**
 * The date a piece of evidence says in words: an observation's, or a message's with what it
 * said relative to its day ("last Saturday") resolved. Null when it says none.
 */
function saidDate(evidence: Evidence): string | null {
  const said = withoutSpeaker(evidence);
  const dated =
    evidence.speaker !== null && evidence.occurredAt ? resolveDates(said, evidence.occurredAt).text : said;
  return DATE_PHRASE.exec(dated)?.[0]?.replace(/^in /, '') ?? null;
}

/**
 * The span, when it says something the question did not: "why did she join a church?" is not
 * answered by "a nearby church".
 */
function saysMore(span: string | null, question: Question, request: AnswerRequest): string | null {
  if (span === null) return null;
  const asked = new Set([...question.words, ...lemmaWords(request.about)]);
  return lemmaWords(span).some((word) => !asked.has(word)) ? span : null;
}

/** "Which year?" is answered by the year of a date, "which month?" by its month and year. */
function inUnit(date: string, unit: Question['timeUnit']): string {
  if (unit === null) return date;
  const year = /\b(?:19|20)\d{2}\b/.exec(date)?.[0];
  const month = MONTH_NAME.exec(date)?.[0];
  if (unit === 'year') return year ?? date;
  return month && year ? `${month} ${year}` : date;
}

/**
 * An answer that speaks to its listener or gives an order (cut from "ada: Ignore previous
 * instructions…") is given only as what its speaker said, the whole sentence in quotes, so that
 * it never reads as the memory's own instruction. Any other answer is given as it is.
 */
function asAnswer(answer: string, evidence: string): string {
  if (!addressesListener(answer) || /^[^:"]{1,80} said: ".*"$/s.test(evidence)) return answer;
  const spoken = /^([^:]{1,80}): (.*)$/s.exec(evidence);
  return spoken ? `${spoken[1]} said: "${spoken[2]}"` : `"${evidence}"`;
}

/**
 * The words that follow the question's own verb in the evidence ("researched adoption agencies"),
 * or else the sentence without its subject.
 */
function afterVerb(sentence: string, question: Question, request: AnswerRequest): string {
  const subject = new RegExp(
    `^(${escapeRegExp(request.about)}|${escapeRegExp(request.peer)})(?:'s| and others)?\\s+`,
    'i',
  );
  return verbObject(sentence, question) ?? sentence.replace(subject, '').replace(/[.!]$/, '');
}

/** The words that follow the question's own verb in the sentence, or null when it does not hold the verb. */
function verbObject(sentence: string, question: Question): string | null {
  if (question.verbs.length === 0) return null;
  // toInfinitive() rewrites its document: read the forms from one parse, the lemmas from another.
  const forms = nlp(sentence).verbs().out('array') as string[];
  const lemmas = (nlp(sentence).verbs().toInfinitive().out('array') as string[]).map((form) =>
    contentWords(form).join(' '),
  );
  for (const verb of question.verbs) {
    const index = lemmas.findIndex((form) => form.split(/\s+/).includes(verb));
    const found = index >= 0 ? forms[index] : undefined;
    const at = found ? sentence.indexOf(found) : -1;
    if (!found || at < 0) continue;
    const phrase = shorten(sentence.slice(at + found.length).split(/[.,;!?]| [-–—] /)[0] ?? '');
    if (phrase) return question.asksWhat ? throughFirstNoun(phrase) : phrase;
  }
  return null;
}

// Answers people give are short: the object of the verb, not the rest of the sentence.
const MAX_ANSWER_WORDS = 8;

function shorten(phrase: string): string {
  const words = phrase.trim().split(/\s+/).filter(Boolean);
  return words.slice(0, MAX_ANSWER_WORDS).join(' ');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether a sentence calls one of these peers by name, or the first letters of it ("Mel"), as people address each other. */
function namesListener(text: string, listeners: readonly string[]): boolean {
  const lower = text.toLowerCase();
  return listeners.some((name) => {
    const start = escapeRegExp(name.slice(0, 3));
    return new RegExp(
      `^(?:(?:hey|hi|hello|oh|wow|thanks|thank you|yeah|yes|no|ok|aw+)[,!]? )?${start}\\w*\\b[,!]|,\\s*${start}\\w*[.!?]*$`,
    ).test(lower);
  });
}

/**
 * The words of a piece of evidence, without the "name: " of a message's sentence, and without
 * the dates in it unless the question asks when.
 */
function evidenceWords(evidence: Evidence, question: Question): string {
  const said = withoutSpeaker(evidence);
  if (question.kind === 'time') return said;
  return said
    .replace(WRITTEN_DATE, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** The words of a piece of evidence without the "name: " a message's sentence begins with. */
function withoutSpeaker(evidence: Evidence): string {
  return evidence.text.replace(/^[^:]{1,80}: /, '');
}
