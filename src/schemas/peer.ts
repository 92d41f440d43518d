import { z } from 'zod';
import { Id, Metadata, MetadataChangeInput, PaginationInput, paginated, Timestamp } from './common.js';
import { SessionListItem } from './session.js';

/** A peer: a participant (user, agent, assistant) identified by a stable id. */
export const Peer = z.object({
  id: z.string().describe('The peer id.'),
  metadata: Metadata.describe('Key-value metadata of the peer.'),
  created_at: Timestamp,
});
export type Peer = z.infer<typeof Peer>;

export const PeerList = z.object({ peers: z.array(Peer).describe('The peers, oldest first.') });
export type PeerList = z.infer<typeof PeerList>;

export const ListPeersInput = z.strictObject({ ...PaginationInput });
export type ListPeersInput = z.infer<typeof ListPeersInput>;

export const ListPeersOutput = paginated(Peer);
export type ListPeersOutput = z.infer<typeof ListPeersOutput>;

export const ListPeerSessionsInput = z.strictObject({
  peer: Id.describe('The peer whose sessions to list.'),
  ...PaginationInput,
});
export type ListPeerSessionsInput = z.infer<typeof ListPeerSessionsInput>;

export const ListPeerSessionsOutput = paginated(SessionListItem);
export type ListPeerSessionsOutput = z.infer<typeof ListPeerSessionsOutput>;

export const UpdatePeerMetadataInput = MetadataChangeInput('peer');
export type UpdatePeerMetadataInput = z.infer<typeof UpdatePeerMetadataInput>;

export const DeletePeerInput = z.strictObject({
  peer: Id.describe('The peer to forget; it must exist.'),
});
export type DeletePeerInput = z.infer<typeof DeletePeerInput>;
