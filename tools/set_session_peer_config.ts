import { SessionPeerConfig, SetSessionPeerConfigInput } from '../src/schemas/session.js';
import { defineTool } from './tool.js';

export const setSessionPeerConfigTool = defineTool({
  name: 'set_session_peer_config',
  title: 'Switch learning for a session member',
  description:
    'Turn learning on or off for one member of a session: observe_me false, nothing it says there is learned (when the user asks not to be remembered there); observe_others true, it learns about the other members.',
  inputSchema: SetSessionPeerConfigInput,
  outputSchema: SessionPeerConfig,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: (input, { memory }) => memory.setSessionPeerConfig(input),
});
