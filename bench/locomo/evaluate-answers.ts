import { performance } from 'node:perf_hooks';
import type { ReasoningLevel } from '../../src/schemas/chat.js';
import { type Latency, summarize } from '../measure-latency.js';
import { type CategoryMeans, meansByCategory } from './category-means.js';
import type { IngestedConversation } from './ingest-conversation.js';
import type { Question } from './load-locomo.js';
import { answerF1, isRefusal } from './score-answer.js';
import { speakerOfQuestion } from './speaker-of-question.js';

/** The levels asked: 'low' is scored; 'minimal' (the best memory, verbatim) is the fast path. */
const LEVELS = ['low', 'minimal'] as const satisfies readonly ReasoningLevel[];
type Level = (typeof LEVELS)[number];

export type AnswerOutcome = {
  conversation: string;
  question: Question;
  /** The peer whose memory was asked, and whether the question named it. */
  peer: string;
  peerNamed: boolean;
  answers: Record<Level, string | null>;
  /** Token F1 per level; null for adversarial questions, which have no gold answer. */
  f1: Record<Level, number | null>;
};

export type AnswerResults = {
  outcomes: AnswerOutcome[];
  f1: Record<Level, CategoryMeans>;
  /** The share of questions of categories 1-4 answered with nothing. */
  unanswered: Record<Level, CategoryMeans>;
  /** Adversarial questions (category 5) and the share declined at each level. */
  adversarial: { questions: number; refused: Record<Level, number> };
  latency: Record<Level, Latency>;
};

export type AnswerProgress = {
  /** Called before each chat call, with what it asks. */
  asking(label: string): void;
  conversationDone(message: string): void;
};

/** Asks every question of the conversations through chat, at each level, and scores the answers. */
export async function evaluateAnswers(
  conversations: readonly IngestedConversation[],
  progress: AnswerProgress,
): Promise<AnswerResults> {
  const outcomes: AnswerOutcome[] = [];
  const samples: Record<Level, number[]> = { low: [], minimal: [] };
  const elapsed: Record<Level, number> = { low: 0, minimal: 0 };
  for (const { conversation, memory } of conversations) {
    for (const question of conversation.questions) {
      const { speaker, named } = speakerOfQuestion(question.question, conversation.speakers);
      const answers = { low: null, minimal: null } as Record<Level, string | null>;
      const f1 = { low: null, minimal: null } as Record<Level, number | null>;
      for (const level of LEVELS) {
        progress.asking(`chat '${level}' in ${conversation.id}: "${question.question}"`);
        const before = performance.now();
        const { content } = await memory.chat({
          peer: speaker,
          query: question.question,
          reasoning_level: level,
        });
        const took = performance.now() - before;
        samples[level].push(took);
        elapsed[level] += took;
        answers[level] = content;
        f1[level] = question.answer === null ? null : answerF1(content, question.answer, question.category);
      }
      outcomes.push({
        conversation: conversation.id,
        question,
        peer: speaker,
        peerNamed: named,
        answers,
        f1,
      });
    }
    progress.conversationDone(`${conversation.id}: ${conversation.questions.length} questions answered`);
  }

  const answerable = outcomes.filter((outcome) => outcome.question.category !== 5);
  const adversarial = outcomes.filter((outcome) => outcome.question.category === 5);
  const per = (value: (outcome: AnswerOutcome, level: Level) => number): Record<Level, CategoryMeans> => ({
    low: meansByCategory(answerable.map((o) => ({ category: o.question.category, value: value(o, 'low') }))),
    minimal: meansByCategory(
      answerable.map((o) => ({ category: o.question.category, value: value(o, 'minimal') })),
    ),
  });
  const refused = (level: Level) =>
    adversarial.filter((outcome) => isRefusal(outcome.answers[level])).length / adversarial.length;
  return {
    outcomes,
    f1: per((outcome, level) => outcome.f1[level] ?? 0),
    unanswered: per((outcome, level) => (outcome.answers[level] === null ? 1 : 0)),
    adversarial: {
      questions: adversarial.length,
      refused: { low: refused('low'), minimal: refused('minimal') },
    },
    latency: {
      low: summarize(samples.low, elapsed.low),
      minimal: summarize(samples.minimal, elapsed.minimal),
    },
  };
}
