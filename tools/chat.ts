import { ChatInput, ChatOutput } from '../src/schemas/chat.js';
import { defineTool } from './tool.js';

export const chatTool = defineTool({
  name: 'chat',
  title: 'Ask the memory',
  description:
    'Ask a question in plain words about what the memory knows of a peer ("What does the user do for a living?"). The answer is null when the memory does not hold it: do not guess then.',
  inputSchema: ChatInput,
  outputSchema: ChatOutput,
  // It may create the peer or session it names, as the other writes do, but changes no memory.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: (input, { memory }) => memory.chat(input),
});
