import { SessionPeerConfig, SetSessionPeerConfigInput } from '../src/schemas/session.js';
import { defineTool } from './tool.js';

export const setSessionPeerConfigTool = defineTool({
  name: 'set_session_peer_config',
  title: 'Switch learning for a session member',
  description:
    'Turn learning on or off for one member of one session, for every message not yet learned from. ' +
    'observe_me false: nothing the peer says in this session is learned about it (call it when the ' +
    'user asks not to be remembered here). observe_others true: the peer also learns about the ' +
    'other members. A value left out stays as it is.',
  inputSchema: SetSessionPeerConfigInput,
  outputSchema: SessionPeerConfig,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: (input, { memory }) => memory.setSessionPeerConfig(input),
});
