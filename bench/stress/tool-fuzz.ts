import { type Client, ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import fc from 'fast-check';
import { tools } from '../../tools/index.js';
import type { MemoryTool } from '../../tools/tool.js';
import type { CaseOutcome, FuzzTarget, Violation } from './run-fuzz.js';
import { type ArgumentCase, argumentCase, inputJsonSchema, type KnownIds } from './schema-arbitraries.js';

/** One call of one tool, and the top-level arguments made invalid on purpose (none: a valid call). */
export type ToolCall = ArgumentCase & { tool: string };

/** What every fuzzed memory holds before the first case, and again after a destructive call. */
export const SEEDED: KnownIds = { sessions: ['seed', 'other'], peers: ['ada', 'bob'] };

/** Writes what SEEDED names: ada and bob talk in seed, bob alone joins other, ada has a card. */
export async function seedMemory(client: Client): Promise<void> {
  for (const [name, args] of [
    [
      'add_messages',
      {
        session: 'seed',
        messages: [
          { peer: 'bob', content: 'good morning' },
          { peer: 'ada', content: 'hello, I prefer tea' },
        ],
      },
    ],
    ['add_session_peers', { session: 'other', peers: ['bob'] }],
    ['set_peer_card', { peer: 'ada', card: ['Name: Ada'] }],
  ] as const) {
    const result = await client.callTool({ name, arguments: args });
    if (result.isError) throw new Error(`seeding with ${name} failed: ${JSON.stringify(result.content)}`);
  }
}

/**
 * Calls of every tool the server lists, valid and hostile, in about equal numbers per tool. A tool
 * of the registry that does nothing in this mode (`get_spending` without a paying wallet) is not
 * listed, and a client cannot call it.
 */
function toolCallArbitrary(listed: ReadonlySet<string>): fc.Arbitrary<ToolCall> {
  return fc.oneof(
    ...tools
      .filter((tool) => listed.has(tool.name))
      .map((tool) =>
        argumentCase(inputJsonSchema(tool.inputSchema), SEEDED).map((call) => ({
          tool: tool.name,
          ...call,
        })),
      ),
  );
}

const toolNamed = (name: string): MemoryTool => {
  const tool = tools.find((candidate) => candidate.name === name);
  if (tool === undefined) throw new Error(`no tool ${name}`);
  return tool;
};

/**
 * Every tool through `client`, checked against the properties of a tool call: it answers in
 * time, the server answers the next call, a refusal is an `isError` result that names the field
 * at fault (never `internal:`), invalid arguments are never accepted, valid ones never fail
 * validation, and a refused write leaves sessions, peers, messages and cards as they were.
 */
export async function toolFuzzTarget(
  label: string,
  client: Client,
  timeoutMs: number,
): Promise<FuzzTarget<ToolCall>> {
  const { tools: listed } = await client.listTools();
  return {
    label,
    arbitrary: toolCallArbitrary(new Set(listed.map((tool) => tool.name))),
    operation: (call) => call.tool,
    async check(call) {
      const outcome = await checkToolCall(client, call, timeoutMs);
      // A session deleted or a card replaced: seed again, so later calls still reach stored data.
      if (outcome.result === 'accepted' && toolNamed(call.tool).annotations.destructiveHint)
        await seedMemory(client);
      return outcome;
    },
  };
}

/** Calls the tool once, then reads back what a refused write must have left alone. */
async function checkToolCall(client: Client, call: ToolCall, timeoutMs: number): Promise<CaseOutcome> {
  const tool = toolNamed(call.tool);
  const writes = !tool.annotations.readOnlyHint;
  const violations: Violation[] = [];
  const before = writes ? await storedState(client, call.args, timeoutMs) : undefined;
  let text: string;
  let isError: boolean;
  try {
    const result = await client.callTool({ name: call.tool, arguments: call.args }, { timeout: timeoutMs });
    isError = result.isError === true;
    text = (result.content as { text?: string }[]).map((block) => block.text ?? '').join('\n');
  } catch (error) {
    return thrown(client, error, timeoutMs);
  }
  if (!(await answersFollowUp(client, timeoutMs)))
    return {
      result: 'crash',
      violations: [{ property: 'the server answers the next call', detail: brief(text) }],
    };

  if (!isError) {
    if (call.broken.length > 0)
      violations.push({ property: 'invalid arguments are refused', detail: `accepted: ${brief(text)}` });
    return { result: 'accepted', violations };
  }
  if (/^internal:|^Output validation error/.test(text)) {
    return { result: 'server error', violations: [{ property: 'no internal error', detail: brief(text) }] };
  }
  if (call.broken.length > 0 && !/^(Input validation error|invalid_input:)/.test(text))
    violations.push({ property: 'invalid arguments are refused as invalid', detail: brief(text) });
  if (text.startsWith('Input validation error') && call.broken.length === 0)
    violations.push({ property: 'valid arguments pass validation', detail: brief(text) });
  if (!namesAField(text, call))
    violations.push({ property: 'a refusal names the field', detail: brief(text) });
  if (before !== undefined) {
    const after = await storedState(client, call.args, timeoutMs);
    if (JSON.stringify(after) !== JSON.stringify(before))
      violations.push({
        property: 'a refused write stores nothing',
        detail: `${brief(text)}; store changed: ${difference(before, after)}`,
      });
  }
  return { result: 'refused', violations };
}

/** A call that threw instead of answering: a timeout is a hang; otherwise the server died or answered off-protocol. */
async function thrown(client: Client, error: unknown, timeoutMs: number): Promise<CaseOutcome> {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout)
    return { result: 'hang', violations: [{ property: `answers within ${timeoutMs} ms`, detail: message }] };
  if (!(await answersFollowUp(client, timeoutMs)))
    return {
      result: 'crash',
      violations: [{ property: 'the server answers the next call', detail: message }],
    };
  if (error instanceof ProtocolError && error.code === -32603)
    return {
      result: 'server error',
      violations: [{ property: 'no internal error', detail: brief(message) }],
    };
  return {
    result: 'refused',
    violations: [{ property: 'a refusal is an isError result', detail: `threw: ${brief(message)}` }],
  };
}

