import { z } from 'zod';
import * as S from '../../schemas/platform.js';
import { json, listRoute, route, SESSION } from './route-definition.js';
import { managesSession, sessionScope } from './route-scopes.js';

const createMessages = (version: 'v2' | 'v3') =>
  route({
    method: 'post',
    path: `/${version}/workspaces/{workspace_id}/sessions/{session_id}/messages`,
    // The /v3 path only: a platform upstream's client writes there.
    ...(version === 'v3' ? { serves: 'addMessages' as const } : {}),
    summary:
      version === 'v2'
        ? 'Create messages (the /v2 path): each with its own created_at and metadata when given'
        : 'Create messages in a session, each with its own created_at and metadata when given',
    params: S.SessionParams,
    body: S.CreateMessages,
    idempotencyKey: true,
    response: z.array(S.PlatformMessage),
    // A peer key writes as its own peer only.
    scope: (input) => sessionScope({ as: input.body.messages.map((message) => message.peer_id) })(input),
    run: (backend, { params, body, idempotencyKey }, caller) =>
      json(
        backend.addMessages(
          params.workspace_id,
          params.session_id,
          body.messages.map((message) => ({
            peer: message.peer_id,
            content: message.content,
            ...(message.metadata == null ? {} : { metadata: message.metadata }),
            ...(message.created_at == null ? {} : { created_at: message.created_at }),
          })),
          idempotencyKey === undefined ? undefined : { holder: caller.id, key: idempotencyKey },
        ),
      ),
  });

/** The messages of a session: writing them (on the /v3 path and Honcho's older /v2 one) and reading them. */
export const MESSAGE_ROUTES = [
  createMessages('v3'),
  createMessages('v2'),
  listRoute({
    path: `${SESSION}/messages/list`,
    serves: 'listMessages',
    summary: 'List a session’s messages, oldest first, filtered',
    scope: sessionScope(),
    params: S.SessionParams,
    item: S.PlatformMessage,
    list: (backend, { workspace_id, session_id }, filters, page) =>
      backend.listMessages(workspace_id, session_id, filters, page),
  }),
  route({
    method: 'get',
    path: `${SESSION}/messages/{message_id}`,
    serves: 'getMessage',
    summary: 'One message',
    scope: sessionScope(),
    params: S.MessageParams,
    response: S.PlatformMessage,
    run: (backend, { params }) =>
      json(backend.getMessage(params.workspace_id, params.session_id, params.message_id)),
  }),
  route({
    method: 'put',
    path: `${SESSION}/messages/{message_id}`,
    serves: 'updateMessageMetadata',
    summary: 'Replace a message’s metadata',
    scope: managesSession,
    params: S.MessageParams,
    body: S.UpdateMessage,
    response: S.PlatformMessage,
    run: (backend, { params, body }) =>
      json(
        backend.updateMessageMetadata(
          params.workspace_id,
          params.session_id,
          params.message_id,
          body.metadata,
        ),
      ),
  }),
];
