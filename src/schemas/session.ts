import { z } from 'zod';
import { Id, Metadata, PaginationInput, paginated, Timestamp } from './common.js';
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
