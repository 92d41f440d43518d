import { ContextOutput, GetContextInput } from '../src/schemas/context.js';
import { defineTool, READ_ONLY } from './tool.js';

export const getContextTool = defineTool({
  name: 'get_context',
  title: 'Get conversation context',
  description:
    "Get what to put in your prompt when a conversation resumes: the session's newest messages within `tokens`, and if asked a summary of older ones and what is known about the user (peer_perspective: the user's peer).",
  inputSchema: GetContextInput,
  outputSchema: ContextOutput,
  annotations: READ_ONLY,
  handler: (input, { memory }) => memory.getContext(input),
});
