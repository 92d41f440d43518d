import { z } from 'zod';
import { DocumentLimitError } from '../../import/document-limit-error.js';
import { splitDocument } from '../../import/split-document.js';
import { GivenTimestamp, Id, Metadata } from '../../schemas/common.js';
import { LIMITS } from '../../schemas/limits.js';
import * as S from '../../schemas/platform.js';
import { outOfScopeResponse } from './platform-auth.js';
import type { PlatformRoute } from './route-definition.js';

/** A form field holding JSON (the SDK sends metadata and configuration so), checked by `schema`. */
const JsonField = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'is not valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);

/** The fields of an upload, as the Honcho SDK's `session.uploadFile` sends them. */
const UploadForm = z.object({
  file: z
    .instanceof(Blob, { message: 'must be a file' })
    .meta({ type: 'string', format: 'binary' })
    .describe(
      `The file: text (text/*, .txt), markdown (.md), JSON (.json) or PDF (.pdf); at most ${LIMITS.requestBodyBytes} bytes with the other fields.`,
    ),
  peer_id: Id.describe(
    'The peer who wrote the file: the author of its messages (a JSON array may name its own).',
  ),
  metadata: JsonField(Metadata).optional().describe('Metadata for every message, as a JSON object.'),
  configuration: JsonField(z.record(z.string(), z.unknown()))
    .optional()
    .describe('A JSON object; accepted, not used.'),
  created_at: GivenTimestamp.optional().describe(
    'When the file was written (ISO 8601 with a zone); default now.',
  ),
});

type UploadInput = { params: z.output<typeof S.SessionParams>; body: z.output<typeof UploadForm> };

/**
 * `POST .../messages/upload`: a file as messages of the session (`splitDocument`), all written
 * by one call, answered as the created messages in order. A file that cannot be read is a 422
 * naming `file` and why; one past a bound of the work of reading it, a 413 (a 422 for JSON
 * nested too deep) naming `file` and the bound.
 */
export const UPLOAD_ROUTE: PlatformRoute = {
  method: 'post',
  path: '/v3/workspaces/{workspace_id}/sessions/{session_id}/messages/upload',
  summary: 'Create messages from a file (text, markdown, JSON or PDF), split at paragraph boundaries',
  params: S.SessionParams,
  query: undefined,
  body: UploadForm,
  multipart: true,
  idempotencyKey: true,
  response: z.array(S.PlatformMessage),
  status: 200,
  // A peer key uploads as its own peer; the authors a JSON file names are checked once it is read.
  scope: (input) => {
    const { params, body } = input as UploadInput;
    return {
      level: 'session',
      workspace: params.workspace_id,
      session: params.session_id,
      as: [body.peer_id],
    };
  },
  run: async (backend, input, caller) => {
    const { params, body } = input as UploadInput;
    const file = body.file;
    let messages: Awaited<ReturnType<typeof splitDocument>>['messages'];
    try {
      ({ messages } = await splitDocument(
        {
          name: file instanceof File ? file.name : '',
          type: file.type,
          bytes: new Uint8Array(await file.arrayBuffer()),
        },
        { peer: body.peer_id, metadata: body.metadata, created_at: body.created_at },
      ));
    } catch (error) {
      if (error instanceof DocumentLimitError) return documentLimitResponse(error);
      throw error;
    }
    if (caller.peer !== undefined && messages.some((message) => message.peer !== caller.peer))
      return outOfScopeResponse();
    const { idempotencyKey: key } = input;
    return {
      json: await backend.addMessages(
        params.workspace_id,
        params.session_id,
        messages,
        key === undefined ? undefined : { holder: caller.id, key },
      ),
    };
  },
};

/**
 * A file past a bound of `LIMITS`, in the platform's validation shape with the bound in `ctx`:
 * 413 when there is too much of it (characters, pages, decoded bytes, memory, time), 422 when
 * its JSON nests deeper than is read.
 */
function documentLimitResponse(error: DocumentLimitError): Response {
  const status = error.limit === 'documentDepth' ? 422 : 413;
  const detail = {
    loc: ['body', ...(error.field?.split('.') ?? ['file'])],
    msg: error.message,
    type: error.limit === 'documentDepth' ? 'value_error' : 'too_long',
    input: null,
    ctx: { limit: error.limit, max: error.max },
  };
  return Response.json({ detail: [detail] }, { status });
}
