import type { z } from 'zod';
import type * as S from '../../schemas/platform.js';
import type { Reach } from './platform-auth.js';

/*
 * Scope rules, read from the request alone (docs/platform.md has them as a table). A route
 * without one reaches the workspace of its path: a workspace key may use it, a peer or a session
 * key may not; a path without a workspace is for admin keys (see `route`).
 */

/** What a peer holds or sees: a peer key reaches it for its own peer only. */
export const peerScope = ({ params }: { params: z.output<typeof S.PeerParams> }): Reach => ({
  level: 'peer',
  workspace: params.workspace_id,
  peer: params.peer_id,
});

/**
 * A peer's route that names a session in its body or filters (a chat, a representation or a
 * search narrowed to it): the peer, and the session as that peer, so a peer key stays in the
 * sessions its peer is a member of and joins or creates none.
 */
export const peerInSession = (
  { params }: { params: z.output<typeof S.PeerParams> },
  session: string | null | undefined,
): Reach | readonly Reach[] =>
  session == null
    ? peerScope({ params })
    : [
        peerScope({ params }),
        { level: 'session', workspace: params.workspace_id, session, as: [params.peer_id] },
      ];

/** One session, read, or written as the peers `as` names. */
export const sessionScope =
  (extra: { as?: readonly string[]; manages?: boolean } = {}) =>
  ({ params }: { params: z.output<typeof S.SessionParams> }): Reach => ({
    level: 'session',
    workspace: params.workspace_id,
    session: params.session_id,
    ...extra,
  });

/** A change to a session itself or to its members: a peer key may not make it. */
export const managesSession = sessionScope({ manages: true });
