import { z } from 'zod';

/**
 * The records of a peermem export file (JSONL, one record a line): the contract of
 * `peermem export`, `GET /v3/workspaces/{id}/export` and the import that restores them.
 * docs/export.md describes each field; a test keeps that page naming every record type here.
 */
export const EXPORT_FORMAT = 'peermem-export';
export const EXPORT_VERSION = 1;

/** A time as Postgres keeps it: ISO 8601 UTC with microseconds, so a restore is exact. */
const Time = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/, 'must be an ISO 8601 UTC time');
const JsonObject = z.record(z.string(), z.unknown());
const Name = z.string().min(1, 'must not be empty');

export const ExportHeader = z.object({
  type: z.literal('header'),
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION, { error: `must be ${EXPORT_VERSION}: this peermem reads version 1` }),
  peermem_version: z.string(),
  exported_at: Time,
  workspaces: z.array(Name),
  /** Records of each type the export was about to write: what a progress bar counts towards. */
  counts: z.record(z.string(), z.number().int().nonnegative()),
});

const WorkspaceRecord = z.object({
  type: z.literal('workspace'),
  id: Name,
  metadata: JsonObject,
  configuration: JsonObject,
  created_at: Time,
  /** The folder a `--workspace-from-dir` workspace was named after, where it was recorded. */
  folder: z.string().nullable(),
});

const PeerRecord = z.object({
  type: z.literal('peer'),
  workspace_id: Name,
  id: Name,
  metadata: JsonObject,
  configuration: JsonObject,
  created_at: Time,
});

const SessionMember = z.object({
  peer_id: Name,
  observe_me: z.boolean(),
  observe_others: z.boolean(),
  joined_at: Time,
  left_at: Time.nullable(),
});

const SessionRecord = z.object({
  type: z.literal('session'),
  workspace_id: Name,
  id: Name,
  metadata: JsonObject,
  configuration: JsonObject,
  created_at: Time,
  members: z.array(SessionMember),
});

const MessageRecord = z.object({
  type: z.literal('message'),
  workspace_id: Name,
  session_id: Name,
  id: Name,
  peer_id: Name,
  content: z.string(),
  metadata: JsonObject,
  token_count: z.number().int().nonnegative(),
  created_at: Time,
  /** Set when the deriver stored the message without learning from it, and why. */
  not_learned: z.object({ reason: z.string(), created_at: Time }).nullable(),
});

const ObservationRecord = z.object({
  type: z.literal('observation'),
  workspace_id: Name,
  id: Name,
  observer_id: Name,
  observed_id: Name,
  session_id: Name,
  content: z.string(),
  fact_key: z.string(),
  slot: z.string().nullable(),
  card_entry: z.string().nullable(),
  source_message_ids: z.array(z.string()),
  times_seen: z.number().int(),
  occurred_at: Time.nullable(),
  superseded_by: z.string().nullable(),
  explicit: z.boolean(),
  created_at: Time,
  updated_at: Time,
});

const CardRecord = z.object({
  type: z.literal('card'),
  workspace_id: Name,
  observer_id: Name,
  observed_id: Name,
  card: z.unknown(),
  updated_at: Time,
});

const SummaryRecord = z.object({
  type: z.literal('summary'),
  workspace_id: Name,
  session_id: Name,
  summary_type: z.enum(['short', 'long']),
  content: z.string(),
  message_id: z.string(),
  token_count: z.number().int().nonnegative(),
  created_at: Time,
});

const LearningTaskRecord = z.object({
  type: z.literal('learning_task'),
  workspace_id: Name,
  session_id: Name,
  first_message_id: Name,
  last_message_id: Name,
  status: z.enum(['pending', 'failed']),
  attempts: z.number().int().nonnegative(),
  last_error: z.string().nullable(),
  created_at: Time,
});

const ExportEnd = z.object({
  type: z.literal('end'),
  /** Records of each type written: an import that reads this line read the whole file. */
  records: z.record(z.string(), z.number().int().nonnegative()),
});

/** Any line after the header. */
export const ExportRecord = z.discriminatedUnion('type', [
  WorkspaceRecord,
  PeerRecord,
  SessionRecord,
  MessageRecord,
  ObservationRecord,
  CardRecord,
  SummaryRecord,
  LearningTaskRecord,
  ExportEnd,
]);
export type ExportRecord = z.infer<typeof ExportRecord>;
export type ExportHeader = z.infer<typeof ExportHeader>;

/** The record types that hold data, in the order an export writes them for each workspace. */
export const DATA_RECORD_TYPES = [
  'workspace',
  'peer',
  'session',
  'message',
  'observation',
  'card',
  'summary',
  'learning_task',
] as const;
export type DataRecordType = (typeof DATA_RECORD_TYPES)[number];
