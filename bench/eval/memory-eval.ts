import { readFile } from 'node:fs/promises';
import { createEngine, DEFAULT_DERIVER } from '../../src/engine/create-engine.js';
import type { Database } from '../../src/engine/database/database.js';
import { createLearning, OFFLINE_LEARNING } from '../../src/engine/learning/create-learning.js';
import type { Learning } from '../../src/engine/learning/learning.js';
import type { MemoryService } from '../../src/service/memory-service.js';

/** What a memory must know after one conversation: the card it drew, its answers, its search. */
type Check =
  | { card: string; has?: string[]; lacks?: string[] }
  /** `expect`: each string must be in the answer (a null among them allows no answer too); null: no answer. */
  | { ask: string; query: string; expect: (string | null)[] | null; reject?: string[] }
  /** The message ranked first must hold one of `first`. */
  | { search: string; first: string[] };

type EvalConversation = {
  name: string;
  messages: { peer: string; content: string; created_at: string }[];
  checks: Check[];
};

type CheckOutcome = {
  conversation: string;
  kind: 'card' | 'ask' | 'search';
  check: string;
  passed: boolean;
  got: string;
};

export type EvalOutcome = { passed: number; total: number; outcomes: CheckOutcome[] };

const FIXTURE = new URL('../../test/fixtures/memory-eval.json', import.meta.url);
// From dist/bench/eval/ once built, the fixture is one folder further up.
const BUILT_FIXTURE = new URL('../../../test/fixtures/memory-eval.json', import.meta.url);

/** The evaluation set of test/fixtures/memory-eval.json. */
export async function loadMemoryEval(): Promise<EvalConversation[]> {
  const text = await readFile(FIXTURE, 'utf8').catch(() => readFile(BUILT_FIXTURE, 'utf8'));
  return (JSON.parse(text) as { conversations: EvalConversation[] }).conversations;
}

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
        outcomes.push({ conversation: conversation.name, ...(await score(memory, check)) });
      }
    }
  } finally {
    await engine.stop();
  }
  return { passed: outcomes.filter((outcome) => outcome.passed).length, total: outcomes.length, outcomes };
}

async function score(memory: MemoryService, check: Check): Promise<Omit<CheckOutcome, 'conversation'>> {
  if ('card' in check) {
    const { peer_card: card } = await memory.getPeerCard({ peer: check.card });
    const entries = card ?? [];
    const holds = (text: string) => entries.some((entry) => includes(entry, text));
    return {
      kind: 'card',
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
      kind: 'ask',
      check: `${check.query} -> ${wanted === null ? 'no answer' : JSON.stringify(wanted)}`,
      passed: answered,
      got: String(content),
    };
  }
  const { messages } = await memory.search({ query: check.search, limit: 5 });
  const top = messages[0]?.content ?? '';
  return {
    kind: 'search',
    check: `search "${check.search}" ranks first one of ${JSON.stringify(check.first)}`,
    passed: check.first.some((text) => includes(top, text)),
    got: top,
  };
}

function includes(text: string, part: string): boolean {
  return text.toLowerCase().includes(part.toLowerCase());
}
