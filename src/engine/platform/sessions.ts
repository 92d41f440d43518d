// The session operations of the platform API, one SQL statement each (see workspaces.ts); a session
// is a configurable row (configurable-rows.ts) and its list is data for readPage.
import { randomUUID } from 'node:crypto';
import type { Page, PageRequest, Peer, Session, SessionPeerConfig } from '../../schemas/platform.js';
import { NotFoundError } from '../../service/errors.js';
import type { Database } from '../database/database.js';
import { removeSessionPeers as leaveSession } from '../operations/remove-session-peers.js';
import { workspaceRows } from './configurable-rows.js';
import { PEER_JSON, sessionJson } from './platform-columns.js';
import { readPage } from './platform-page.js';

const SESSION_JSON = sessionJson();
export const SESSION_TABLE = {
  table: 'sessions',
  alias: 's',
  json: SESSION_JSON,
  idField: 'session_id',
} as const;

/** The sessions of a workspace ($1). */
export const SESSION_LIST = workspaceRows(SESSION_TABLE, ['s.created_at', 's.id']);

/**
 * Makes peers members of a session with their configuration, creating the session and the peers
 * on first reference. With `replace`, the members not named leave the session.
 */
export async function upsertSessionPeers(
  db: Database,
  workspace: string,
  session: string,
  peers: Record<string, SessionPeerConfig>,
  options: { replace: boolean },
): Promise<void> {
  const input = Object.entries(peers).map(([peer, config], ord) => ({
    ord,
    peer,
    observe_me: config.observe_me ?? null,
    observe_others: config.observe_others ?? null,
  }));
  await db.query(
    `WITH input AS (
       SELECT * FROM jsonb_to_recordset($3::jsonb) AS i(ord int, peer text, observe_me boolean, observe_others boolean)
     ),
     new_workspace AS (INSERT INTO workspaces (id) VALUES ($1) ON CONFLICT DO NOTHING),
     new_session AS (INSERT INTO sessions (workspace_id, id) VALUES ($1, $2) ON CONFLICT DO NOTHING),
     new_peers AS (INSERT INTO peers (workspace_id, id) SELECT $1, peer FROM input ORDER BY ord ON CONFLICT DO NOTHING),
     leaving AS (
       UPDATE session_peers sp SET left_at = now()
       WHERE $4 AND sp.workspace_id = $1 AND sp.session_id = $2 AND sp.left_at IS NULL
         AND sp.peer_id NOT IN (SELECT peer FROM input)
     ),
     updated AS (
       UPDATE session_peers sp SET
         observe_me = coalesce(i.observe_me, sp.observe_me),
         observe_others = coalesce(i.observe_others, sp.observe_others),
         joined_at = CASE WHEN sp.left_at IS NULL THEN sp.joined_at ELSE now() END,
         left_at = NULL
       FROM input i WHERE sp.workspace_id = $1 AND sp.session_id = $2 AND sp.peer_id = i.peer
       RETURNING sp.peer_id
     )
     INSERT INTO session_peers (workspace_id, session_id, peer_id, observe_me, observe_others)
     SELECT $1, $2, peer, coalesce(observe_me, true), coalesce(observe_others, false) FROM input
     WHERE peer NOT IN (SELECT peer_id FROM updated) ORDER BY ord
     ON CONFLICT (workspace_id, session_id, peer_id) DO NOTHING`,
    [workspace, session, JSON.stringify(input), options.replace],
  );
}

/** The peers leave the session; they stay in its history and in their own session lists. */
export async function removeSessionPeers(
  db: Database,
  workspace: string,
  session: string,
  peers: readonly string[],
): Promise<void> {
  await leaveSession(db, workspace, { session, peers: [...peers] });
}

/** A not_found naming `session_id` unless the session exists: before a read that would find it empty. */
export async function assertSessionExists(db: Database, workspace: string, session: string): Promise<void> {
  const rows = await db.query('SELECT 1 FROM sessions WHERE workspace_id = $1 AND id = $2', [
    workspace,
    session,
  ]);
  if (rows.length === 0) throw new NotFoundError('session', session, 'session_id');
}

