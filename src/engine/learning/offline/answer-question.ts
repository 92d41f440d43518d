import type { AnswerRequest } from '../reasoner.js';
import { answerFromSlot } from './answer/answer-from-slot.js';
import { asAnswer } from './answer/as-answer.js';
import { evidenceHoldingIdentifier } from './answer/asked-identifier.js';
import { asksOfAnother, namedPeople } from './answer/asked-person.js';
import { askedWords, saysMore } from './answer/asked-words.js';
import { changeAnswer } from './answer/change-answer.js';
import { type Evidence, evidenceWords } from './answer/evidence.js';
import { extractSpan } from './answer/extract-span.js';
import { listAnswer } from './answer/list-answer.js';
import { ASKS_MONEY } from './answer/number-span.js';
import { offeredChoice } from './answer/offered-choice.js';
import { askedClause } from './answer/parallel-clauses.js';
import { planAnswer } from './answer/plan-answer.js';
import { preferredFirst } from './answer/preferred-first.js';
import { rankEvidence } from './answer/rank-evidence.js';
import { relationAnswer } from './answer/relation-answer.js';
import { settingValue } from './answer/setting-value.js';
import { SAID_IN_FORM, toldAfterFirst } from './answer/told-after.js';
import { afterVerb } from './answer/verb-object.js';
import { withoutAskedLead } from './answer/without-asked-lead.js';
import { newNounPhrase } from './noun-phrases.js';
import { type Question, readQuestion } from './read-question.js';
import { lemmaWords } from './verb-lemmas.js';
import { withoutSaidTime } from './without-said-time.js';

// Kinds of answer that a said time may be part of: "two weeks ago", "yes: …".
const TIMED_KINDS = new Set<Question['kind']>(['time', 'duration', 'number', 'age', 'yes/no']);

// A capitalised word after a question's first: a name ("where does Tomas work?").
const NAMES_SOMEONE = /(?<=\s)\p{Lu}/u;

// Pieces of evidence, best first, searched for a span of the kind asked before giving up.
const SPAN_SEARCH = 4;
// For "when?", evidence read further down: a time said in words by evidence that fits as well
// ("we had the beach to ourselves last December") answers before the day a message was written,
// which is all the first few may give.
const TIME_SEARCH = 10;

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
  const question = readAsked(request);
  // "Where does their dad work?": the peer's own job does not answer it.
  const ofAnother =
    question.person === null && asksOfAnother(request.question, [request.peer, request.about]);
  const fromSlot = ofAnother ? undefined : answerFromSlot(question, request);
  if (fromSlot !== undefined) return fromSlot;
  const calledOff = planAnswer(request, question);
  if (calledOff !== undefined) return calledOff;
  const evidence = await rankEvidence(request, question);
  // Of clauses said side by side, the one the question names ("ruff for linting and black for
  // formatting"), when the question names nobody: a person's chat runs clauses together that are
  // no settings (LoCoMo 4-10 F1 at low 0.241 -> 0.240 when read for every question). A yes or no
  // reads the whole sentence, whose other clause may deny it.
  const bySettings = question.kind !== 'yes/no' && !NAMES_SOMEONE.test(request.question);
  const ranked = toldAfterFirst(
    (evidenceHoldingIdentifier(request.question, question, evidence) ?? evidence).map((item) =>
      bySettings ? askedClause(item, question) : item,
    ),
    question,
    request,
  );
  const best = ranked[0];
  if (!best) return null;
  if (request.level === 'minimal') return asAnswer(best.text, best.text);
  const byRelation = relationAnswer(request, ranked);
  if (byRelation !== undefined) return byRelation;
  const related = changeAnswer(request, question, ranked) ?? settingValue(question, ranked);
  if (related !== undefined) return related;
  if (question.kind === 'yes/no') {
    const chosen = offeredChoice(request.question, ranked);
    if (chosen !== null) return chosen;
  }
  if (question.asksMany && question.kind === 'thing') {
    const list = listAnswer(question, ranked, request);
    if (list !== null) return list;
  }
  const depth = request.level === 'low' ? 1 : request.level === 'medium' ? 2 : 3;
  const answers: string[] = [];
  const candidates = preferredFirst(
    ranked.slice(0, (question.kind === 'time' ? TIME_SEARCH : SPAN_SEARCH) + depth),
    question,
    best,
    request,
  );
  for (const evidence of candidates) {
    const extracted = extractSpan(question, evidence, request);
    if (extracted === null) continue;
    const span = SAID_IN_FORM.has(question.kind) ? extracted : withoutAskedLead(extracted, question, request);
    answers.push(asAnswer(withoutTimeUnasked(span, question), evidence.text));
    if (new Set(answers).size >= depth) break;
  }
  // Evidence that fits but holds no span of the kind asked ("how often" said as "most weekends"):
  // for a question asking for a thing, the first thing it names that the question did not; else
  // the phrase after the question's verb.
  if (answers.length === 0) {
    if (asksAmountNotHeld(request.question, question, best)) return null;
    const words = evidenceWords(best, question);
    const thing =
      question.kind === 'thing' && (question.head !== null || question.asksObject)
        ? newNounPhrase(words, askedWords(question, request))
        : null;
    // What only repeats the question ("a vegan option" for "why do they need a vegan option?")
    // answers nothing: the whole sentence, which may tell it, does.
    const after = saysMore(afterVerb(words, question, request), question, request) ?? words;
    return (
      thing ?? asAnswer(withoutTimeUnasked(withoutAskedLead(after, question, request), question), best.text)
    );
  }
  return [...new Set(answers)].join('; ');
}

/**
 * What the question asks. The other peers of the conversation are whom a thing was said to ("what
 * did Caroline recommend to Melanie?"), which her own words to Melanie rarely name: their names
 * are no noun the evidence must share. A speaker the peer has named ("Where does Tomas work?", when
 * Tomas writes in the conversation too) is still asked of. (What she says to Melanie by name is
 * about Melanie, and read as such: see `rankEvidence`.)
 */
function readAsked(request: AnswerRequest): Question {
  const speakers = new Set(request.messages.map((message) => message.peer_id));
  return readQuestion(request.question, [request.peer, request.about], namedPeople(request.slotFacts), [
    ...speakers,
  ]);
}

/**
 * "How much does Priya earn?" of "Priya turned the transfer down": evidence that holds no amount
 * and shares nothing with the question but the names in it does not bear on it, and the sentence
 * after its verb would be an unrelated answer. Evidence that speaks of what is counted ("a hiking
 * trail" for "how many trails?") still answers, as does "how often", which has words of its own
 * ("most weekends"). A question for money ("how much did the sofa cost?") is never answered
 * without an amount of money: none of the evidence read held one. (Ages, lengths of time and names
 * are said in too many ways for their spans to find them all: "she's 6", "3-5 business days".)
 */
function asksAmountNotHeld(asked: string, question: Question, best: Evidence): boolean {
  if (question.kind !== 'number' || /^how often\b/i.test(asked)) return false;
  // "How much did the sofa cost?" of "I just want a sofa lol": money is told as money or not at all.
  if (ASKS_MONEY.test(asked)) return true;
  const names = new Set(lemmaWords((asked.match(/(?<=\s)\p{Lu}[\p{L}-]*/gu) ?? []).join(' ')));
  const held = new Set(lemmaWords(best.text));
  return !question.words.some((word) => held.has(word) && !names.has(word));
}

/** A span without the time its evidence said relative to its day, unless the question asks of time or a count. */
function withoutTimeUnasked(span: string, question: Question): string {
  return TIMED_KINDS.has(question.kind) ? span : withoutSaidTime(span);
}
