import { SessionPeerConfig, SessionPeerInput } from '../src/schemas/session.js';
import { defineTool, READ_ONLY } from './tool.js';

export const getSessionPeerConfigTool = defineTool({
  name: 'get_session_peer_config',
  title: 'Read a member’s learning switches',
  description:
    'Read whether a session member is learned about there (observe_me) and learns about the others (observe_others).',
  inputSchema: SessionPeerInput,
  outputSchema: SessionPeerConfig,
  annotations: READ_ONLY,
  handler: (input, { memory }) => memory.getSessionPeerConfig(input),
});
