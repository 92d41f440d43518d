import { createEngine, DEFAULT_DERIVER } from '../../src/engine/create-engine.js';
import type { Database } from '../../src/engine/database/database.js';
import { createLearning, OFFLINE_LEARNING } from '../../src/engine/learning/create-learning.js';
import type { Learning } from '../../src/engine/learning/learning.js';
import type { MemoryService } from '../../src/service/memory-service.js';
import type { Check, EvalConversation, Half, MemoryKind } from './load-memory-eval.js';

export type CheckOutcome = {
  conversation: string;
  /** The kind of memory the conversation is (a person's life, a project, a support desk). */
  kind: MemoryKind;
  half: Half;
  /** What the check looks at: the peer card, a chat answer, or search. */
  type: 'card' | 'ask' | 'search';
  check: string;
  passed: boolean;
  got: string;
};

export type EvalOutcome = { passed: number; total: number; outcomes: CheckOutcome[] };

/**
 * Stores each conversation in a workspace of its own, lets the deriver learn from it as a server
 * would, and scores every check against what the memory then says.
 */
export async function runMemoryEval(
  db: Database,
  conversations: readonly EvalConversation[],
  learning: Learning = createLearning(OFFLINE_LEARNING),
): Promise<EvalOutcome> {
  const run = Date.now().toString(36);
  const engine = createEngine(db, { learning, contextTokens: 8192, deriver: DEFAULT_DERIVER });
  const outcomes: CheckOutcome[] = [];
  try {
    const stored = [];
    for (const [i, conversation] of conversations.entries()) {
      const memory = engine.memory(`eval-${run}-${i}`);
      // One call per message, as an assistant saving each turn would.
      for (const message of conversation.messages) {
        await memory.addMessages({ session: 'conversation', messages: [message] });
      }
      stored.push({ conversation, memory });
    }
    await engine.deriver?.drain();
    for (const { conversation, memory } of stored) {
      for (const check of conversation.checks) {
        outcomes.push({
          conversation: conversation.name,
          kind: conversation.kind,
          half: conversation.half,
          ...(await score(memory, check)),
        });
      }
    }
  } finally {
    await engine.stop();
  }
  return { passed: outcomes.filter((outcome) => outcome.passed).length, total: outcomes.length, outcomes };
}

async function score(
  memory: MemoryService,
  check: Check,
): Promise<Pick<CheckOutcome, 'type' | 'check' | 'passed' | 'got'>> {
  if ('card' in check) {
    const { peer_card: card } = await memory.getPeerCard({ peer: check.card });
    const entries = card ?? [];
    const holds = (text: string) => entries.some((entry) => includes(entry, text));
    return {
      type: 'card',
      check: `card of ${check.card}: has ${JSON.stringify(check.has ?? [])}, lacks ${JSON.stringify(check.lacks ?? [])}`,
      passed: (check.has ?? []).every(holds) && !(check.lacks ?? []).some(holds),
      got: JSON.stringify(entries),
    };
  }
  if ('ask' in check) {
    const { content } = await memory.chat({ peer: check.ask, query: check.query, reasoning_level: 'low' });
    const wanted = check.expect;
    const answered =
      wanted === null
        ? content === null
        : content === null
          ? wanted.includes(null)
          : wanted.every((text) => text === null || includes(content, text)) &&
            !(check.reject ?? []).some((text) => includes(content, text));
    return {
      type: 'ask',
      check: `${check.query} -> ${wanted === null ? 'no answer' : JSON.stringify(wanted)}`,
      passed: answered,
      got: String(content),
    };
  }
  const { messages } = await memory.search({ query: check.search, limit: 5 });
  const top = messages[0]?.content ?? '';
  return {
    type: 'search',
    check: `search "${check.search}" ranks first one of ${JSON.stringify(check.first)}`,
    passed: check.first.some((text) => includes(top, text)),
    got: top,
  };
}

function includes(text: string, part: string): boolean {
  return text.toLowerCase().includes(part.toLowerCase());
}
