import { z } from 'zod';
import { Id, Metadata, MetadataChangeInput, PaginationInput, paginated, Timestamp } from './common.js';
import { LIMITS } from './limits.js';

/** A session as list operations return it. */
export const SessionListItem = z.object({
  id: z.string().describe('The session id.'),
  metadata: Metadata.describe('Key-value metadata of the session.'),
  created_at: Timestamp,
  is_active: z
    .boolean()
    .describe(
      'In a session list: the session still has members. In a peer’s session list: that peer is still a member.',
    ),
});
export type SessionListItem = z.infer<typeof SessionListItem>;

/** A session as clone_session and update_session_metadata return it. */
export const Session = SessionListItem.pick({ id: true, metadata: true, created_at: true });
export type Session = z.infer<typeof Session>;

export const ListSessionsInput = z.strictObject({ ...PaginationInput });
export type ListSessionsInput = z.infer<typeof ListSessionsInput>;

export const ListSessionsOutput = paginated(SessionListItem);
export type ListSessionsOutput = z.infer<typeof ListSessionsOutput>;

export const SessionInput = z.strictObject({ session: Id.describe('The session id.') });
export type SessionInput = z.infer<typeof SessionInput>;

export const SessionPeersChangeInput = z.strictObject({
  session: Id.describe('The session id.'),
  peers: z
    .array(Id)
    .min(1, 'must hold at least 1 peer id')
    .max(LIMITS.peersPerCall, `must hold at most ${LIMITS.peersPerCall} peer ids`)
    .describe(`The peer ids, 1 to ${LIMITS.peersPerCall}.`),
});
export type SessionPeersChangeInput = z.infer<typeof SessionPeersChangeInput>;

export const CloneSessionInput = z.strictObject({
  session: Id.describe('The session to copy.'),
  up_to_message: Id.optional().describe(
    'Copy the messages only up to and including this message of the session. Default: all of them.',
  ),
});
export type CloneSessionInput = z.infer<typeof CloneSessionInput>;

export const UpdateSessionMetadataInput = MetadataChangeInput('session');
export type UpdateSessionMetadataInput = z.infer<typeof UpdateSessionMetadataInput>;

export const SessionPeerInput = z.strictObject({
  session: Id.describe('The session.'),
  peer: Id.describe('A current member of the session.'),
});
export type SessionPeerInput = z.infer<typeof SessionPeerInput>;

const ObserveMe = z
  .boolean()
  .describe(
    'Whether what this peer says in this session is learned from, by itself and by the peers that observe others. Default true.',
  );
const ObserveOthers = z
  .boolean()
  .describe(
    'Whether this peer learns about the other members from what they say in this session. Default false.',
  );

export const SessionPeerConfig = z.object({ observe_me: ObserveMe, observe_others: ObserveOthers });
export type SessionPeerConfig = z.infer<typeof SessionPeerConfig>;

export const SetSessionPeerConfigInput = z.strictObject({
  session: Id.describe('The session.'),
  peer: Id.describe('A current member of the session.'),
  observe_me: ObserveMe.optional().describe(`${ObserveMe.description} Not given: unchanged.`),
  observe_others: ObserveOthers.optional().describe(`${ObserveOthers.description} Not given: unchanged.`),
});
export type SetSessionPeerConfigInput = z.infer<typeof SetSessionPeerConfigInput>;
