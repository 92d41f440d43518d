import type { Slot } from '../text/slot-vocabulary.js';

/** A message as the reasoners read it. */
export type SpokenMessage = { id: string; peer_id: string; content: string; created_at: string };

/** A fact a reasoner drew from messages, before it is stored as an observation. */
export type ObservationDraft = {
  /** The fact, in the third person: "Caroline moved from Sweden 4 years ago." */
  content: string;
  /** Facts with the same slot replace each other (a new job replaces the old one); null for others. */
  slot: Slot | null;
  /** A short line for the peer card ("Lives in: Sweden"), or null when the fact is not card material. */
  cardEntry: string | null;
  /** When what it describes happened (ISO 8601), as far as the message tells. */
  occurredAt: string | null;
  sourceMessageIds: string[];
};

/**
 * A fact in a slot, one value at a time ("Lives in: Porto"), newest first: the current value, and
 * the ones it replaced (current false), kept as history.
 */
export type SlotFact = {
  content: string;
  slot: string;
  cardEntry: string | null;
  current: boolean;
  occurredAt: string | null;
};

/** What `chat` hands a reasoner: a question and the memory retrieved for it. */
export type AnswerRequest = {
  question: string;
  /** The peer whose memory answers, and the peer it is about. */
  peer: string;
  about: string;
  observations: { content: string; occurredAt: string | null }[];
  /** What `peer` knows of `about` in slots, newest first, replaced values included. */
  slotFacts: SlotFact[];
  messages: SpokenMessage[];
  /** minimal and low answer from the best evidence only; higher levels weigh more of it. */
  level: 'minimal' | 'low' | 'medium' | 'high' | 'max';
};

/** How the engine learns and answers: offline rules, or a language model. */
export interface Reasoner {
  readonly name: string;
  /**
   * True for a reasoner that learns from messages in any language (a model). Without it, English
   * only: a message in another language is stored and searchable, and counted as not learned from.
   */
  readonly readsAnyLanguage?: boolean;
  /** The facts `speaker` states about itself in its own messages. */
  extractObservations(speaker: string, messages: SpokenMessage[]): Promise<ObservationDraft[]>;
  /** A summary of a conversation in at most about `maxTokens` tokens. */
  summarize(messages: SpokenMessage[], maxTokens: number): Promise<string>;
  /** An answer from the given memory, or null when it does not hold one. */
  answer(request: AnswerRequest): Promise<string | null>;
}
