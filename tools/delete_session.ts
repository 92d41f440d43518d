import { z } from 'zod';
import { SessionInput } from '../src/schemas/session.js';
import { MemoryError } from '../src/service/errors.js';
import { defineTool } from './tool.js';

const DeleteSessionOutput = z.object({
  ok: z.literal(true).describe('The session is gone.'),
  deleted: z.boolean().describe('false when there was no such session: already deleted, or never made.'),
});

export const deleteSessionTool = defineTool({
  name: 'delete_session',
  title: 'Delete a session',
  description:
    'Permanently delete a session, its messages and what was learned from them: only when the user asks.',
  inputSchema: SessionInput,
  outputSchema: DeleteSessionOutput,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async handler(input, { memory }) {
    try {
      await memory.deleteSession(input);
      return { ok: true as const, deleted: true };
    } catch (error) {
      // Idempotent as annotated: a second call finds what the first one left, no session, and says so.
      if (error instanceof MemoryError && error.code === 'not_found' && error.field === 'session')
        return { ok: true as const, deleted: false };
      throw error;
    }
  },
});
