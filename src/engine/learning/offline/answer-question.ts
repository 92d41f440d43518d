import { formatDay } from '../format-day.js';
import type { AnswerRequest } from '../reasoner.js';
import { timeBudget } from '../time-budget.js';
import { contentWords } from './content-words.js';
import { nlp } from './nlp.js';
import { sentencePieces } from './sentence-pieces.js';
import { addressesListener } from './third-person.js';

type Evidence = { text: string; occurredAt: string | null; rank: number };
type QuestionKind = 'when' | 'where' | 'who' | 'how much' | 'what';

// How long an answer may spend reading the retrieved messages; what is left unread is not weighed.
const READING_BUDGET_MS = 2000;

const DATE_PHRASE =
  /\b(?:the (?:week|weekend|month) (?:before|after) )?\d{1,2} (?:January|February|March|April|May|June|July|August|September|October|November|December) \d{4}|\b(?:in )?(?:(?:January|February|March|April|May|June|July|August|September|October|November|December) )?(?:19|20)\d{2}\b/;
const QUANTITY =
  /\b(?:\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|a few|several)(?: [a-z]+)?/i;

/**
 * Answers from retrieved memory without a model: finds the piece of evidence that shares the
 * most of the question's words, then takes from it what the question asks for (a date for
 * "when", a place for "where", a person for "who", an amount, or the phrase after the
 * question's verb). Evidence that shares none of its words gives no answer: "I don't know"
 * is better than a guess.
 */
export async function answerQuestion(request: AnswerRequest): Promise<string | null> {
  // Compared as the question's words are (stemmed): "alice's" is the name too, not a word asked.
  const names = new Set(contentWords(`${request.peer} ${request.about}`));
  const asked = contentWords(request.question).filter((word) => !names.has(word));
  const ranked = await rankEvidence(request, asked);
  const best = ranked[0];
  if (!best) return null;
  if (request.level === 'minimal') return asAnswer(best.text, best.text);
  const kind = classify(request.question);
  const depth = request.level === 'low' ? 1 : request.level === 'medium' ? 2 : 3;
  const answers = [
    ...new Set(
      ranked.slice(0, depth).map((evidence) => asAnswer(extract(kind, evidence, request), evidence.text)),
    ),
  ];
  return answers.join('; ');
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
 * The evidence that shares the question's words, best first: each observation, and each sentence
 * of the retrieved messages. Messages are read in bounded pieces within a time budget, giving the
 * event loop turns, so long stored messages cannot hold the server (a 20 KB message without full
 * stops took minutes to parse whole).
 */
async function rankEvidence(request: AnswerRequest, asked: readonly string[]): Promise<Evidence[]> {
  const wanted = new Set(asked);
  const budget = timeBudget(READING_BUDGET_MS);
  const scored: { item: Evidence; shared: number }[] = [];
  const weigh = (item: Evidence) => {
    const shared = new Set(contentWords(item.text).filter((word) => wanted.has(word))).size;
    if (shared > 0) scored.push({ item, shared });
  };
  request.observations.forEach((observation, rank) => {
    weigh({ text: observation.content, occurredAt: observation.occurredAt, rank });
  });
  reading: for (const [rank, message] of request.messages.entries()) {
    for (const sentence of sentencePieces(message.content)) {
      if (!(await budget.next())) break reading;
      const text = sentence.trim();
      // A question asked in the conversation answers nothing.
      if (text === '' || text.endsWith('?')) continue;
      weigh({
        text: `${message.peer_id}: ${text}`,
        occurredAt: message.created_at,
        rank: rank + request.observations.length,
      });
    }
  }
  // Retrieval order breaks ties: it already weighed the whole question.
  const ranks = request.observations.length + request.messages.length + 1;
  return scored
    .map(({ item, shared }) => ({ item, score: shared - item.rank / ranks }))
    .sort((a, b) => b.score - a.score)
    .map(({ item }) => item);
}

function classify(question: string): QuestionKind {
  const lower = question.toLowerCase();
  if (/^(when|what (date|day|year|month|time))\b|\bhow long ago\b/.test(lower)) return 'when';
  if (/^where\b/.test(lower)) return 'where';
  if (/^(who|whom|whose)\b/.test(lower)) return 'who';
  if (/^how (many|much|long|old|often)\b/.test(lower)) return 'how much';
  return 'what';
}

function extract(kind: QuestionKind, evidence: Evidence, request: AnswerRequest): string {
  const text = evidence.text;
  switch (kind) {
    case 'when': {
      const date = DATE_PHRASE.exec(text)?.[0];
      if (date) return date.replace(/^in /, '');
      return evidence.occurredAt ? formatDay(new Date(evidence.occurredAt)) : text;
    }
    case 'where':
      return (
        (nlp(text).places().out('array') as string[])[0]?.replace(/[.,!]$/, '') ?? afterVerb(text, request)
      );
    case 'who': {
      const names = new Set([request.peer, request.about].map((name) => name.toLowerCase()));
      const people = (nlp(text).people().out('array') as string[]).filter(
        (name) => !names.has(name.toLowerCase()),
      );
      return people[0]?.replace(/[.,!]$/, '') ?? afterVerb(text, request);
    }
    case 'how much':
      return QUANTITY.exec(text)?.[0] ?? afterVerb(text, request);
    case 'what':
      return afterVerb(text, request);
  }
}

/** The words that follow the question's own verb in the evidence ("researched adoption agencies"). */
function afterVerb(text: string, request: AnswerRequest): string {
  const verbs = (nlp(request.question).verbs().toInfinitive().out('array') as string[])
    .flatMap((verb) => verb.toLowerCase().split(/\s+/))
    .filter(
      (verb) => !['do', 'does', 'did', 'is', 'are', 'was', 'were', 'be', 'have', 'has', 'had'].includes(verb),
    );
  const sentence = text.replace(/^[^:]{1,40}: /, '');
  // toInfinitive() rewrites its document: read the forms from one parse, the lemmas from another.
  const forms = nlp(sentence).verbs().out('array') as string[];
  const lemmas = (nlp(sentence).verbs().toInfinitive().out('array') as string[]).map((form) =>
    form.toLowerCase(),
  );
  for (const verb of verbs) {
    const index = lemmas.findIndex((form) => form.split(/\s+/).includes(verb));
    const found = index >= 0 ? forms[index] : undefined;
    const at = found ? sentence.indexOf(found) : -1;
    if (!found || at < 0) continue;
    const phrase = shorten(sentence.slice(at + found.length).split(/[.,;!?]| - /)[0] ?? '');
    if (phrase) return phrase;
  }
  const subject = new RegExp(
    `^(${escapeRegExp(request.about)}|${escapeRegExp(request.peer)})(?:'s)?\\s+`,
    'i',
  );
  return sentence.replace(subject, '').replace(/[.!]$/, '');
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
