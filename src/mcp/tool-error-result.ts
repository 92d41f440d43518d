import type { CallToolResult } from '@modelcontextprotocol/server';
import { MemoryError } from '../service/errors.js';

/**
 * The result a model sees when a tool fails: what went wrong and how to recover. Unexpected
 * failures are logged in full on stderr and shown only as a short, secret-free message.
 */
export function toolErrorResult(error: unknown, toolName: string): CallToolResult {
  if (error instanceof MemoryError) {
    const text = [`${error.code}: ${error.message}`, error.hint].filter(Boolean).join('\n');
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