/** The current members of a session, in the order they joined. */
export async function listSessionPeers(
  db: Database,
  workspace: string,
  session: string,
  page: PageRequest,
): Promise<Page<Peer>> {
  await assertSessionExists(db, workspace, session);
  return readPage(
    db,
    {
      from: `(SELECT p.*, sp.seq AS member_seq FROM peers p JOIN session_peers sp
               ON sp.workspace_id = p.workspace_id AND sp.peer_id = p.id
             WHERE p.workspace_id = $1 AND sp.session_id = $2 AND sp.left_at IS NULL) p`,
      alias: 'p',
      where: 'true',
      order: ['p.member_seq'],
      json: PEER_JSON,
    },
    [workspace, session],
    page,
  );
}

/** A member's session-level configuration; with `change`, the values given are stored first. */
export async function sessionPeerConfig(
  db: Database,
  workspace: string,
  session: string,
  peer: string,
  change?: SessionPeerConfig,
): Promise<{ observe_me: boolean; observe_others: boolean }> {
  const [row] = await db.query<{ observe_me: boolean; observe_others: boolean }>(
    `UPDATE session_peers SET observe_me = coalesce($4::boolean, observe_me),
       observe_others = coalesce($5::boolean, observe_others)
     WHERE workspace_id = $1 AND session_id = $2 AND peer_id = $3 AND left_at IS NULL
     RETURNING observe_me, observe_others`,
    [workspace, session, peer, change?.observe_me ?? null, change?.observe_others ?? null],
  );
  if (!row)
    throw new NotFoundError('peer', peer, 'peer_id', `is not a member of session "${session}"`, 'not_member');
  return row;
}

/**
 * A copy of a session under a new id: metadata, configuration, members with their
 * configuration, and its messages (up to and including `upTo` when given), in one statement.
 */
export async function cloneSession(
  db: Database,
  workspace: string,
  session: string,
  upTo: string | undefined,
): Promise<Session> {
  const [row] = await db.query<{ session: Session | null; source_found: boolean; cut_found: boolean }>(
    `WITH source AS (SELECT * FROM sessions WHERE workspace_id = $1 AND id = $2),
     cut AS (SELECT created_at, seq FROM messages WHERE workspace_id = $1 AND session_id = $2 AND id = $4::text),
     picked AS (
       SELECT m.* FROM messages m WHERE m.workspace_id = $1 AND m.session_id = $2
         AND ($4::text IS NULL OR (m.created_at, m.seq) <= (SELECT created_at, seq FROM cut))
     ),
     created AS (
       INSERT INTO sessions (workspace_id, id, metadata, configuration, message_count)
       SELECT $1, $3, metadata, configuration, (SELECT count(*) FROM picked) FROM source
       WHERE $4::text IS NULL OR EXISTS (SELECT 1 FROM cut)
       RETURNING *
     ),
     members AS (
       INSERT INTO session_peers (workspace_id, session_id, peer_id, observe_me, observe_others, joined_at, left_at)
       SELECT $1, $3, sp.peer_id, sp.observe_me, sp.observe_others, sp.joined_at, sp.left_at FROM session_peers sp
       WHERE sp.workspace_id = $1 AND sp.session_id = $2 AND EXISTS (SELECT 1 FROM created) ORDER BY sp.seq
     ),
     copied AS (
       INSERT INTO messages (workspace_id, session_id, peer_id, content, metadata, token_count, created_at)
       SELECT $1, $3, peer_id, content, metadata, token_count, created_at FROM picked
       WHERE EXISTS (SELECT 1 FROM created) ORDER BY created_at, seq
     )
     SELECT (SELECT ${SESSION_JSON} FROM created s) AS session,
       EXISTS (SELECT 1 FROM source) AS source_found, EXISTS (SELECT 1 FROM cut) AS cut_found`,
    [workspace, session, randomUUID(), upTo ?? null],
  );
  if (!row?.source_found) throw new NotFoundError('session', session, 'session_id');
  if (!row.session)
    throw new NotFoundError(
      'message',
      upTo ?? '',
      'message_id',
      `is not in session "${session}"`,
      'not_in_session',
    );
  return row.session;
}
