import type { z } from 'zod';
import { hintFor, MemoryError, type SubjectHints } from '../../service/errors.js';

/** Where a request value came from, as the first element of an error's `loc`. */
export type InputLocation = 'path' | 'query' | 'body' | 'header';

const STATUS = { invalid_input: 422, not_found: 404, unavailable: 503, internal: 500 } as const;

const WORKSPACE = '/v3/workspaces/{workspace_id}';
const SESSION = `${WORKSPACE}/sessions/{session_id}`;
const LIST_MESSAGES = `POST ${SESSION}/messages/list gives the ids of the session’s messages.`;

/** How a client finds what exists, in the routes of this API, for a record that was not found. */
const ROUTE_HINTS: SubjectHints = {
  'workspace.missing': 'Create it with POST /v3/workspaces.',
  'session.missing': `Sessions are created by POST ${WORKSPACE}/sessions or by their first message; POST ${WORKSPACE}/sessions/list lists them.`,
  'peer.missing': `Peers are created by POST ${WORKSPACE}/peers or by their first message; POST ${WORKSPACE}/peers/list lists them.`,
  'peer.not_member': `Add it with POST ${SESSION}/peers.`,
  'message.missing': LIST_MESSAGES,
  'message.not_in_session': LIST_MESSAGES,
  'conclusion.missing': `POST ${WORKSPACE}/conclusions/list gives the ids of the conclusions.`,
  'webhook endpoint.missing': `GET ${WORKSPACE}/webhooks lists them.`,
};

/** A `{detail: "..."}` answer, the shape of every platform error but validation. */
export function detailResponse(status: number, detail: string, headers?: Record<string, string>): Response {
  return Response.json({ detail }, { status, ...(headers === undefined ? {} : { headers }) });
}

/**
 * A request that fails its schema: 422 with one item per problem, `loc` the path to the value
 * (`["body", "messages", 0, "content"]`), `msg` why, `type` a stable kind, `input` the value given.
 */
export function validationResponse(location: InputLocation, error: z.ZodError, input: unknown): Response {
  const detail = error.issues.map((issue) => {
    const value = valueAt(input, issue.path);
    return {
      loc: [location, ...issue.path.map((part) => (typeof part === 'number' ? part : String(part)))],
      msg: issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys.join(', ')}` : issue.message,
      type: issueType(issue, value),
      input: value === undefined ? null : value,
      ctx: issueContext(issue),
    };
  });
  return Response.json({ detail }, { status: 422 });
}

/**
 * Any failure of an operation: a `MemoryError` with its status (a bad value found by the engine
 * is a 422 naming its field, at the part of the request `locate` says it came from: the body
 * unless told); anything else is a 500 without details, which stay in the log.
 */
export function operationErrorResponse(
  error: unknown,
  locate: (field: string) => InputLocation = () => 'body',
): Response {
  if (error instanceof MemoryError) {
    const hint = hintFor(error, ROUTE_HINTS);
    const message = hint === undefined ? error.message : `${error.message}. ${hint}`;
    if (error.code === 'invalid_input') {
      const path = error.field?.split('.') ?? [];
      const loc = [path[0] === undefined ? 'body' : locate(path[0]), ...path];
      return Response.json(
        { detail: [{ loc, msg: error.message, type: 'value_error', input: null, ctx: {} }] },
        { status: 422 },
      );
    }
    return detailResponse(STATUS[error.code], message);
  }
  console.error(`peermem platform: ${error instanceof Error ? error.message : String(error)}`);
  return detailResponse(500, 'the operation failed inside the service');
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function issueType(issue: z.core.$ZodIssue, value: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      return value === undefined ? 'missing' : `${issue.expected}_type`;
    case 'too_small':
      return issue.origin === 'string' || issue.origin === 'array' ? 'too_short' : 'greater_than_equal';
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array' ? 'too_long' : 'less_than_equal';
    case 'unrecognized_keys':
      return 'extra_forbidden';
    case 'invalid_format':
      return `${issue.format}_parsing`;
    case 'invalid_value':
      return 'enum';
    default:
      return 'value_error';
  }
}

function issueContext(issue: z.core.$ZodIssue): Record<string, unknown> {
  if (issue.code === 'too_small') return { min: Number(issue.minimum) };
  if (issue.code === 'too_big') return { max: Number(issue.maximum) };
  if (issue.code === 'invalid_value') return { expected: issue.values.map(String) };
  return {};
}
