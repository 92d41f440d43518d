import { contentWords } from '../../../text/content-words.js';
import { formatDay } from '../../../text/format-day.js';
import type { AnswerRequest, SlotFact } from '../../reasoner.js';
import { nlp } from '../nlp.js';
import type { Question } from '../read-question.js';
import { asAnswer } from './as-answer.js';

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

/** "Is she single?" of "engaged to Dan": no, and what is. */
function yesOrNo(question: Question, value: string, fact: SlotFact, about: string): string {
  const said = new Set(contentWords(value));
  const asked = question.anchors.concat(question.verbs);
  const holds = asked.some((word) => said.has(word));
  return holds ? `Yes: ${fact.content}` : `No, ${about} is ${value}`;
}
