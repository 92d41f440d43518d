import type { Conclusion, Peer, PlatformMessage, Session } from '../schemas/platform.js';

/**
 * The platform's records (`/v3`, schemas/platform.ts) as the tools answer them, for both the
 * embedded memory and the remote one over a platform upstream: `peer_id` stays, the platform's
 * conclusions become observations, and fields the tools do not show are left out.
 */

export const asMessage = (message: PlatformMessage) => ({
  id: message.id,
  content: message.content,
  peer_id: message.peer_id,
  session_id: message.session_id,
  created_at: message.created_at,
  token_count: message.token_count,
});

/** A message with its metadata, its fields in the order the platform gives them. */
export const asMessageWithMetadata = (message: PlatformMessage) => ({
  id: message.id,
  content: message.content,
  peer_id: message.peer_id,
  session_id: message.session_id,
  metadata: message.metadata,
  created_at: message.created_at,
  token_count: message.token_count,
});

/** A peer or a session: the tools answer both with these three fields (a session's activity only in a list). */
export const asPeerOrSession = (record: Peer | Session) => ({
  id: record.id,
  metadata: record.metadata,
  created_at: record.created_at,
});

export const asSessionListItem = (session: Session) => ({
  ...asPeerOrSession(session),
  is_active: session.is_active,
});

export const asObservation = (conclusion: Conclusion) => ({
  id: conclusion.id,
  content: conclusion.content,
  observer_id: conclusion.observer_id,
  observed_id: conclusion.observed_id,
  session_id: conclusion.session_id,
  times_derived: conclusion.times_derived,
  created_at: conclusion.created_at,
});
