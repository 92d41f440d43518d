import type { ChatInput, ChatOutput, ReasoningLevel } from '../../schemas/chat.js';
import type { Message } from '../../schemas/message.js';
import type { Database } from '../database/database.js';
import type { Learning } from '../learning/learning.js';
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

type ChatRuntime = { learning: Learning; vectors: VectorSearch };

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
          { favourNamedPeer: false },
        ),
  ]);
  const content = await runtime.learning.reasoner.answer({
    question: input.query,
    peer: input.peer,
    about,
    observations,
    slotFacts,
    messages: messages.messages,
    level: input.reasoning_level,
  });
  return { content };
}
