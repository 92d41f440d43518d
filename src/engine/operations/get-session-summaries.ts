import type { SessionInput } from '../../schemas/session.js';
import type { SessionSummariesOutput } from '../../schemas/summary.js';
import { NotFoundError } from '../../service/errors.js';
import type { Database } from '../database/database.js';

/** The short and long summaries of a session: null until the learning engine writes them. */
export async function getSessionSummaries(
  db: Database,
  workspace: string,
  input: SessionInput,
): Promise<SessionSummariesOutput> {
  const found = await db.query('SELECT 1 FROM sessions WHERE workspace_id = $1 AND id = $2', [
    workspace,
    input.session,
  ]);
  if (found.length === 0) throw new NotFoundError('session', input.session, 'session');
  return { short: null, long: null };
}
