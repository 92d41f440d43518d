import type { Message } from '../../schemas/message.js';
import type { SearchInput, SearchOutput } from '../../schemas/search.js';
import { NotFoundError } from '../../service/errors.js';
import { MESSAGE_COLUMNS } from '../columns.js';
import type { Database } from '../database/database.js';

/**
 * Full-text search over messages. A question rarely repeats every word of the message that
 * answers it, so the query's words are OR-ed and the messages that match more of them, closer
 * together, rank first.
 */
export async function searchMessages(
  db: Database,
  workspace: string,
  input: SearchInput,
): Promise<SearchOutput> {
  await assertFiltersExist(db, workspace, input);
  const messages = await db.query<Message>(
    `WITH q AS (SELECT replace(plainto_tsquery('english', $2)::text, ' & ', ' | ')::tsquery AS query)
     SELECT ${MESSAGE_COLUMNS} FROM messages m, q
     WHERE m.workspace_id = $1 AND m.search_vector @@ q.query
       AND ($3::text IS NULL OR m.session_id = $3::text) AND ($4::text IS NULL OR m.peer_id = $4::text)
     ORDER BY ts_rank_cd(m.search_vector, q.query) DESC, m.created_at DESC, m.seq DESC
     LIMIT $5::int`,
    [workspace, input.query, input.session ?? null, input.peer ?? null, input.limit],
  );
  return { messages };
}

async function assertFiltersExist(db: Database, workspace: string, input: SearchInput): Promise<void> {
  if (input.session === undefined && input.peer === undefined) return;
  const [row] = await db.query<{ session_found: boolean; peer_found: boolean }>(
    `SELECT ($2::text IS NULL OR EXISTS (SELECT 1 FROM sessions WHERE workspace_id = $1 AND id = $2::text)) AS session_found,
            ($3::text IS NULL OR EXISTS (SELECT 1 FROM peers WHERE workspace_id = $1 AND id = $3::text)) AS peer_found`,
    [workspace, input.session ?? null, input.peer ?? null],
  );
  if (input.session !== undefined && !row?.session_found)
    throw new NotFoundError('session', input.session, 'session');
  if (input.peer !== undefined && !row?.peer_found) throw new NotFoundError('peer', input.peer, 'peer');
}
