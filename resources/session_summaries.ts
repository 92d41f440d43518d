import { listPerSession, type MemoryResource, sessionIdsStartingWith } from './resource.js';

export const sessionSummariesResource: MemoryResource = {
  name: 'session_summaries',
  template: 'memory://sessions/{session}/summaries',
  title: 'Session summaries',
  description: 'The short and long summaries of one session (null until generated).',
  mimeType: 'application/json',
  list: (context) => listPerSession(context, 'summaries', 'Summaries of'),
  complete: { session: sessionIdsStartingWith },
  async read({ session = '' }, { memory }) {
    return JSON.stringify({ session, ...(await memory.getSessionSummaries({ session })) }, null, 2);
  },
};
