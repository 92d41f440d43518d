import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ROUTES } from '../../src/http/platform/platform-routes.js';
import { PlatformClient } from '../../src/remote/platform-client.js';
import { COMPOSED_METHODS, createPlatformMemoryService } from '../../src/remote/platform-memory-service.js';
import { MEMORY_METHODS, type MemoryService } from '../../src/service/memory-service.js';
import { type InProcessPlatform, startInProcessPlatform } from '../support/in-process-platform.js';

// What ties the platform upstream's client to the platform's routes: each MemoryService method
// is named by the route it is sent to, or listed as composed, so a new method cannot be left out.

const ADMIN_KEY = 'platform-memory-service-admin-key';

type OneRequest = Exclude<keyof MemoryService, (typeof COMPOSED_METHODS)[number]>;

/** A call of each method the client sends as one request; the type checker asks for every one. */
const CALLS: { [Method in OneRequest]: Parameters<MemoryService[Method]>[0] } = {
  addMessages: { session: 's', messages: [{ peer: 'ada', content: 'I like tea.' }] },
  listMessages: { session: 's', page: 1, size: 10, reverse: false },
  listPeers: { page: 1, size: 10, reverse: false },
  listPeerSessions: { peer: 'ada', page: 1, size: 10, reverse: false },
  getPeerCard: { peer: 'ada' },
  setPeerCard: { peer: 'ada', card: ['Likes tea'] },
  listSessions: { page: 1, size: 10, reverse: false },
  listSessionPeers: { session: 's' },
  addSessionPeers: { session: 's', peers: ['bo'] },
  removeSessionPeers: { session: 's', peers: ['bo'] },
  deleteSession: { session: 'gone' },
  getSessionSummaries: { session: 's' },
  getContext: { session: 's', tokens: 1000 },
  search: { query: 'tea', limit: 5 },
  chat: { peer: 'ada', query: 'What does ada like?', reasoning_level: 'minimal' },
  getRepresentation: { peer: 'ada' },
  getMessage: { session: 's', message: 'no-such-message' },
  updateMessageMetadata: { session: 's', message: 'no-such-message', metadata: {} },
  updatePeerMetadata: { peer: 'ada', metadata: { role: 'tester' } },
  deletePeer: { peer: 'gone' },
  updateSessionMetadata: { session: 's', metadata: { topic: 'tea' } },
  cloneSession: { session: 's' },
  getSessionPeerConfig: { session: 's', peer: 'ada' },
  setSessionPeerConfig: { session: 's', peer: 'ada', observe_me: true },
  listObservations: { page: 1, size: 10, reverse: false },
  queryObservations: { observer: 'ada', observed: 'ada', query: 'tea', top_k: 5 },
  createObservations: {
    observations: [{ observer: 'ada', observed: 'ada', session: 's', content: 'Likes tea' }],
  },
  deleteObservation: { id: 'no-such-observation' },
};

/** `METHOD /path` of each route that names a method, its path as a pattern of its parameters. */
const routeOf = new Map(
  PLATFORM_ROUTES.flatMap((route) =>
    route.serves === undefined
      ? []
      : [
          [
            route.serves,
            {
              label: `${route.method.toUpperCase()} ${route.path}`,
              pattern: new RegExp(
                `^${route.method.toUpperCase()} ${route.path.replace(/\{\w+\}/g, '[^/]+')}$`,
              ),
            },
          ] as const,
        ],
  ),
);

describe('the platform upstream’s client and the platform’s routes', () => {
  it('names every MemoryService method once: by the one route it is sent to, or as composed', () => {
    const named = PLATFORM_ROUTES.flatMap((route) => (route.serves === undefined ? [] : [route.serves]));
    expect([...named, ...COMPOSED_METHODS].sort()).toEqual([...MEMORY_METHODS].sort());
  });

  describe('sends each method to the route that names it', () => {
    let platform: InProcessPlatform;
    const sent: string[] = [];
    let memory: MemoryService;
    beforeAll(async () => {
      platform = await startInProcessPlatform('pglite', 'platform_memory_service', ADMIN_KEY);
      const client = new PlatformClient({
        upstream: platform.url,
        apiKey: ADMIN_KEY,
        fetch: (url, init) => {
          sent.push(`${init?.method ?? 'GET'} ${new URL(String(url)).pathname}`);
          return fetch(url, init);
        },
      });
      memory = createPlatformMemoryService(client, 'routes-named');
    });
    afterAll(async () => platform?.close());

    it('for every method but the composed ones', async () => {
      for (const [method, input] of Object.entries(CALLS) as [OneRequest, unknown][]) {
        sent.length = 0;
        // Some calls are refused (an id that does not exist): the request is what is checked here.
        await (memory[method] as (input: unknown) => Promise<unknown>)
          .call(memory, input)
          .catch(() => undefined);
        const requests = sent.filter((request) => request !== 'POST /v3/workspaces');
        const route = routeOf.get(method);
        expect(route, method).toBeDefined();
        expect(requests.length, method).toBeGreaterThan(0);
        for (const request of requests)
          expect(request, `${method} to ${route?.label}`).toMatch(route?.pattern ?? /^$/);
      }
    }, 60_000);
  });
});
