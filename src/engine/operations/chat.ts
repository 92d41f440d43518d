import type { ChatInput, ChatOutput, ReasoningLevel } from '../../schemas/chat.js';
import type { Message } from '../../schemas/message.js';
import type { Database } from '../database/database.js';
import type { Learning } from '../learning/learning.js';
import { readFollowingMessages } from '../reads/read-following-messages.js';
import { recallObservations } from '../reads/recall-observations.js';
import { recallSlotFacts } from '../reads/recall-slot-facts.js';
import type { VectorSearch } from '../search/vector-search.js';
import { withoutNames } from '../search/without-names.js';
import { ensureChatSubjects } from './ensure-chat-subjects.js';
import { searchMessages } from './search-messages.js';

/** How much memory each level weighs: observations and raw messages retrieved. */
const DEPTH: Record<ReasoningLevel, { observations: number; messages: number }> = {
  minimal: { observations: 5, messages: 0 },
  low: { observations: 8, messages: 10 },
  medium: { observations: 15, messages: 10 },
  high: { observations: 25, messages: 20 },
  max: { observations: 40, messages: 30 },
};

// How many of the best matching messages are read on with the turns that follow them, and how many turns.
const FOLLOWED = { matches: 5, turns: 2 };

type ChatRuntime = { learning: Learning; vectors: VectorSearch };

export type ChatReach = {
  /** Read only the messages of the sessions this peer is a member of now (a key scoped to it). */
  withinSessionsOf?: string | undefined;
};

/**
 * Answers a question from a peer's memory. The peer, the target and the session are created on
 * first reference, as the spec says.
 */
export async function chat(
  db: Database,
  workspace: string,
  input: ChatInput,
  runtime: ChatRuntime,
): Promise<ChatOutput> {
  await ensureChatSubjects(db, workspace, input);
  return answerChat(db, workspace, input, runtime);
}

/**
 * Answers a question from a peer's memory, its subjects already in place: what the peer has
 * learned (observations about itself, or about `target`) and the messages that bear on the
 * question, handed to the reasoner.
 */
export async function answerChat(
  db: Database,
  workspace: string,
  input: ChatInput,
  runtime: ChatRuntime,
  reach: ChatReach = {},
): Promise<ChatOutput> {
  const target = input.target || undefined;
  const depth = DEPTH[input.reasoning_level];
  const about = target ?? input.peer;
  const [observations, slotFacts, messages] = await Promise.all([
    recallObservations(
      db,
      runtime.learning.embedder,
      workspace,
      { observer: input.peer, observed: about, session: input.session },
      withoutNames(input.query, [input.peer, about]),
      depth.observations,
      { withReplaced: true },
    ),
    recallSlotFacts(db, workspace, { observer: input.peer, observed: about }),
    depth.messages === 0
      ? Promise.resolve({ messages: [] as Message[] })
      : searchMessages(
          db,
          workspace,
          { query: input.query, limit: depth.messages, session: input.session, peer: target },
          { embedder: runtime.learning.embedder, vectors: runtime.vectors },
          { favourNamedPeer: false, orderByRarerWords: false, withinSessionsOf: reach.withinSessionsOf },
        ),
  ]);
  // The turns after the best matches, ranked below every match: the answer to "who performed at
  // the concert?" is often the turn after the one that speaks of the concert.
  const following = await readFollowingMessages(
    db,
    workspace,
    messages.messages.slice(0, FOLLOWED.matches).map((message) => message.id),
    FOLLOWED.turns,
  );
  const retrieved = new Set(messages.messages.map((message) => message.id));
  const content = await runtime.learning.reasoner.answer({
    question: input.query,
    peer: input.peer,
    about,
    observations,
    slotFacts,
    messages: [...messages.messages, ...following.filter((message) => !retrieved.has(message.id))],
    level: input.reasoning_level,
  });
  return { content };
}
