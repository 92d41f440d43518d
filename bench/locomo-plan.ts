import type { ConversationPlan, MessageBatch } from './conversation-plan.js';
import type { Locomo } from './locomo/load-locomo.js';

/** Real conversation text for the benchmark: LoCoMo's turns and questions. */
export type RealText = {
  plan: ConversationPlan;
  /** Search queries: LoCoMo's questions, a few of each conversation. */
  queries: string[];
  /** The next turn's text, for the live writes (one after another, round the dataset). */
  nextTurn(): string;
};

const QUESTIONS_PER_CONVERSATION = 10;
/** Each pass over the dataset is dated this much later than the previous one. */
const PASS_SPACING_MS = 400 * 86_400_000;

/**
 * The workspace's history as LoCoMo's sessions, one after another, as an import of them would
 * write them (each session one add_messages call, cut at `batchSize`). The dataset holds about
 * 5,900 turns; a larger store repeats it, each pass in sessions of its own and dated later.
 */
export function createLocomoText(locomo: Locomo): RealText {
  const sessions = locomo.conversations.flatMap((conversation) =>
    conversation.sessions
      .filter((session) => session.turns.length > 0)
      .map((session) => ({ id: `${conversation.id}-${session.id}`, session })),
  );
  const turns = sessions.flatMap(({ session }) => session.turns.map((turn) => turn.text));
  let nextSession = 0;
  let written = 0;
  let largest = { id: '', messages: 0 };
  let turnIndex = 0;

  function* batches(count: number, batchSize: number): Generator<MessageBatch> {
    let remaining = count;
    while (remaining > 0) {
      const pass = Math.floor(nextSession / sessions.length);
      const entry = sessions[nextSession % sessions.length];
      if (!entry) return;
      const id = `${entry.id}-pass${pass}`;
      const startsAt = entry.session.startsAt.getTime() + pass * PASS_SPACING_MS;
      const size = Math.min(batchSize, remaining, entry.session.turns.length - written);
      const messages = entry.session.turns.slice(written, written + size).map((turn, i) => ({
        peer: turn.speaker,
        content: turn.text,
        created_at: new Date(startsAt + (written + i) * 1000).toISOString(),
      }));
      written += size;
      remaining -= size;
      if (written > largest.messages || largest.id === id) largest = { id, messages: written };
      if (written >= entry.session.turns.length) {
        nextSession += 1;
        written = 0;
      }
      yield { session: id, messages };
    }
  }

  return {
    plan: { batches, largestSession: () => largest },
    queries: locomo.conversations.flatMap((conversation) =>
      conversation.questions.slice(0, QUESTIONS_PER_CONVERSATION).map((question) => question.question),
    ),
    nextTurn: () => turns[turnIndex++ % turns.length] ?? '',
  };
}
