import { capMessageContents } from '../engine/cap-message-contents.js';
import { nothingSpent } from '../schemas/spending.js';
import type { Summary } from '../schemas/summary.js';
import type { MemoryService } from '../service/memory-service.js';
import { type PlatformClient, PlatformRefusal, type PlatformRequest } from './platform-client.js';

/** The platform's shapes, as far as this client reads them (platform-schemas.ts has them whole). */
type PlatformMessage = {
  id: string;
  content: string;
  peer_id: string;
  session_id: string;
  workspace_id: string;
  metadata: Record<string, unknown>;
  created_at: string;
  token_count: number;
};
type PlatformPeer = { id: string; metadata: Record<string, unknown>; created_at: string };
type PlatformSession = PlatformPeer & { is_active: boolean };
type Conclusion = {
  id: string;
  content: string;
  observer_id: string;
  observed_id: string;
  session_id: string;
  times_derived: number;
  created_at: string;
};
type Page<Item> = { items: Item[]; total: number; page: number; size: number; pages: number };
type WorkUnits = {
  total_work_units: number;
  completed_work_units: number;
  in_progress_work_units: number;
  pending_work_units: number;
};

/** The most items the platform answers on one page. */
const PAGE_LIMIT = 100;
/** A chat is answered by a model: it may take a while, where a dead upstream still fails fast. */
const CHAT_DEADLINE_MS = 120_000;

/**
 * The memory of one workspace kept by an upstream's platform API (`/v3`), called with a bearer
 * key: every method is one or a few requests to the routes of platform-routes.ts, with the
 * tools' inputs and answers translated to and from the platform's (`peer` for `peer_id`,
 * observations for conclusions). Nothing is kept here; nothing is paid.
 */
