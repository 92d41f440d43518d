import { ChatInput, ChatOutput } from '../src/schemas/chat.js';
import { defineTool } from './tool.js';

export const chatTool = defineTool({
  name: 'chat',
  title: 'Ask the memory',
  description:
    'Ask a question in plain words and get an answer from what the memory has learned about a peer ' +
    '(“What does the user do for a living?”, “When did Ada move?”), or what one peer knows about ' +
    'another (target). The answer is null when the memory does not hold it: do not guess then. ' +
    'reasoning_level: minimal or low for quick recall, medium to high for questions that combine facts.',
  inputSchema: ChatInput,
  outputSchema: ChatOutput,
  // It may create the peer or session it names, as the other writes do, but changes no memory.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: (input, { memory }) => memory.chat(input),
});
