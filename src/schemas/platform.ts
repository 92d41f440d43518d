import { z } from 'zod';
import { ReasoningLevel } from './chat.js';
import { GivenTimestamp, Id, Metadata, Query, storedText, Timestamp } from './common.js';
import { LIMITS } from './limits.js';
import { Summary } from './summary.js';

/** The shapes of the platform API (the Honcho `/v3` API): requests and answers. */

const Configuration = z
  .record(z.string(), z.unknown())
  .describe('Configuration object, stored as given and returned as stored.');
const Filters = z
  .record(z.string(), z.unknown())
  .describe(
    'Filters: a field name to a value, {"in": [values]}, {"gte"|"gt"|"lte"|"lt": time} or, for metadata, an object to contain.',
  );

export const WorkspaceParams = z.object({ workspace_id: Id.describe('The workspace id.') });
export const PeerParams = WorkspaceParams.extend({ peer_id: Id.describe('The peer id.') });
export const SessionParams = WorkspaceParams.extend({ session_id: Id.describe('The session id.') });
export const SessionPeerParams = SessionParams.extend({ peer_id: Id.describe('The peer id.') });
export const MessageParams = SessionParams.extend({ message_id: Id.describe('The message id.') });
export const ConclusionParams = WorkspaceParams.extend({ conclusion_id: Id.describe('The conclusion id.') });

/** A query-string boolean: `true` or `false`. */
const QueryFlag = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .transform((value) => value === 'true');

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1).describe('Page number, from 1. Default 1.'),
  size: z.coerce.number().int().min(1).max(100).default(50).describe('Items per page, 1 to 100. Default 50.'),
  reverse: QueryFlag.default(false).describe('Newest first. Default false.'),
});

export const FiltersBody = z.object({ filters: Filters.nullish() }).nullish();

export const Workspace = z.object({
  id: z.string(),
  metadata: Metadata,
  configuration: Configuration,
  created_at: Timestamp,
});
export const Peer = z.object({
  id: z.string(),
  workspace_id: z.string(),
  metadata: Metadata,
  configuration: Configuration,
  created_at: Timestamp,
});
export const Session = z.object({
  id: z.string(),
  workspace_id: z.string(),
  is_active: z.boolean(),
  metadata: Metadata,
  configuration: Configuration,
  created_at: Timestamp,
});
export const PlatformMessage = z.object({
  id: z.string(),
  content: z.string(),
  peer_id: z.string(),
  session_id: z.string(),
  workspace_id: z.string(),
  metadata: Metadata,
  created_at: Timestamp,
  token_count: z.number().int(),
});
export const Conclusion = z.object({
  id: z.string(),
  content: z.string(),
  observer_id: z.string(),
  observed_id: z.string(),
  session_id: z.string(),
  level: z.literal('explicit'),
  source_ids: z.array(z.string()),
  times_derived: z.number().int(),
  created_at: Timestamp,
});

export function PageOf<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    pages: z.number().int(),
  });
}

export const CreateWithId = z.object({
  id: Id,
  metadata: Metadata.nullish(),
  configuration: Configuration.nullish(),
});
export const Change = z.object({ metadata: Metadata.nullish(), configuration: Configuration.nullish() });

/**
 * The metadata and configuration a get-or-create or a change gives, for the backend: the SDKs send
 * null for one not given, which the backend reads as absent (keep what is stored).
 */
export const givenSettings = (body: z.output<typeof Change>) => ({
  metadata: body.metadata ?? undefined,
  configuration: body.configuration ?? undefined,
});

export const SessionPeerConfig = z.object({
  observe_me: z.boolean().nullish().describe('Other peers may form models of this peer here. Default true.'),
  observe_others: z.boolean().nullish().describe('This peer forms models of the others here. Default false.'),
});
export const SessionPeers = z
  .record(Id, SessionPeerConfig)
  .refine((peers) => Object.keys(peers).length <= LIMITS.peersPerCall, {
    message: `must name at most ${LIMITS.peersPerCall} peers`,
  })
  .describe('Peer ids to their session-level configuration.');

export const CreateSession = CreateWithId.extend({
  peers: SessionPeers.nullish(),
  scopes: z.array(z.string()).max(0, 'scopes are not supported').nullish(),
});

