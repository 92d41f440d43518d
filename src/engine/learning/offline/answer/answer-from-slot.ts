import { contentWords } from '../../../text/content-words.js';
import { formatDay } from '../../../text/format-day.js';
import type { AnswerRequest, SlotFact } from '../../reasoner.js';
import { nlp } from '../nlp.js';
import type { Question } from '../read-question.js';
import { asAnswer } from './as-answer.js';
import { escapeRegExp } from './escape-reg-exp.js';

/**
 * The answer to a question about a fact with one value at a time ("where does she live?", "is
 * he single?"), the peer's own or a named person's ("where does Tomas work?" reads `job@tomas`):
 * the current value, or for "before" the value it replaced. Undefined when the
 * question is of no slot or memory holds none for it, so that the evidence is searched instead.
 */
export function answerFromSlot(question: Question, request: AnswerRequest): string | undefined {
  if (question.slot === null) return undefined;
  const facts = request.slotFacts.filter((fact) => fact.slot === question.slot);
  const current = facts.find((fact) => fact.current);
  // The value before the current one, or before the one the question names ("where did she live
  // before Berlin?" after Stockholm, Berlin, Lisbon is Stockholm): a value said again ("we moved to
  // Porto because...") is no earlier one. The facts come newest first.
  const named = facts.find((fact) => namesValue(request.question, fact.cardEntry));
  const after = named ?? current;
  const wanted =
    question.tense === 'earlier'
      ? facts
          .slice(after === undefined ? 0 : facts.indexOf(after) + 1)
          .find((fact) => !fact.current && fact.cardEntry !== null && fact.cardEntry !== after?.cardEntry)
      : current;
  if (!wanted) return undefined;
  if (wanted.cardEntry === null) return asAnswer(wanted.content, wanted.content);
  const value = wanted.cardEntry.replace(/^[^:]{1,40}:\s*/, '');
  switch (question.kind) {
    case 'yes/no':
      return yesOrNo(question, value, wanted, question.person ?? request.about);
    case 'place':
      // "Where does he work?" of "barista at Blue Bottle Coffee" is the place after "at".
      return question.slot.replace(/@.*$/, '') === 'job'
        ? (/\b(?:at|for|with) (.+)$/.exec(value)?.[1] ?? value)
        : value;
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

/** Whether a question names a fact's value: "before Berlin" names "Lives in: Berlin". */
function namesValue(question: string, entry: string | null): boolean {
  const value = entry?.replace(/^[^:]{1,40}:\s*/, '');
  return value ? new RegExp(`\\b${escapeRegExp(value)}\\b`, 'i').test(question) : false;
}

/** "Is she single?" of "engaged to Dan": no, and what is. */
function yesOrNo(question: Question, value: string, fact: SlotFact, about: string): string {
  const said = new Set(contentWords(value));
  const asked = question.anchors.concat(question.verbs);
  const holds = asked.some((word) => said.has(word));
  return holds ? `Yes: ${fact.content}` : `No, ${about} is ${value}`;
}
