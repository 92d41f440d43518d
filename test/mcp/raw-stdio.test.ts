import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/schemas/limits.js';
import { PROJECT_ROOT } from '../support/mcp-targets.js';
import { makeTempDir } from '../support/temp-dir.js';

type Answer = { id?: number; result?: { isError?: boolean; content?: { text: string }[] }; error?: unknown };

/**
 * The built server over stdio, spoken to in raw JSON-RPC lines: for requests that a client's own
 * JSON.stringify cannot write (5,000 levels of nesting overflow its stack).
 */
async function startRawServer(): Promise<{
  child: ChildProcess;
  send(line: string): void;
  answer(id: number): Promise<Answer>;
}> {
  const dataDir = await makeTempDir();
  const child = spawn(
    process.execPath,
    ['dist/src/main.js', '--workspace', 'raw', '--data-dir', dataDir.path],
    {
      cwd: PROJECT_ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const waiting = new Map<number, (answer: Answer) => void>();
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    const answer = JSON.parse(line) as Answer;
    if (answer.id !== undefined) waiting.get(answer.id)?.(answer);
  });
  const send = (line: string) => child.stdin?.write(`${line}\n`);
  const answer = (id: number) => new Promise<Answer>((resolve) => waiting.set(id, resolve));
  send(
    JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
  );
  await answer(0);
  send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  return { child, send, answer };
}

const callTool = (id: number, name: string, argumentsJson: string) =>
  `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"${name}","arguments":${argumentsJson}}}`;

describe('raw requests over stdio', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill();
  });

  it('metadata nested 5,000 deep is refused naming the field, and the server carries on', async () => {
    const server = await startRawServer();
    child = server.child;
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    server.send(
      callTool(
        1,
        'add_messages',
        `{"session":"s","messages":[{"peer":"ada","content":"hi","metadata":${deep}}]}`,
      ),
    );
    const refused = await server.answer(1);
    expect(refused.result?.isError).toBe(true);
    expect(refused.result?.content?.[0]?.text).toContain('messages.0.metadata');
    expect(refused.result?.content?.[0]?.text).toContain(`more than ${LIMITS.metadataDepth} deep`);

    server.send(callTool(2, 'list_sessions', '{}'));
    const listed = await server.answer(2);
    expect(listed.result?.isError).toBeFalsy();
    expect(listed.result?.content?.[0]?.text).toContain('"total":0');
  }, 60_000);
});
