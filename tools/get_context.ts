import { ContextOutput, GetContextInput } from '../src/schemas/context.js';
import { defineTool, READ_ONLY } from './tool.js';

export const getContextTool = defineTool({
  name: 'get_context',
  title: 'Get conversation context',
  description:
    'Get what to put in your prompt to continue a session: its newest messages that fit in `tokens` ' +
    '(oldest first), plus, when asked, a summary of older ones and what is known about a peer ' +
    '(peer_perspective, optionally about peer_target). Call it at the start of a conversation that resumes.',
  inputSchema: GetContextInput,
  outputSchema: ContextOutput,
  annotations: READ_ONLY,
  handler: (input, { memory }) => memory.getContext(input),
});
