import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContextOutput } from '../../src/schemas/context.js';
import { LIMITS } from '../../src/schemas/limits.js';
import type { AddMessagesOutput, ListMessagesOutput } from '../../src/schemas/message.js';
import type { SearchOutput } from '../../src/schemas/search.js';
import { type ConnectedClient, callOk, connectClient } from '../support/mcp-targets.js';

const MARKER =
  /\n\[… \d+ more characters not shown: list_messages with size \d+ or less returns every message whole\]$/;
const contentChars = (messages: { content: string }[]) =>
  messages.reduce((sum, m) => sum + m.content.length, 0);

// Ten messages of the largest size: twice what one answer carries.
const LONG = Array.from({ length: 10 }, (_, i) =>
  `${i} ${'long words '.repeat(LIMITS.messageChars / 11)}`.slice(0, LIMITS.messageChars),
);

describe.each(['stdio', 'in-process'] as const)('answers stay within the size cap (%s)', (transport) => {
  let connected: ConnectedClient;
  beforeAll(async () => {
    connected = await connectClient(transport, transport === 'stdio' ? 'pglite' : 'postgres');
  });
  afterAll(async () => {
    await connected.close();
  });

  it('a session of long messages stays readable by the reference client, cut with a marker', async () => {
    const { client } = connected;
    const added = await callOk<AddMessagesOutput>(client, 'add_messages', {
      session: 'long',
      messages: LONG.map((content) => ({ peer: 'ada', content })),
    });
    expect(contentChars(added.messages)).toBeLessThanOrEqual(LIMITS.answerChars + 2000);

    const page = await callOk<ListMessagesOutput>(client, 'list_messages', { session: 'long' });
    expect(page.items).toHaveLength(LONG.length);
    expect(page.items[0]?.content).toMatch(MARKER);
    expect(page.items[0]?.content.startsWith(LONG[0]?.slice(0, 1000) ?? '-')).toBe(true);

    const whole = await callOk<ListMessagesOutput>(client, 'list_messages', {
      session: 'long',
      size: 5,
      page: 2,
    });
    expect(whole.items.map((message) => message.content)).toEqual(LONG.slice(5));

    const found = await callOk<SearchOutput>(client, 'search', { query: 'long words', limit: 10 });
    expect(found.messages.length).toBeGreaterThan(0);
    expect(contentChars(found.messages)).toBeLessThanOrEqual(LIMITS.answerChars + 2000);

    const context = await callOk<ContextOutput>(client, 'get_context', {
      session: 'long',
      tokens: LIMITS.contextTokens,
    });
    expect(contentChars(context.messages)).toBeLessThanOrEqual(LIMITS.answerChars + 2000);
  }, 120_000);
});