const NewPlatformMessage = z.object({
  peer_id: Id.describe('The author; created on first reference and made a member of the session.'),
  content: storedText(LIMITS.messageChars).min(1, 'must not be empty'),
  metadata: Metadata.nullish(),
  configuration: Configuration.nullish().describe('Accepted; not used.'),
  created_at: GivenTimestamp.nullish().describe('When it was written (ISO 8601 with a zone); default now.'),
});
export const CreateMessages = z.object({
  messages: z
    .array(NewPlatformMessage)
    .min(1, 'must hold at least 1 message')
    .max(LIMITS.messagesPerCall, `must hold at most ${LIMITS.messagesPerCall} messages`),
});
export const UpdateMessage = z.object({ metadata: Metadata });

/** `filters.session_id` and `filters.peer_id` of a search; any other filter is refused by its schema. */
const SearchFilters = z
  .strictObject({ session_id: z.string().optional(), peer_id: z.string().optional() })
  .nullish();

export const SearchBody = z.object({
  query: Query,
  filters: SearchFilters,
  limit: z.number().int().min(1).max(100).default(10),
});

export const ChatBody = z.object({
  query: Query,
  stream: z.boolean().nullish(),
  target: Id.nullish(),
  session_id: Id.nullish(),
  reasoning_level: ReasoningLevel.nullish(),
  response_format: z.record(z.string(), z.unknown()).nullish(),
  include_evidence: z.boolean().nullish(),
});

const RepresentationOptions = {
  search_query: Query.nullish(),
  search_top_k: z.coerce.number().int().min(1).max(100).nullish(),
  search_max_distance: z.coerce.number().min(0).max(1).nullish(),
  include_most_frequent: z.boolean().nullish(),
  max_conclusions: z.coerce.number().int().min(1).max(100).nullish(),
};
export const RepresentationBody = z.object({
  session_id: Id.nullish(),
  target: Id.nullish(),
  ...RepresentationOptions,
});
export const PeerContextQuery = z.object({
  target: Id.optional(),
  ...RepresentationOptions,
  include_most_frequent: QueryFlag.optional(),
});
export const CardQuery = z.object({ target: Id.optional() });
export const CardBody = z.object({
  peer_card: z.array(storedText(LIMITS.cardEntryChars).min(1, 'must not be empty')).max(LIMITS.cardEntries),
});

export const ContextQuery = z
  .object({
    tokens: z.coerce.number().int().gt(0).max(LIMITS.contextTokens).optional(),
    summary: QueryFlag.default(true),
    peer_target: Id.optional(),
    peer_perspective: Id.optional(),
    search_query: Query.optional(),
    limit_to_session: QueryFlag.default(false),
    search_top_k: z.coerce.number().int().min(1).max(100).default(10),
    search_max_distance: z.coerce.number().min(0).max(1).optional(),
    include_most_derived: QueryFlag.optional(),
    include_most_frequent: QueryFlag.optional(),
    max_observations: z.coerce.number().int().min(1).max(100).optional(),
    max_conclusions: z.coerce.number().int().min(1).max(100).optional(),
  })
  .superRefine((query, context) => {
    for (const field of ['peer_perspective', 'search_query', 'limit_to_session'] as const)
      if (query[field] !== undefined && query[field] !== false && query.peer_target === undefined)
        context.addIssue({ code: 'custom', path: [field], message: `needs peer_target` });
  });

export const CloneQuery = z.object({ message_id: Id.optional() });
const Unsupported = z
  .string()
  .refine(() => false, 'is not supported; filter by session_id')
  .optional()
  .describe('Not supported: refused when given.');
export const QueueQuery = z.object({
  session_id: Id.optional(),
  observer_id: Unsupported,
  sender_id: Unsupported,
});

export const NewConclusion = z.object({
  content: storedText(LIMITS.messageChars).min(1, 'must not be empty'),
  observer_id: Id,
  observed_id: Id,
  session_id: Id.describe('The session the conclusion is tied to: required.'),
});
export const CreateConclusions = z.object({
  conclusions: z.array(NewConclusion).min(1).max(LIMITS.messagesPerCall),
});
export const ConclusionQueryBody = z.object({
  query: Query,
  top_k: z.number().int().min(1).max(100).default(10),
  distance: z.number().min(0).max(1).nullish(),
  filters: z
    .object({ observer_id: Id, observed_id: Id, session_id: Id.optional() })
    .describe('The pair whose conclusions to search: observer_id and observed_id are required.'),
});

