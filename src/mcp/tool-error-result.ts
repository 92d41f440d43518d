import type { CallToolResult } from '@modelcontextprotocol/server';
import { hintFor, MemoryError, type SubjectHints } from '../service/errors.js';

const LIST_MESSAGES = 'list_messages gives the ids of a session’s messages.';

/** How a model finds what exists, in the tools' terms, for a record that was not found. */
const TOOL_HINTS: SubjectHints = {
  'session.missing':
    'Sessions are created by add_messages or add_session_peers; call list_sessions to see the existing ones.',
  'peer.missing':
    'Peers are created when they write a message or join a session; call list_peers to see the existing ones.',
  'peer.not_member':
    'Add the peer to the session first with add_session_peers; list_session_peers lists its members.',
  'message.missing': LIST_MESSAGES,
  'message.not_in_session': LIST_MESSAGES,
  'conclusion.missing': 'list_observations or query_observations give the ids of the current observations.',
};

/** How to recover from `error`, in the tools' terms where it is about a record. */
export function toolHint(error: MemoryError): string | undefined {
  return hintFor(error, TOOL_HINTS);
}

/**
 * The result a model sees when a tool fails: what went wrong and how to recover. Unexpected
 * failures are logged in full on stderr and shown only as a short, secret-free message.
 */
export function toolErrorResult(error: unknown, toolName: string): CallToolResult {
  if (error instanceof MemoryError) {
    const text = [`${error.code}: ${error.message}`, toolHint(error)].filter(Boolean).join('\n');
    return { content: [{ type: 'text', text }], isError: true };
  }
  console.error(`peermem: ${toolName} failed:`, error);
  return {
    content: [
      { type: 'text', text: `internal: ${toolName} failed unexpectedly; nothing was changed. Try again.` },
    ],
    isError: true,
  };
}