export function createPlatformMemoryService(client: PlatformClient, workspace: string): MemoryService {
  const id = encodeURIComponent;
  const ws = `/v3/workspaces/${id(workspace)}`;
  const session = (name: string) => `${ws}/sessions/${id(name)}`;
  const peer = (name: string) => `${ws}/peers/${id(name)}`;

  let workspaceReady: Promise<void> | undefined;
  /**
   * Gets or creates the workspace once, before the first call, as the platform's SDK does: a
   * read of a workspace never written to then finds it empty rather than missing. A key scoped
   * to a peer or session may not create it (403); its workspace exists already.
   */
  const ensureWorkspace = () => {
    workspaceReady ??= client
      .request<unknown>({ method: 'POST', path: '/v3/workspaces', body: { id: workspace }, idempotent: true })
      .then(
        () => undefined,
        (error: unknown) => {
          if (error instanceof PlatformRefusal && error.status === 403) return;
          workspaceReady = undefined;
          throw error;
        },
      );
    return workspaceReady;
  };
  const call = async <Output>(request: PlatformRequest): Promise<Output> => {
    await ensureWorkspace();
    return client.request<Output>(request);
  };
  /** Every item of a paginated list, page by page. */
  const all = async <Item>(request: Omit<PlatformRequest, 'query'>): Promise<Item[]> => {
    const items: Item[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await call<Page<Item>>({ ...request, query: { page, size: PAGE_LIMIT } });
      items.push(...answer.items);
      if (page >= answer.pages || answer.items.length === 0) return items;
    }
  };
  const pageQuery = (input: { page: number; size: number; reverse: boolean }) => ({
    page: input.page,
    size: input.size,
    reverse: input.reverse,
  });

  return {
    addMessages: async (input) => {
      const added = await call<PlatformMessage[]>({
        method: 'POST',
        path: `${session(input.session)}/messages`,
        body: {
          messages: input.messages.map((message) => ({
            peer_id: message.peer,
            content: message.content,
            ...(message.metadata === undefined ? {} : { metadata: message.metadata }),
            ...(message.created_at === undefined ? {} : { created_at: message.created_at }),
          })),
        },
        idempotent: false,
      });
      return { messages: capMessageContents(added.map(asMessage)) };
    },
    listMessages: async (input) => {
      const page = await call<Page<PlatformMessage>>({
        method: 'POST',
        path: `${session(input.session)}/messages/list`,
        query: pageQuery(input),
        idempotent: true,
      });
      return {
        items: capMessageContents(page.items.map(asMessage)),
        page: page.page,
        size: page.size,
        total: page.total,
      };
    },
    listPeers: async () => ({
      peers: (await all<PlatformPeer>({ method: 'POST', path: `${ws}/peers/list`, idempotent: true })).map(
        asPeer,
      ),
    }),
    listPeerSessions: async (input) => {
      const page = await call<Page<PlatformSession>>({
        method: 'POST',
        path: `${peer(input.peer)}/sessions`,
        query: pageQuery(input),
        idempotent: true,
      });
      return {
        items: page.items.map(asSessionListItem),
        page: page.page,
        size: page.size,
        total: page.total,
      };
    },
    getPeerCard: (input) =>
      call({
        method: 'GET',
        path: `${peer(input.peer)}/card`,
        query: { target: input.target },
        idempotent: true,
      }),
    setPeerCard: (input) =>
      call({
        method: 'PUT',
        path: `${peer(input.peer)}/card`,
        query: { target: input.target },
        body: { peer_card: input.card },
        idempotent: true,
      }),
    listSessions: async (input) => {
      const page = await call<Page<PlatformSession>>({
        method: 'POST',
        path: `${ws}/sessions/list`,
        query: pageQuery(input),
        idempotent: true,
      });
      return {
        items: page.items.map(asSessionListItem),
        page: page.page,
        size: page.size,
        total: page.total,
      };
    },
    listSessionPeers: async (input) => ({
      peers: (
        await all<PlatformPeer>({ method: 'GET', path: `${session(input.session)}/peers`, idempotent: true })
      ).map(asPeer),
    }),
    addSessionPeers: async (input) => {
      await call({
        method: 'POST',
        path: `${session(input.session)}/peers`,
        body: Object.fromEntries(input.peers.map((name) => [name, {}])),
        idempotent: true,
      });
      return { ok: true };
    },
    removeSessionPeers: async (input) => {
      await call({
        method: 'DELETE',
        path: `${session(input.session)}/peers`,
        body: input.peers,
        idempotent: true,
      });
      return { ok: true };
    },
    deleteSession: async (input) => {
      await call({ method: 'DELETE', path: session(input.session), idempotent: true });
      return { ok: true };
    },
    getSessionSummaries: async (input) => {
      const summaries = await call<{ short_summary: Summary | null; long_summary: Summary | null }>({
        method: 'GET',
        path: `${session(input.session)}/summaries`,
        idempotent: true,
      });
      return { short: summaries.short_summary, long: summaries.long_summary };
    },
    getContext: async (input) => {
      // The tool gives what the perspective peer knows (of the target, else of itself), and only
      // when a perspective is named; the platform's target defaults the perspective instead.
      const perspective = input.peer_perspective;
      const target = perspective === undefined ? undefined : (input.peer_target ?? perspective);
      const context = await call<{
        id: string;
        messages: PlatformMessage[];
        summary: Summary | null;
        peer_representation: string | null;
        peer_card: string[] | null;
      }>({
        method: 'GET',
        path: `${session(input.session)}/context`,
        query: {
          tokens: input.tokens,
          // The tool leaves the summary out unless asked; the platform puts it in unless told.
          summary: input.summary ?? false,
          peer_target: target,
          peer_perspective: perspective,
        },
        idempotent: true,
      });
      return {
        id: context.id,
        messages: capMessageContents(context.messages.map(asMessage)),
        summary: context.summary,
        peer_representation: context.peer_representation,
        peer_card: context.peer_card,
      };
    },
    search: async (input) => {
      const found = await call<PlatformMessage[]>({
        method: 'POST',
        path: `${ws}/search`,
        body: {
          query: input.query,
          limit: input.limit,
          filters: {
            ...(input.session === undefined ? {} : { session_id: input.session }),
            ...(input.peer === undefined ? {} : { peer_id: input.peer }),
          },
        },
        idempotent: true,
      });
      return { messages: capMessageContents(found.map(asMessage)) };
    },
    chat: async (input) => {
      const answer = await call<{ content: string | null }>({
        method: 'POST',
        path: `${peer(input.peer)}/chat`,
        body: {
          query: input.query,
          reasoning_level: input.reasoning_level,
          ...(input.session === undefined ? {} : { session_id: input.session }),
          // An empty target means none, as the tool documents.
          ...(input.target === undefined || input.target === '' ? {} : { target: input.target }),
        },
        idempotent: true,
        deadlineMs: CHAT_DEADLINE_MS,
      });
      return { content: answer.content };
    },
    getRepresentation: async (input) => {
      const answer = await call<{ representation: string }>({
        method: 'POST',
        path: `${peer(input.peer)}/representation`,
        body: {
          ...(input.session === undefined ? {} : { session_id: input.session }),
          ...(input.target === undefined ? {} : { target: input.target }),
        },
        idempotent: true,
      });
      return { representation: answer.representation };
    },
    getDeriverStatus: async (input) => {
      const [queue, observations] = await Promise.all([
        call<WorkUnits>({
          method: 'GET',
          path: `${ws}/queue/status`,
          query: { session_id: input.session },
          idempotent: true,
        }),
        call<Page<Conclusion>>({
          method: 'POST',
          path: `${ws}/conclusions/list`,
          query: { page: 1, size: 1 },
          body: input.session === undefined ? {} : { filters: { session_id: input.session } },
          idempotent: true,
        }),
      ]);
      return {
        pending: queue.pending_work_units,
        in_progress: queue.in_progress_work_units,
        // The platform counts a batch given up on as completed: it reports no failures apart.
        done: queue.completed_work_units,
        failed: 0,
        failures: [],
        observations: observations.total,
        reasoner: `the upstream ${client.upstream.origin}`,
        embedding_model: `the upstream ${client.upstream.origin}`,
        learning_thread: 'none',
        vector_search: 'in-memory',
      };
    },
    getSpending: async () => nothingSpent(new Date()),

    getMessage: async (input) =>
      asMessageWithMetadata(
        await call<PlatformMessage>({
          method: 'GET',
          path: `${session(input.session)}/messages/${id(input.message)}`,
          idempotent: true,
        }),
      ),
    updateMessageMetadata: async (input) =>
      asMessageWithMetadata(
        await call<PlatformMessage>({
          method: 'PUT',
          path: `${session(input.session)}/messages/${id(input.message)}`,
          body: { metadata: input.metadata },
          idempotent: true,
        }),
      ),
    updatePeerMetadata: async (input) =>
      asPeer(
        await call<PlatformPeer>({
          method: 'PUT',
          path: peer(input.peer),
          body: { metadata: input.metadata },
          idempotent: true,
        }),
      ),
    updateSessionMetadata: async (input) =>
      asSession(
        await call<PlatformSession>({
          method: 'PUT',
          path: session(input.session),
          body: { metadata: input.metadata },
          idempotent: true,
        }),
      ),
    cloneSession: async (input) =>
      asSession(
        await call<PlatformSession>({
          method: 'POST',
          path: `${session(input.session)}/clone`,
          query: { message_id: input.up_to_message },
          idempotent: false,
        }),
      ),
    getSessionPeerConfig: (input) =>
      call({
        method: 'GET',
        path: `${session(input.session)}/peers/${id(input.peer)}/config`,
        idempotent: true,
      }),
    setSessionPeerConfig: ({ session: name, peer: member, ...change }) =>
      call({
        method: 'PUT',
        path: `${session(name)}/peers/${id(member)}/config`,
        body: change,
        idempotent: true,
      }),
    listObservations: async (input) => {
      const filters = {
        ...(input.observer === undefined ? {} : { observer_id: input.observer }),
        ...(input.observed === undefined ? {} : { observed_id: input.observed }),
        ...(input.session === undefined ? {} : { session_id: input.session }),
      };
      const page = await call<Page<Conclusion>>({
        method: 'POST',
        path: `${ws}/conclusions/list`,
        query: pageQuery(input),
        body: { filters },
        idempotent: true,
      });
      return { items: page.items.map(asObservation), page: page.page, size: page.size, total: page.total };
    },
    queryObservations: async (input) => {
      const found = await call<Conclusion[]>({
        method: 'POST',
        path: `${ws}/conclusions/query`,
        body: {
          query: input.query,
          top_k: input.top_k,
          filters: {
            observer_id: input.observer,
            observed_id: input.observed,
            ...(input.session === undefined ? {} : { session_id: input.session }),
          },
        },
        idempotent: true,
      });
      return { observations: found.map(asObservation) };
    },
    createObservations: async (input) => {
      const created = await call<Conclusion[]>({
        method: 'POST',
        path: `${ws}/conclusions`,
        body: {
          conclusions: input.observations.map((observation) => ({
            observer_id: observation.observer,
            observed_id: observation.observed,
            session_id: observation.session,
            content: observation.content,
          })),
        },
        idempotent: false,
      });
      return { observations: created.map(asObservation) };
    },
    deleteObservation: async (input) => {
      await call({ method: 'DELETE', path: `${ws}/conclusions/${id(input.id)}`, idempotent: true });
      return { ok: true };
    },
  };
}

const asMessage = (message: PlatformMessage) => ({
  id: message.id,
  content: message.content,
  peer_id: message.peer_id,
  session_id: message.session_id,
  created_at: message.created_at,
  token_count: message.token_count,
});

const asMessageWithMetadata = (message: PlatformMessage) => ({
  ...asMessage(message),
  metadata: message.metadata,
});

const asPeer = (peer: PlatformPeer) => ({
  id: peer.id,
  metadata: peer.metadata,
  created_at: peer.created_at,
});

const asSession = (session: PlatformSession) => ({
  id: session.id,
  metadata: session.metadata,
  created_at: session.created_at,
});

const asSessionListItem = (session: PlatformSession) => ({
  ...asSession(session),
  is_active: session.is_active,
});

const asObservation = (conclusion: Conclusion) => ({
  id: conclusion.id,
  content: conclusion.content,
  observer_id: conclusion.observer_id,
  observed_id: conclusion.observed_id,
  session_id: conclusion.session_id,
  times_derived: conclusion.times_derived,
  created_at: conclusion.created_at,
});
