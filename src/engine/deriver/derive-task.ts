import { randomUUID } from 'node:crypto';
import type { Database } from '../database/database.js';
import type { Learning } from '../learning/learning.js';
import type { ObservationDraft } from '../learning/reasoner.js';
import { storableTime } from '../learning/storable-time.js';
import { cosine, decodeVector, encodeVector } from '../learning/vector-codec.js';
import { contentWords } from '../text/content-words.js';
import type { DerivationTask } from './derivation-task.js';
import {
  type KnownObservation,
  loadKnownObservations,
  loadRecentMessages,
  loadTaskInput,
  type Member,
} from './load-task-input.js';
import { writtenInEnglish } from './written-in-english.js';

type NewObservation = {
  id: string;
  observer_id: string;
  observed_id: string;
  content: string;
  fact_key: string;
  slot: string | null;
  card_entry: string | null;
  source_message_ids: string[];
  occurred_at: string | null;
  embedding: string;
  superseded_by: string | null;
};

/** Everything one task teaches the engine, written at once by `completeTask`. */
export type Derivation = {
  embeddingModel: string;
  messageEmbeddings: { seq: string; model: string; embedding: string }[];
  observations: NewObservation[];
  supersede: { id: string; superseded_by: string }[];
  /** Their tokens are counted where the task is completed: the learning thread holds no tokenizer. */
  summaries: { summary_type: 'short' | 'long'; content: string; message_id: string }[];
  /** Messages stored (and embedded, so searchable) that the reasoner could not learn from, and why. */
  notLearned: { seq: string; reason: 'language' }[];
};

/**
 * Characters of the conversation a summary is made from, newest first (about 50,000 tokens): a
 * session's last 500 messages could otherwise hand the reasoner 50 MB.
 */
const SUMMARY_CHARS = 200_000;

// Two phrasings of one fact: nearly the same direction and mostly the same words.
const SAME_FACT_COSINE = 0.95;
const SAME_FACT_WORDS = 0.5;

/** Reads a task's messages and works out what to learn from them; writes nothing. */
export async function deriveTask(
  db: Database,
  task: DerivationTask,
  learning: Learning,
): Promise<Derivation> {
  const input = await loadTaskInput(db, task);
  const { embedder, reasoner } = learning;
  const messageVectors = await embedder.embed(input.messages.map((message) => message.content));
  const derivation: Derivation = {
    embeddingModel: embedder.model,
    messageEmbeddings: input.messages.map((message, i) => ({
      seq: message.seq,
      model: embedder.model,
      embedding: encodeVector(messageVectors[i] ?? new Float32Array()),
    })),
    observations: [],
    supersede: [],
    summaries: [],
    notLearned: [],
  };

  // A reasoner that reads English only is not handed the rest: it would learn noise from it.
  const readable = reasoner.readsAnyLanguage
    ? input.messages
    : input.messages.filter((message) => {
        if (writtenInEnglish(message.content)) return true;
        derivation.notLearned.push({ seq: message.seq, reason: 'language' });
        return false;
      });
  const authors = [...new Set(readable.map((message) => message.peer_id))];
  for (const author of authors) {
    const drafts = await reasoner.extractObservations(author, readable);
    if (drafts.length === 0) continue;
    const vectors = await embedder.embed(drafts.map((draft) => draft.content));
    for (const observer of observersOf(author, input.members)) {
      const known = await loadKnownObservations(
        db,
        task.workspace_id,
        { observer, observed: author },
        embedder.model,
      );
      mergeInto(derivation, { observer, observed: author }, drafts, vectors, known);
    }
  }

  if (input.unsummarized >= learning.summaryEvery) {
    const recent = await loadRecentMessages(db, task, 500, SUMMARY_CHARS);
    const last = recent.at(-1);
    if (last) {
      for (const [summaryType, messages, maxTokens] of [
        ['short', recent.slice(-learning.summaryEvery * 2), 60],
        ['long', recent, 300],
      ] as const) {
        const content = await reasoner.summarize(messages, maxTokens);
        if (!content) continue;
        derivation.summaries.push({ summary_type: summaryType, content, message_id: last.id });
      }
    }
  }
  return derivation;
}

/**
 * Who learns from what `author` says: the author itself, and every member that observes
 * others; nobody when the author asked not to be observed in this session (observe_me false).
 */
function observersOf(author: string, members: readonly Member[]): string[] {
  const settings = members.find((member) => member.peer_id === author);
  if (settings && !settings.observe_me) return [];
  const others = members.filter((member) => member.peer_id !== author && member.observe_others);
  return [author, ...others.map((member) => member.peer_id)];
}

/**
 * Adds the drafts as observations of one observer about one peer: a fact seen before (the same
 * words, or a near paraphrase) is merged into the existing one; a fact that fills a slot ("lives
 * in") supersedes the observation that held it.
 */
function mergeInto(
  derivation: Derivation,
  pair: { observer: string; observed: string },
  drafts: readonly ObservationDraft[],
  vectors: readonly Float32Array[],
  known: readonly KnownObservation[],
): void {
  const knownVectors = known.map((observation) =>
    observation.embedding ? decodeVector(observation.embedding) : null,
  );
  const batch = new Map<string, NewObservation>();
  drafts.forEach((draft, i) => {
    const vector = vectors[i] ?? new Float32Array();
    const ownKey = factKey(draft.content);
    const twin = known.find(
      (observation, k) =>
        observation.fact_key === ownKey ||
        (knownVectors[k] !== null &&
          cosine(knownVectors[k] as Float32Array, vector) >= SAME_FACT_COSINE &&
          overlap(observation.fact_key, ownKey) >= SAME_FACT_WORDS),
    );
    const key = twin?.fact_key ?? ownKey;
    const existing = batch.get(key);
    if (existing) {
      existing.source_message_ids.push(...draft.sourceMessageIds);
      return;
    }
    const observation: NewObservation = {
      id: twin?.id ?? randomUUID(),
      observer_id: pair.observer,
      observed_id: pair.observed,
      content: draft.content,
      fact_key: key,
      slot: draft.slot,
      card_entry: draft.cardEntry,
      source_message_ids: [...draft.sourceMessageIds],
      // A reasoner's date the database would refuse (before year 1, after 9999) is no date.
      occurred_at: draft.occurredAt === null ? null : storableTime(new Date(draft.occurredAt)),
      embedding: encodeVector(vector),
      superseded_by: null,
    };
    if (draft.slot !== null) {
      for (const earlier of batch.values()) {
        if (earlier.slot === draft.slot && earlier.superseded_by === null)
          earlier.superseded_by = observation.id;
      }
      for (const holder of known) {
        if (holder.slot === draft.slot && holder.fact_key !== key) {
          derivation.supersede.push({ id: holder.id, superseded_by: observation.id });
        }
      }
    }
    batch.set(key, observation);
  });
  derivation.observations.push(...batch.values());
}

/** The words that make a fact: the same fact said again has the same key. */
function factKey(content: string): string {
  return contentWords(content).join(' ');
}

function overlap(a: string, b: string): number {
  const left = new Set(a.split(' '));
  const right = new Set(b.split(' '));
  const shared = [...left].filter((word) => right.has(word)).length;
  return shared / Math.max(1, Math.min(left.size, right.size));
}
