import type {
  ChatAnswer,
  Conclusion,
  Page,
  Peer,
  PlatformMessage,
  QueueStatus,
  Representation,
  Session,
  SessionContext,
  SessionSummaries,
} from '../schemas/platform.js';
import { nothingSpent } from '../schemas/spending.js';
import { capMessageContents } from '../service/cap-message-contents.js';
import type { MemoryService } from '../service/memory-service.js';
import {
  asMessage,
  asMessageWithMetadata,
  asObservation,
  asPeerOrSession,
  asSessionListItem,
} from '../service/platform-records.js';
import { type PlatformClient, PlatformRefusal, type PlatformRequest } from './platform-client.js';

/** The most items the platform answers on one page. */
const PAGE_LIMIT = 100;
/** A chat is answered by a model: it may take a while, where a dead upstream still fails fast. */
const CHAT_DEADLINE_MS = 120_000;

/**
 * The methods that are not one request to the platform route naming them (`serves`, in
 * src/http/platform): the learning progress is read from two routes, and nothing is spent.
 * A test holds every other method to the route that names it.
 */
export const COMPOSED_METHODS = [
  'getDeriverStatus',
  'getSpending',
] as const satisfies readonly (keyof MemoryService)[];

/**
 * The memory of one workspace kept by an upstream's platform API (`/v3`), called with a bearer
 * key: each method is one request to the route that names it in src/http/platform (`serves`), or
 * one of the few composed ones above, with the tools' inputs and answers translated to and from
 * the platform's (`peer` for `peer_id`, observations for conclusions, pages of the tools' shape).
 * Nothing is kept here; nothing is paid.
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
  /**
   * One page of a list route, in the tools' page shape: the platform's page and size are the
   * tools', its `pages` is left out, and `translate` turns its items into the tools' answers.
   */
  const listPage = async <Item, Output>(
    path: string,
    input: { page: number; size: number; reverse: boolean },
    translate: (items: Item[]) => Output[],
    body?: unknown,
  ) => {
    const page = await call<Page<Item>>({
      method: 'POST',
      path,
      query: { page: input.page, size: input.size, reverse: input.reverse },
      ...(body === undefined ? {} : { body }),
      idempotent: true,
    });
    return { items: translate(page.items), page: page.page, size: page.size, total: page.total };
  };
  /** A GET: it only reads, so it may be sent again. */
  const read = <Output>(path: string, query?: PlatformRequest['query']) =>
    call<Output>({ method: 'GET', path, ...(query === undefined ? {} : { query }), idempotent: true });
  /** Replaces the metadata of what `path` names with the whole of `metadata`: the same PUT may be sent again. */
  const putMetadata = <Row>(path: string, metadata: Record<string, unknown>) =>
    call<Row>({ method: 'PUT', path, body: { metadata }, idempotent: true });
  /** A request whose answer the tools do not show: they answer `{ ok: true }` once it is done. */
  const done = async (request: PlatformRequest) => {
    await call(request);
    return { ok: true as const };
  };

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
        // With a key, the upstream stores a repeat once: the write may be sent again like a read.
        ...(input.idempotency_key === undefined
          ? {}
          : { headers: { 'Idempotency-Key': input.idempotency_key } }),
        idempotent: input.idempotency_key !== undefined,
      });
      return { messages: capMessageContents(added.map(asMessage)) };
    },
    listMessages: (input) =>
      listPage(`${session(input.session)}/messages/list`, input, (items: PlatformMessage[]) =>
        capMessageContents(items.map(asMessage)),
      ),
    listPeers: (input) => listPage(`${ws}/peers/list`, input, (items: Peer[]) => items.map(asPeerOrSession)),
    listPeerSessions: (input) =>
      listPage(`${peer(input.peer)}/sessions`, input, (items: Session[]) => items.map(asSessionListItem)),
    getPeerCard: (input) => read(`${peer(input.peer)}/card`, { target: input.target }),
    setPeerCard: (input) =>
      call({
        method: 'PUT',
        path: `${peer(input.peer)}/card`,
        query: { target: input.target },
        body: { peer_card: input.card },
        idempotent: true,
      }),
    listSessions: (input) =>
      listPage(`${ws}/sessions/list`, input, (items: Session[]) => items.map(asSessionListItem)),
    listSessionPeers: async (input) => ({
      peers: (
        await all<Peer>({ method: 'GET', path: `${session(input.session)}/peers`, idempotent: true })
      ).map(asPeerOrSession),
    }),
    addSessionPeers: (input) =>
      done({
        method: 'POST',
        path: `${session(input.session)}/peers`,
        body: Object.fromEntries(input.peers.map((name) => [name, {}])),
        idempotent: true,
      }),
    removeSessionPeers: (input) =>
      done({
        method: 'DELETE',
        path: `${session(input.session)}/peers`,
        body: input.peers,
        idempotent: true,
      }),
    deleteSession: (input) => done({ method: 'DELETE', path: session(input.session), idempotent: true }),
    getSessionSummaries: async (input) => {
      const summaries = await read<SessionSummaries>(`${session(input.session)}/summaries`);
      return { short: summaries.short_summary, long: summaries.long_summary };
    },
    getContext: async (input) => {
      // The tool gives what the perspective peer knows (of the target, else of itself), and only
      // when a perspective is named; the platform's target defaults the perspective instead.
      const perspective = input.peer_perspective;
      const target = perspective === undefined ? undefined : (input.peer_target ?? perspective);
      const context = await read<SessionContext>(`${session(input.session)}/context`, {
        tokens: input.tokens,
        // The tool leaves the summary out unless asked; the platform puts it in unless told.
        summary: input.summary ?? false,
        peer_target: target,
        peer_perspective: perspective,
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
      const answer = await call<ChatAnswer>({
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
      const answer = await call<Representation>({
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
        read<QueueStatus>(`${ws}/queue/status`, { session_id: input.session }),
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
        await read<PlatformMessage>(`${session(input.session)}/messages/${id(input.message)}`),
      ),
    updateMessageMetadata: async (input) =>
      asMessageWithMetadata(
        await putMetadata<PlatformMessage>(
          `${session(input.session)}/messages/${id(input.message)}`,
          input.metadata,
        ),
      ),
    updatePeerMetadata: async (input) =>
      asPeerOrSession(await putMetadata<Peer>(peer(input.peer), input.metadata)),
    deletePeer: (input) => done({ method: 'DELETE', path: peer(input.peer), idempotent: true }),
    updateSessionMetadata: async (input) =>
      asPeerOrSession(await putMetadata<Session>(session(input.session), input.metadata)),
    cloneSession: async (input) =>
      asPeerOrSession(
        await call<Session>({
          method: 'POST',
          path: `${session(input.session)}/clone`,
          query: { message_id: input.up_to_message },
          idempotent: false,
        }),
      ),
    getSessionPeerConfig: (input) => read(`${session(input.session)}/peers/${id(input.peer)}/config`),
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
      return listPage(`${ws}/conclusions/list`, input, (items: Conclusion[]) => items.map(asObservation), {
        filters,
      });
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
    deleteObservation: (input) =>
      done({ method: 'DELETE', path: `${ws}/conclusions/${id(input.id)}`, idempotent: true }),
  };
}
