import { z } from 'zod';
import { Id } from '../src/schemas/common.js';
import { definePrompt, userText } from './prompt.js';

export const saveConversationPrompt = definePrompt({
  name: 'save_conversation',
  title: 'Save this conversation',
  description: 'Asks the model to save every turn of the conversation so far to memory with add_messages.',
  argsSchema: z.object({
    session: Id.describe('The session to save into, e.g. the task or topic of this conversation.'),
    user: Id.optional().describe('The peer id of the user (default "user").'),
    assistant: Id.optional().describe('The peer id of the assistant (default "assistant").'),
  }),
  async messages({ session, user = 'user', assistant = 'assistant' }) {
    return [
      userText(
        `Save this conversation to memory. Call add_messages with session "${session}" and every turn so ` +
          `far, in order: the user's messages with peer "${user}", your replies with peer "${assistant}", ` +
          "each message's full text as content. Send at most 100 messages per call; if there are more, " +
          'send them in order over several calls. Then say how many messages were saved.',
      ),
    ];
  },
});
