import { z } from 'zod';
import type { KeyStore } from '../../engine/platform/keys-store.js';
import { GivenTimestamp, Id, storedText, Timestamp } from '../../schemas/common.js';
import { type StoreRoute, storeRoute } from './route-definition.js';

/** A route of the key and organization administration: it runs on the key store. */
export type KeyRoute = StoreRoute<KeyStore>;

export const keyRoute = storeRoute<KeyStore>();

const OptionalId = (what: string) => Id.optional().describe(what);

const CreateKeyQuery = z.object({
  workspace_id: OptionalId('The workspace the key is scoped to; none: an admin key.'),
  peer_id: OptionalId('A peer of that workspace the key acts as.'),
  session_id: OptionalId('A session of that workspace the key reaches alone.'),
  organization_id: OptionalId(
    'The organization the key belongs to; an organization key uses its own. Alone: that organization’s admin key.',
  ),
  member: z
    .string()
    .min(1)
    .max(320)
    .optional()
    .describe('The member of the organization the key is for; its keys go when the member is removed.'),
  name: storedText(200).optional().describe('A label to tell the key apart in the list.'),
  expires_at: GivenTimestamp.optional().describe('When the key stops working (ISO 8601 with an offset).'),
});

const Nullable = (what: string) => z.string().nullable().describe(what);

const ApiKeyShape = z.object({
  id: z.string().describe('The key’s id, to list and revoke it by; not the key.'),
  name: Nullable('Its label.'),
  kind: z.enum(['admin', 'organization', 'workspace', 'peer', 'session']),
  organization_id: Nullable('The organization it belongs to.'),
  member: Nullable('The member it was minted for.'),
  minted_by: Nullable('The member who minted it: it stops working when they stop being an admin.'),
  workspace_id: Nullable('The workspace it is scoped to.'),
  peer_id: Nullable('The peer it acts as.'),
  session_id: Nullable('The session it reaches.'),
  created_at: Timestamp,
  expires_at: Nullable('When it stops working.'),
  last_used_at: Nullable('Its last use, to the minute.'),
  revoked_at: Nullable('When it was revoked.'),
});

/** Minting, listing and revoking keys (POST /v3/keys has the query parameters of Honcho's). */
export const KEY_ROUTES: readonly KeyRoute[] = [
  keyRoute({
    method: 'post',
    path: '/v3/keys',
    summary: 'Create an API key, scoped by the query; the key is in this answer only',
    params: z.object({}),
    query: CreateKeyQuery,
    response: ApiKeyShape.extend({ key: z.string().describe('The key: shown once, stored only as a hash.') }),
    scope: ({ query }) => ({
      level: 'organization',
      organization: query.organization_id,
      workspace: query.workspace_id,
    }),
    run: async (keys, { query }, caller) => {
      const created = await keys.createKey({
        organization: query.organization_id ?? caller.organization,
        member: query.member,
        // The member acting: the key's own, or the one who minted the organization key used.
        mintedBy: caller.member ?? caller.mintedBy,
        workspace: query.workspace_id,
        peer: query.peer_id,
        session: query.session_id,
        name: query.name,
        expiresAt: query.expires_at,
      });
      return { key: created.key, ...created.api_key };
    },
  }),
  keyRoute({
    method: 'get',
    path: '/v3/keys',
    summary: 'List the API keys (never their secrets), newest first; an organization key lists its own',
    params: z.object({}),
    response: z.array(ApiKeyShape),
    scope: () => ({ level: 'organization' }),
    run: (keys, _input, caller) => keys.listKeys(caller.organization),
  }),
  keyRoute({
    method: 'delete',
    path: '/v3/keys/{key_id}',
    summary: 'Revoke an API key at once',
    params: z.object({ key_id: Id.describe('The key’s id (from the list), not the key.') }),
    response: ApiKeyShape,
    scope: () => ({ level: 'organization' }),
    run: (keys, { params }, caller) => keys.revokeKey(params.key_id, caller.organization),
  }),
];
