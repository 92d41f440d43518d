import type { Config } from '../config.js';
import type { NewApiKey } from '../engine/platform/api-keys.js';
import { createKeyStore } from '../engine/platform/keys-store.js';
import { GivenTimestamp } from '../schemas/common.js';
import { MemoryError } from '../service/errors.js';
import { openEngine } from './open-engine.js';

const USAGE = `peermem: usage: peermem keys create admin|workspace|peer|session [--workspace ID] [--peer ID] [--session ID] [--org ID] [--member NAME] [--name LABEL] [--expires-at TIME]
       peermem keys list [--org ID]
       peermem keys revoke KEY_ID`;

/**
 * `peermem keys ACTION`: mints, lists and revokes the platform API's keys in the database the
 * server uses (it may be running). A new key is printed once, alone on stdout, for a script to
 * capture; it is stored only as a hash. The list is JSON, without secrets.
 */
export async function runKeys(config: Config): Promise<number> {
  const [action, argument] = config.args;
  const options = config.keys;
  if (options === undefined || action === undefined) return usage();
  if (action === 'create' && !['admin', 'workspace', 'peer', 'session'].includes(argument ?? ''))
    return usage();
  if (action === 'revoke' && argument === undefined) return usage();
  if (!['create', 'list', 'revoke'].includes(action)) return usage();
  const { database } = openEngine(config, { deriver: false });
  const keys = createKeyStore(database);
  try {
    switch (action) {
      case 'create': {
        const request = keyRequest(argument as string, config, options);
        if (request.organization !== undefined) {
          const existing = await keys.listOrganizations(request.organization);
          if (existing.length === 0) {
            await keys.getOrCreateOrganization(request.organization, request.organization);
            console.error(`peermem: created organization "${request.organization}"`);
          }
        }
        const created = await keys.createKey(request);
        const scope = describeScope(created.api_key);
        console.error(
          `peermem: ${created.api_key.kind} key ${created.api_key.id} created (${scope}); it is shown once, here:`,
        );
        process.stdout.write(`${created.key}\n`);
        return 0;
      }
      case 'list':
        process.stdout.write(`${JSON.stringify(await keys.listKeys(options.organization), null, 2)}\n`);
        return 0;
      default: {
        const revoked = await keys.revokeKey(argument as string);
        console.error(`peermem: key ${revoked.id} revoked at ${revoked.revoked_at}`);
        return 0;
      }
    }
  } catch (error) {
    if (!(error instanceof MemoryError)) throw error;
    console.error(`peermem: ${error.message}${error.hint ? `. ${error.hint}` : ''}`);
    return 1;
  } finally {
    await database.close();
  }
}

function usage(): number {
  console.error(USAGE);
  return 2;
}

/** The key the command line asks for; the kind names the scope so none is minted by accident. */
function keyRequest(kind: string, config: Config, options: NonNullable<Config['keys']>): NewApiKey {
  const expiresAt = options.expiresAt === undefined ? undefined : GivenTimestamp.safeParse(options.expiresAt);
  if (expiresAt !== undefined && !expiresAt.success)
    throw new MemoryError(
      'invalid_input',
      `--expires-at: must be ISO 8601 with an offset, such as 2027-01-01T00:00:00Z`,
    );
  if (kind === 'peer' && options.peer === undefined)
    throw new MemoryError('invalid_input', '--peer: a peer key needs the peer it acts as');
  if (kind === 'session' && options.session === undefined)
    throw new MemoryError('invalid_input', '--session: a session key needs the session it reaches');
  if (
    (kind !== 'peer' && options.peer !== undefined) ||
    (kind !== 'session' && options.session !== undefined)
  )
    throw new MemoryError(
      'invalid_input',
      `--peer and --session go with peer and session keys, not ${kind} keys`,
    );
  return {
    organization: options.organization,
    member: options.member,
    workspace: kind === 'admin' ? undefined : config.workspace,
    peer: options.peer,
    session: options.session,
    name: options.name,
    expiresAt: expiresAt?.data,
  };
}

function describeScope(key: {
  organization_id: string | null;
  workspace_id: string | null;
  peer_id: string | null;
  session_id: string | null;
  expires_at: string | null;
}): string {
  const parts = [
    key.organization_id === null ? undefined : `organization ${key.organization_id}`,
    key.workspace_id === null ? undefined : `workspace ${key.workspace_id}`,
    key.peer_id === null ? undefined : `peer ${key.peer_id}`,
    key.session_id === null ? undefined : `session ${key.session_id}`,
    key.expires_at === null ? 'no expiry' : `expires ${key.expires_at}`,
  ];
  return parts.filter(Boolean).join(', ') || 'everything';
}