const WorkUnits = {
  total_work_units: z.number().int(),
  completed_work_units: z.number().int(),
  in_progress_work_units: z.number().int(),
  pending_work_units: z.number().int(),
};
export const QueueStatus = z.object({
  ...WorkUnits,
  sessions: z.record(z.string(), z.object({ session_id: z.string(), ...WorkUnits })),
});

export const SessionContext = z.object({
  id: z.string(),
  messages: z.array(PlatformMessage),
  summary: Summary.nullable(),
  peer_representation: z.string().nullable(),
  peer_card: z.array(z.string()).nullable(),
});
export const SessionSummaries = z.object({
  id: z.string(),
  short_summary: Summary.nullable(),
  long_summary: Summary.nullable(),
});
export const PeerContext = z.object({
  peer_id: z.string(),
  target_id: z.string(),
  representation: z.string().nullable(),
  peer_card: z.array(z.string()).nullable(),
});
export const Deleted = z.object({ message: z.string() });
export const Representation = z.object({ representation: z.string() });
export const PeerCardAnswer = z.object({ peer_card: z.array(z.string()).nullable() });
export const SessionPeerConfigAnswer = z.object({ observe_me: z.boolean(), observe_others: z.boolean() });
export const ChatAnswer = z.object({ content: z.string().nullable() });

/** The most sources given with each observation the console lists: enough to check it, bounded per page. */
export const SOURCES_SHOWN = 5;

/** Endpoints one workspace may have, as Honcho's default `WEBHOOK_MAX_WORKSPACE_LIMIT`. */
export const MAX_ENDPOINTS_PER_WORKSPACE = 10;

export const WebhookEndpoint = z.object({
  id: z.string(),
  workspace_id: z.string(),
  url: z.string(),
  created_at: z.string(),
  secret: z
    .string()
    .optional()
    .describe(
      'The key deliveries are signed with (HMAC-SHA256); answered once, when the endpoint is created.',
    ),
});

export const WebhookDelivery = z.object({
  id: z.string(),
  event_id: z.string().describe('Shared by the deliveries of one event to each endpoint.'),
  type: z.string().describe('message.created, session.created, …, queue.empty, test.event'),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable().describe('When a pending delivery is tried next.'),
  finished_at: z.string().nullable(),
  created_at: z.string().describe('When the event happened.'),
});

// The types of the contract, for the backend that serves it and the clients that read it.
export type Workspace = z.infer<typeof Workspace>;
export type Peer = z.infer<typeof Peer>;
export type Session = z.infer<typeof Session>;
export type PlatformMessage = z.infer<typeof PlatformMessage>;
export type Conclusion = z.infer<typeof Conclusion>;
export type NewConclusion = z.output<typeof NewConclusion>;
export type QueueStatus = z.infer<typeof QueueStatus>;
export type SessionContext = z.infer<typeof SessionContext>;
export type SessionSummaries = z.infer<typeof SessionSummaries>;
export type ChatAnswer = z.infer<typeof ChatAnswer>;
export type Representation = z.infer<typeof Representation>;
export type SessionPeerConfig = z.output<typeof SessionPeerConfig>;
export type SessionPeerConfigAnswer = z.infer<typeof SessionPeerConfigAnswer>;
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
/** A page of a list, whatever its items. */
export type Page<Item> = Omit<z.infer<ReturnType<typeof PageOf<z.ZodUnknown>>>, 'items'> & { items: Item[] };
/** Which page of a list: 1-based page, page size, newest first when `reverse`. */
export type PageRequest = z.output<typeof PageQuery>;
/** The metadata and/or configuration to set; one absent keeps what is stored. */
export type ConfigurableChange = Partial<ReturnType<typeof givenSettings>>;
/** What a session's context is asked for, as its query gives it. */
export type SessionContextRequest = Pick<
  z.output<typeof ContextQuery>,
  | 'tokens'
  | 'summary'
  | 'peer_target'
  | 'peer_perspective'
  | 'limit_to_session'
  | 'search_query'
  | 'search_top_k'
  | 'max_observations'
>;
