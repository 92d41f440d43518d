import { listPerSession, type MemoryResource, sessionIdsStartingWith } from './resource.js';

export const sessionMessagesResource: MemoryResource = {
  name: 'session_messages',
  template: 'memory://sessions/{session}/messages',
  title: 'Session messages',
  description: 'The newest 100 messages of one session, oldest first.',
  mimeType: 'application/json',
  list: (context) => listPerSession(context, 'messages', 'Messages of'),
  complete: { session: sessionIdsStartingWith },
  async read({ session = '' }, { memory }) {
    const { items, total } = await memory.listMessages({ session, page: 1, size: 100, reverse: true });
    return JSON.stringify({ session, total, messages: items.reverse() }, null, 2);
  },
};
