import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Conversation } from '../locomo/load-locomo.js';

/** The three calls a load client makes in turn; each resolves once the server acknowledged it. */
export type LoadOperation = 'add_messages' | 'search' | 'get_context';
export const LOAD_OPERATIONS: readonly LoadOperation[] = ['add_messages', 'search', 'get_context'];

/** One client's way to the server: the three calls with real LoCoMo text, and a hang-up. */
export type LoadClient = {
  call(operation: LoadOperation, step: number): Promise<void>;
  close(): Promise<void>;
};

/** What a client sends at its `step`: the next two turns of its conversation, one of its questions. */
type LoadText = {
  session: string;
  turns: { peer: string; content: string }[];
  question: string;
};

/**
 * Client `client` walks conversation `client % 10` turn by turn (two turns a write, in the session
 * they were said in, starting over after the last) and asks its questions in order.
 */
export function loadText(conversations: readonly Conversation[], client: number): (step: number) => LoadText {
  const conversation = conversations[client % conversations.length] as Conversation;
  const turns = conversation.sessions.flatMap((session) =>
    session.turns.map((turn) => ({ session: session.id, peer: turn.speaker, content: turn.text })),
  );
  const questions = conversation.questions.map((question) => question.question);
  if (turns.length < 2 || questions.length === 0) throw new Error(`conversation ${conversation.id} is empty`);
  return (step) => {
    const first = turns[(step * 2) % turns.length] as (typeof turns)[number];
    const second = turns[(step * 2 + 1) % turns.length] as (typeof turns)[number];
    const pair = second.session === first.session ? [first, second] : [first];
    return {
      // Each client its own sessions: one conversation's words, several writers at once.
      session: slug(`c${client}-${conversation.id}-${first.session}`),
      turns: pair.map((turn) => ({ peer: slug(turn.peer), content: turn.content })),
      question: questions[step % questions.length] as string,
    };
  };
}

function slug(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]+/g, '-').toLowerCase();
}

/** A real MCP client over Streamable HTTP to `url` (…/mcp). A tool error throws. */
export async function mcpLoadClient(url: string, text: (step: number) => LoadText): Promise<LoadClient> {
  const client = new Client({ name: 'peermem-load', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const tool = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args });
    if (result.isError) throw new Error(`${name}: ${(result.content as { text?: string }[])[0]?.text}`);
  };
  return {
    async call(operation, step) {
      const { session, turns, question } = text(step);
      if (operation === 'add_messages') return tool('add_messages', { session, messages: turns });
      if (operation === 'search') return tool('search', { query: question, limit: 10 });
      return tool('get_context', { session, tokens: 2048 });
    },
    close: () => client.close(),
  };
}

/**
 * The gateway at `url` through `wallet` (a wallet's fetch): a paid POST /api/memory/messages,
 * a signed-in /search and /context. Anything but a 200 throws.
 */
export function gatewayLoadClient(
  url: string,
  wallet: typeof fetch,
  text: (step: number) => LoadText,
): LoadClient {
  const post = async (path: string, body: unknown) => {
    const response = await wallet(`${url}/api/memory${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = await response.text();
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${answer.slice(0, 300)}`);
  };
  return {
    async call(operation, step) {
      const { session, turns, question } = text(step);
      if (operation === 'add_messages') return post('/messages', { session, messages: turns });
      if (operation === 'search') return post('/search', { query: question, limit: 10 });
      return post('/context', { session, tokens: 2048 });
    },
    close: async () => {},
  };
}
