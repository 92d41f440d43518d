import { addMessagesTool } from './add_messages.js';
import { addSessionPeersTool } from './add_session_peers.js';
import { chatTool } from './chat.js';
import { deleteSessionTool } from './delete_session.js';
import { getContextTool } from './get_context.js';
import { getDeriverStatusTool } from './get_deriver_status.js';
import { getPeerCardTool } from './get_peer_card.js';
import { getRepresentationTool } from './get_representation.js';
import { getSessionSummariesTool } from './get_session_summaries.js';
import { getSpendingTool } from './get_spending.js';
import { listMessagesTool } from './list_messages.js';
import { listPeerSessionsTool } from './list_peer_sessions.js';
import { listPeersTool } from './list_peers.js';
import { listSessionPeersTool } from './list_session_peers.js';
import { listSessionsTool } from './list_sessions.js';
import { removeSessionPeersTool } from './remove_session_peers.js';
import { searchTool } from './search.js';
import { setPeerCardTool } from './set_peer_card.js';
import type { MemoryTool } from './tool.js';

/** Every tool, in the order clients list them: the everyday ones first. */
export const tools: readonly MemoryTool[] = [
  addMessagesTool,
  getContextTool,
  chatTool,
  searchTool,
  getPeerCardTool,
  setPeerCardTool,
  getRepresentationTool,
  listMessagesTool,
  listSessionsTool,
  listPeersTool,
  listPeerSessionsTool,
  listSessionPeersTool,
  addSessionPeersTool,
  removeSessionPeersTool,
  getSessionSummariesTool,
  getDeriverStatusTool,
  getSpendingTool,
  deleteSessionTool,
];
