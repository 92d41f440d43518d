import type { Message } from '../../schemas/message.js';
import type { SearchInput, SearchOutput } from '../../schemas/search.js';
import { NotFoundError } from '../../service/errors.js';
import { MESSAGE_COLUMNS } from '../columns.js';
import type { Database } from '../database/database.js';

/** How many of the newest messages matching any query word are ranked, besides those matching all. */
const ANY_WORD_CANDIDATES = 1000;

/**
 * Full-text search over messages. A question rarely repeats every word of the message that
 * answers it, so messages matching any of its words are candidates, ranked by how many of the
 * words they hold and how close together. Common words can match a large share of a big
 * memory, so the candidates are every message matching all the words plus the newest
 * ${ANY_WORD_CANDIDATES} matching any: ranking stays bounded at any size.
 */
export async function searchMessages(
  db: Database,
  workspace: string,
  input: SearchInput,
): Promise<SearchOutput> {
  await assertFiltersExist(db, workspace, input);
  const filters = `m.workspace_id = $1 AND ($3::text IS NULL OR m.session_id = $3::text)
    AND ($4::text IS NULL OR m.peer_id = $4::text)`;
  const messages = await db.query<Message>(
    `WITH q AS (
       SELECT plainto_tsquery('english', $2) AS all_words,
              replace(plainto_tsquery('english', $2)::text, ' & ', ' | ')::tsquery AS any_word
     ),
     candidates AS (
       (SELECT m.seq FROM messages m, q WHERE ${filters} AND m.search_vector @@ q.all_words)
       UNION
       (SELECT m.seq FROM messages m, q WHERE ${filters} AND m.search_vector @@ q.any_word
        ORDER BY m.seq DESC LIMIT ${ANY_WORD_CANDIDATES})
     )
     SELECT ${MESSAGE_COLUMNS} FROM messages m JOIN candidates c ON c.seq = m.seq, q
     ORDER BY ts_rank_cd(m.search_vector, q.any_word) DESC, m.created_at DESC, m.seq DESC
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
