import type { MemoryResource } from './resource.js';

export const sessionsResource: MemoryResource = {
  name: 'sessions',
  uri: 'memory://sessions',
  title: 'Sessions',
  description: 'The 100 most recent conversations (sessions) in this memory, newest first.',
  mimeType: 'application/json',
  async read(_variables, { memory }) {
    const { items, total } = await memory.listSessions({ page: 1, size: 100, reverse: true });
    return JSON.stringify({ sessions: items, total }, null, 2);
  },
};
