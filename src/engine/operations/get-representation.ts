import type { GetRepresentationInput, RepresentationOutput } from '../../schemas/representation.js';
import { NotFoundError } from '../../service/errors.js';
import type { Database } from '../database/database.js';
import { readRepresentation } from '../reads/read-representation.js';

/** What a peer knows of itself or of `target`, as markdown; empty when nothing is known yet. */
export async function getRepresentation(
  db: Database,
  workspace: string,
  input: GetRepresentationInput,
): Promise<RepresentationOutput> {
  const [row] = await db.query<{ peer_found: boolean; target_found: boolean; session_found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM peers WHERE workspace_id = $1 AND id = $2) AS peer_found,
            EXISTS (SELECT 1 FROM peers WHERE workspace_id = $1 AND id = coalesce($3::text, $2)) AS target_found,
            ($4::text IS NULL OR EXISTS (SELECT 1 FROM sessions WHERE workspace_id = $1 AND id = $4::text)) AS session_found`,
    [workspace, input.peer, input.target ?? null, input.session ?? null],
  );
  if (!row?.peer_found) throw new NotFoundError('peer', input.peer, 'peer');
  if (!row.target_found && input.target !== undefined)
    throw new NotFoundError('peer', input.target, 'target');
  if (!row.session_found && input.session !== undefined)
    throw new NotFoundError('session', input.session, 'session');
  const representation = await readRepresentation(db, workspace, {
    observer: input.peer,
    observed: input.target ?? input.peer,
    session: input.session,
  });
  return { representation: representation ?? '' };
}
