import { addMessagesTool } from './add_messages.js';
import { addSessionPeersTool } from './add_session_peers.js';
import { chatTool } from './chat.js';
import { cloneSessionTool } from './clone_session.js';
import { createObservationsTool } from './create_observations.js';
import { deleteObservationTool } from './delete_observation.js';
import { deletePeerTool } from './delete_peer.js';
import { deleteSessionTool } from './delete_session.js';
import { getContextTool } from './get_context.js';
import { getDeriverStatusTool } from './get_deriver_status.js';
import { getMessageTool } from './get_message.js';
import { getPeerCardTool } from './get_peer_card.js';
import { getRepresentationTool } from './get_representation.js';
import { getSessionPeerConfigTool } from './get_session_peer_config.js';
import { getSessionSummariesTool } from './get_session_summaries.js';
import { getSpendingTool } from './get_spending.js';
import { importFileTool } from './import_file.js';
import { importTextTool } from './import_text.js';
import { listMessagesTool } from './list_messages.js';
import { listObservationsTool } from './list_observations.js';
import { listPeerSessionsTool } from './list_peer_sessions.js';
import { listPeersTool } from './list_peers.js';
import { listSessionPeersTool } from './list_session_peers.js';
import { listSessionsTool } from './list_sessions.js';
import { queryObservationsTool } from './query_observations.js';
import { removeSessionPeersTool } from './remove_session_peers.js';
import { searchTool } from './search.js';
import { setPeerCardTool } from './set_peer_card.js';
import { setSessionPeerConfigTool } from './set_session_peer_config.js';
import type { MemoryTool } from './tool.js';
import { updateMessageMetadataTool } from './update_message_metadata.js';
import { updatePeerMetadataTool } from './update_peer_metadata.js';
import { updateSessionMetadataTool } from './update_session_metadata.js';

/** Every tool, in the order clients list them: the everyday ones first. */
export const tools: readonly MemoryTool[] = [
  addMessagesTool,
  importFileTool,
  importTextTool,
  getContextTool,
  chatTool,
  searchTool,
  getPeerCardTool,
  setPeerCardTool,
  getRepresentationTool,
  queryObservationsTool,
  listObservationsTool,
  createObservationsTool,
  deleteObservationTool,
  listMessagesTool,
  getMessageTool,
  updateMessageMetadataTool,
  listSessionsTool,
  updateSessionMetadataTool,
  cloneSessionTool,
  listPeersTool,
  updatePeerMetadataTool,
  listPeerSessionsTool,
  listSessionPeersTool,
  addSessionPeersTool,
  removeSessionPeersTool,
  getSessionPeerConfigTool,
  setSessionPeerConfigTool,
  getSessionSummariesTool,
  getDeriverStatusTool,
  getSpendingTool,
  deleteSessionTool,
  deletePeerTool,
];
