import type { SessionInput } from '../../schemas/session.js';
import type { SessionSummariesOutput } from '../../schemas/summary.js';
import { NotFoundError } from '../../service/errors.js';
import type { Database } from '../database/database.js';
import { readSummaries } from '../reads/read-summaries.js';

/** The short and long summaries of a session: null until the deriver has written them. */
export async function getSessionSummaries(
  db: Database,
  workspace: string,
  input: SessionInput,
): Promise<SessionSummariesOutput> {
  const summaries = await readSummaries(db, workspace, input.session);
  if (!summaries) throw new NotFoundError('session', input.session, 'session');
  return summaries;
}