async function answersFollowUp(client: Client, timeoutMs: number): Promise<boolean> {
  try {
    const result = await client.callTool(
      { name: 'list_sessions', arguments: { size: 1 } },
      { timeout: timeoutMs },
    );
    return result.isError !== true;
  } catch {
    return false;
  }
}

/**
 * Does the error text name a field: one of the fields made invalid (as `field:`, `field.` or
 * `"field"`), or for a call thought valid any field of the call; a not_found names the id.
 */
function namesAField(text: string, call: ToolCall): boolean {
  if (/^not_found: (session|peer) ".*" does not exist/s.test(text)) return true;
  const candidates = call.broken.length > 0 ? call.broken : Object.keys(call.args);
  return candidates.some(
    (field) => text.includes(`${field}:`) || text.includes(`${field}.`) || text.includes(`"${field}"`),
  );
}

/**
 * What a write could have changed, read back through the tools: sessions (newest 100 and total),
 * peers, and the messages, members and cards of the session and peer the call names.
 */
async function storedState(client: Client, args: Record<string, unknown>, timeoutMs: number) {
  const read = async (name: string, readArgs: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: readArgs }, { timeout: timeoutMs });
    return result.isError ? { error: result.content } : result.structuredContent;
  };
  const named = (value: unknown) => (typeof value === 'string' ? [value] : []);
  const sessions = [...new Set([...SEEDED.sessions, ...named(args.session)])];
  const peers = [...new Set([...SEEDED.peers, ...named(args.peer)])];
  const state: Record<string, unknown> = {
    sessions: await read('list_sessions', { size: 100, reverse: true }),
    peers: await read('list_peers', {}),
  };
  for (const session of sessions) {
    state[`messages of ${session}`] = await read('list_messages', { session, size: 100, reverse: true });
    state[`members of ${session}`] = await read('list_session_peers', { session });
  }
  for (const peer of peers) state[`card of ${peer}`] = await read('get_peer_card', { peer });
  return state;
}

function difference(before: Record<string, unknown>, after: Record<string, unknown>): string {
  return Object.keys(after)
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => `${key}: ${brief(JSON.stringify(before[key]))} -> ${brief(JSON.stringify(after[key]))}`)
    .join('; ');
}

/** The start of a long answer, enough to recognise it. */
export function brief(text: string, chars = 300): string {
  return text.length <= chars ? text : `${text.slice(0, chars)}… (${text.length} chars)`;
}
