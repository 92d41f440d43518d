import { type MemoryResource, sessionIdsStartingWith } from './resource.js';

export const sessionSummariesResource: MemoryResource = {
  name: 'session_summaries',
  template: 'memory://sessions/{session}/summaries',
  title: 'Session summaries',
  description: 'The short and long summaries of one session (null until generated).',
  mimeType: 'application/json',
  async list(context) {
    const ids = await sessionIdsStartingWith('', context);
    return ids.map((id) => ({
      uri: `memory://sessions/${encodeURIComponent(id)}/summaries`,
      name: `Summaries of ${id}`,
    }));
  },
  complete: { session: sessionIdsStartingWith },
  async read({ session = '' }, { memory }) {
    return JSON.stringify({ session, ...(await memory.getSessionSummaries({ session })) }, null, 2);
  },
};
