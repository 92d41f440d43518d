import type { SessionSummariesOutput, Summary } from '../../schemas/summary.js';
import { isoTimestamp } from '../columns.js';
import type { Database } from '../database/database.js';

/** A session's summaries, or undefined when the session does not exist. */
export async function readSummaries(
  db: Database,
  workspace: string,
  session: string,
): Promise<SessionSummariesOutput | undefined> {
  const [row] = await db.query<{ summaries: Summary[] }>(
    `SELECT coalesce((SELECT json_agg(json_build_object('content', ss.content, 'message_id', ss.message_id,
               'summary_type', ss.summary_type, 'created_at', ${isoTimestamp('ss.created_at')},
               'token_count', ss.token_count))
             FROM session_summaries ss WHERE ss.workspace_id = $1 AND ss.session_id = $2), '[]'::json) AS summaries
     FROM sessions s WHERE s.workspace_id = $1 AND s.id = $2`,
    [workspace, session],
  );
  if (!row) return undefined;
  const of = (type: Summary['summary_type']) =>
    row.summaries.find((summary) => summary.summary_type === type) ?? null;
  return { short: of('short'), long: of('long') };
}
