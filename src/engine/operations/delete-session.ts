import type { Ok } from '../../schemas/common.js';
import type { SessionInput } from '../../schemas/session.js';
import { NotFoundError } from '../../service/errors.js';
import type { Database } from '../database/database.js';

/** Deletes a session for good; its messages and memberships go with it (ON DELETE CASCADE). */
export async function deleteSession(db: Database, workspace: string, input: SessionInput): Promise<Ok> {
  const deleted = await db.query('DELETE FROM sessions WHERE workspace_id = $1 AND id = $2 RETURNING id', [
    workspace,
    input.session,
  ]);
  if (deleted.length === 0) throw new NotFoundError('session', input.session, 'session');
  return { ok: true };
}
