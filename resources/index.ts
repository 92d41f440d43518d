import { memoryViewResource } from './memory_view.js';
import { peerCardResource } from './peer_card.js';
import { peerRepresentationResource } from './peer_representation.js';
import type { MemoryResource } from './resource.js';
import { sessionMessagesResource } from './session_messages.js';
import { sessionSummariesResource } from './session_summaries.js';
import { sessionsResource } from './sessions.js';
import { spendingResource } from './spending.js';

/** Every resource, in the order clients list them. */
export const resources: readonly MemoryResource[] = [
  sessionsResource,
  sessionMessagesResource,
  sessionSummariesResource,
  peerCardResource,
  peerRepresentationResource,
  spendingResource,
  memoryViewResource,
];
