import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/engine/create-engine.js';
import { createGatewayBackend } from '../../src/engine/create-gateway-backend.js';
import type { Database } from '../../src/engine/database/database.js';
import { openDatabase } from '../../src/engine/database/open-database.js';
import { createLearning, OFFLINE_LEARNING } from '../../src/engine/learning/create-learning.js';
import { createPlatformBackend } from '../../src/engine/platform/create-platform-backend.js';
import { createKeyStore } from '../../src/engine/platform/keys-store.js';
import { serveGateway } from '../../src/http/gateway/serve-gateway.js';
import type { RateLimit } from '../../src/http/rate-limiter.js';
import { PROJECT_ROOT } from '../support/mcp-targets.js';
import { createIsolatedDatabase } from '../support/postgres.js';
import { makeTempDir } from '../support/temp-dir.js';

const ADMIN_KEY = 'api-keys-admin-key-for-tests-0123456789';
const run = promisify(execFile);

type Answer = { status: number; body: unknown; headers: Headers };

async function request(
  url: string,
  key: string | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(key === undefined ? {} : { authorization: `Bearer ${key}` }),
      'content-type': 'application/json',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text), headers: response.headers };
}

type Place = { DATABASE_URL: string } | { PEERMEM_DATA_DIR: string };

/** The built `peermem` to its end: exit code, stdout and stderr. */
async function peermem(
  args: string[],
  place: Place,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [join(PROJECT_ROOT, 'dist/src/main.js'), ...args],
      {
        env: { PATH: process.env.PATH, HOME: process.env.HOME, ...place },
        timeout: 60_000,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** `peermem serve` with an admin key and a platform rate limit, as a user starts it. */
async function startServe(
  place: Place,
  env: Record<string, string>,
): Promise<{ url: string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(
    process.execPath,
    [join(PROJECT_ROOT, 'dist/src/main.js'), 'serve', '--host', '127.0.0.1', '--port', '0'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { PATH: process.env.PATH, HOME: process.env.HOME, PEERMEM_ADMIN_KEY: ADMIN_KEY, ...place, ...env },
    },
  );
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${stderr}`)), 60_000);
    child.stderr?.on('data', (data: Buffer) => {
      stderr += data.toString();
      const found = /platform API at (\S+)\/v3/.exec(stderr)?.[1];
      if (found !== undefined) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    child.once('exit', () => reject(new Error(`serve exited: ${stderr}`)));
  });
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const places = [
  {
    name: 'PGlite',
    place: async () => {
      const dir = await makeTempDir('api-keys');
      return { place: { PEERMEM_DATA_DIR: dir.path }, remove: () => dir.remove() };
    },
  },
  {
    name: 'Postgres',
    place: async () => ({
      place: { DATABASE_URL: await createIsolatedDatabase('api_keys_cli') },
      remove: async () => {},
    }),
  },
];

describe.each(places)('peermem keys beside peermem serve on $name', ({ place: makePlace }) => {
  let served: { url: string; stop(): Promise<void> };
  let place: Place;
  let remove: () => Promise<void>;
  beforeAll(async () => {
    ({ place, remove } = await makePlace());
    // Three requests per key, then one every 100 s: the limit is met on the fourth.
    served = await startServe(place, {
      PEERMEM_PLATFORM_RATE_LIMIT: '0.01',
      PEERMEM_PLATFORM_RATE_LIMIT_BURST: '3',
    });
  }, 120_000);
  afterAll(async () => {
    await served?.stop();
    await remove?.();
  });

  it('creates a key shown once, lists it with its last use, limits it, and revokes it', async () => {
    const created = await peermem(
      ['keys', 'create', 'workspace', '--workspace', 'cli-ws', '--name', 'ci'],
      place,
    );
    expect(created.code, created.stderr).toBe(0);
    const key = created.stdout.trim();
    expect(key).toMatch(/^pm_[\w-]{43}$/);
    const id = /key (key_[0-9a-f]+) created/.exec(created.stderr)?.[1] as string;
    expect(created.stderr).toContain('workspace cli-ws');
    expect(created.stderr).not.toContain(key);

    const used = await request(served.url, key, 'POST', '/v3/workspaces', { id: 'cli-ws' });
    expect(used.status).toBe(200);
    // Outside its workspace: 403.
    expect((await request(served.url, key, 'POST', '/v3/workspaces', { id: 'another' })).status).toBe(403);

    const listed = await peermem(['keys', 'list'], place);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).not.toContain(key);
    const entry = (JSON.parse(listed.stdout) as Record<string, unknown>[]).find((item) => item.id === id);
    expect(entry).toMatchObject({ name: 'ci', kind: 'workspace', workspace_id: 'cli-ws', revoked_at: null });
    expect(entry?.last_used_at).toEqual(expect.any(String));

    // The configured limit, per key: the fourth request is refused, another key is not.
    expect((await request(served.url, key, 'POST', '/v3/workspaces/cli-ws/peers/list', {})).status).toBe(200);
    const limited = await request(served.url, key, 'POST', '/v3/workspaces/cli-ws/peers/list', {});
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.body).toEqual({ detail: expect.stringContaining('too many requests with this API key') });
    expect(
      (await request(served.url, ADMIN_KEY, 'POST', '/v3/workspaces/cli-ws/peers/list', {})).status,
    ).toBe(200);

    const revoked = await peermem(['keys', 'revoke', id], place);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stderr).toContain(`key ${id} revoked at`);
    const refused = await request(served.url, key, 'POST', '/v3/workspaces', { id: 'cli-ws' });
    expect(refused.status).toBe(401);
    const after = JSON.parse((await peermem(['keys', 'list'], place)).stdout) as Record<string, unknown>[];
    expect(after.find((item) => item.id === id)?.revoked_at).toEqual(expect.any(String));
  });

  it('mints an organization’s admin key, making the organization, and lists its keys apart', async () => {
    const created = await peermem(['keys', 'create', 'admin', '--org', 'acme', '--name', 'console'], place);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr).toContain('created organization "acme"');
    expect(created.stderr).toContain('organization key');
    const key = created.stdout.trim();
    expect((await request(served.url, key, 'GET', '/v3/organizations')).body).toMatchObject([{ id: 'acme' }]);
    expect((await request(served.url, key, 'GET', '/v3/keys')).body).toMatchObject([
      { name: 'console', kind: 'organization', organization_id: 'acme' },
    ]);
    const listed = JSON.parse((await peermem(['keys', 'list', '--org', 'acme'], place)).stdout) as unknown[];
    expect(listed).toMatchObject([{ name: 'console', organization_id: 'acme' }]);
  });

  it('refuses a key without what its kind needs, naming the flag', async () => {
    const noPeer = await peermem(['keys', 'create', 'peer', '--workspace', 'cli-ws'], place);
    expect(noPeer.code).toBe(1);
    expect(noPeer.stderr).toBe('peermem: --peer: a peer key needs the peer it acts as\n');
    const bogus = await peermem(['keys', 'create', 'everything'], place);
    expect(bogus.code).toBe(2);
    expect(bogus.stderr).toContain('usage: peermem keys create admin|workspace|peer|session');
    const past = await peermem(['keys', 'create', 'admin', '--expires-at', '2001-01-01T00:00:00Z'], place);
    expect(past.code).toBe(1);
    expect(past.stderr).toContain('expires_at: must be a time in the future');
  });
});

type Platform = { url: string; database: Database; close(): Promise<void> };

async function startPlatform(kind: 'pglite' | 'postgres', rateLimit?: RateLimit): Promise<Platform> {
  const database =
    kind === 'pglite'
      ? openDatabase({ kind: 'memory' })
      : openDatabase({ kind: 'postgres', url: await createIsolatedDatabase('api_keys') });
  await database.query('SELECT 1');
  const learning = createLearning(OFFLINE_LEARNING);
  const engine: Engine = createEngine(database, { learning, contextTokens: 8192, deriver: false });
  const server = await serveGateway({
    backend: createGatewayBackend(database, engine),
    platform: {
      backend: createPlatformBackend(database, engine, learning.embedder),
      adminKey: ADMIN_KEY,
      keys: createKeyStore(database),
      rateLimit,
    },
    host: '127.0.0.1',
    port: 0,
  });
  return {
    url: server.url,
    database,
    async close() {
      await server.close();
      await engine.stop();
      await database.close();
    },
  };
}

describe.each(['pglite', 'postgres'] as const)('POST /v3/keys and friends on %s', (kind) => {
  let platform: Platform;
  const call = (key: string | undefined, method: string, path: string, body?: unknown) =>
    request(platform.url, key, method, path, body);
  beforeAll(async () => {
    platform = await startPlatform(kind);
  }, 120_000);
  afterAll(async () => platform?.close());

  it('answers the key once, in Honcho’s shape, and keeps only its SHA-256', async () => {
    const created = await call(ADMIN_KEY, 'POST', '/v3/keys?workspace_id=w1&peer_id=alice&name=alice%20app');
    expect(created.status).toBe(200);
    const body = created.body as { key: string; id: string };
    expect(body).toMatchObject({ kind: 'peer', workspace_id: 'w1', peer_id: 'alice', name: 'alice app' });
    const rows = await platform.database.query<Record<string, unknown>>(
      'SELECT * FROM api_keys WHERE id = $1',
      [body.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.secret_sha256).toBe(createHash('sha256').update(body.key).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(body.key);
    const listed = await call(ADMIN_KEY, 'GET', '/v3/keys');
    expect(JSON.stringify(listed.body)).not.toContain(body.key);
    expect((listed.body as { id: string }[]).map((key) => key.id)).toContain(body.id);
  });

  it('answers the same 401 for a key missing, unknown, revoked or expired', async () => {
    const revocable = (await call(ADMIN_KEY, 'POST', '/v3/keys?workspace_id=w1')).body as {
      key: string;
      id: string;
    };
    expect((await call(revocable.key, 'POST', '/v3/workspaces', { id: 'w1' })).status).toBe(200);
    expect((await call(ADMIN_KEY, 'DELETE', `/v3/keys/${revocable.id}`)).body).toMatchObject({
      id: revocable.id,
      revoked_at: expect.any(String),
    });
    const soon = new Date(Date.now() + 1500).toISOString();
    const expiring = (await call(ADMIN_KEY, 'POST', `/v3/keys?workspace_id=w1&expires_at=${soon}`)).body as {
      key: string;
      expires_at: string;
    };
    expect(expiring.expires_at).toBe(soon);
    expect((await call(expiring.key, 'POST', '/v3/workspaces', { id: 'w1' })).status).toBe(200);
    await expect
      .poll(async () => (await call(expiring.key, 'POST', '/v3/workspaces', { id: 'w1' })).status, {
        timeout: 15_000,
        interval: 250,
      })
      .toBe(401);

    const answers = await Promise.all(
      [undefined, 'pm_not-a-key-anyone-minted', revocable.key, expiring.key].map((key) =>
        call(key, 'POST', '/v3/workspaces', { id: 'w1' }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer');
      expect(answer.body).toEqual(answers[0]?.body);
    }
  });

  it('refuses a scope that cannot be, naming the parameter', async () => {
    const noWorkspace = await call(ADMIN_KEY, 'POST', '/v3/keys?session_id=s1');
    expect(noWorkspace.status).toBe(422);
    expect(JSON.stringify(noWorkspace.body)).toContain('session_id');
    const both = await call(ADMIN_KEY, 'POST', '/v3/keys?workspace_id=w1&peer_id=a&session_id=s');
    expect(both.status).toBe(422);
    const past = await call(ADMIN_KEY, 'POST', '/v3/keys?expires_at=2001-01-01T00:00:00Z');
    expect(past.status).toBe(422);
    expect(JSON.stringify(past.body)).toContain('expires_at');
    const noOrganization = await call(ADMIN_KEY, 'POST', '/v3/keys?organization_id=nobody');
    expect(noOrganization.status).toBe(404);
    expect(await call(ADMIN_KEY, 'DELETE', '/v3/keys/key_nosuchkey')).toMatchObject({ status: 404 });
  });

  it('organizations: members, admins, and keys that go with a member’s admin grant', async () => {
    expect(
      (await call(ADMIN_KEY, 'POST', '/v3/organizations', { id: 'acme', name: 'Acme' })).body,
    ).toMatchObject({
      id: 'acme',
      name: 'Acme',
    });
    await call(ADMIN_KEY, 'POST', '/v3/organizations/acme/members', {
      member: 'ann@acme.test',
      role: 'admin',
    });
    await call(ADMIN_KEY, 'POST', '/v3/organizations/acme/members', { member: 'bo@acme.test' });
    const forBo = await call(ADMIN_KEY, 'POST', '/v3/keys?organization_id=acme&member=bo%40acme.test');
    expect(forBo.status).toBe(422);
    expect(JSON.stringify(forBo.body)).toContain('is not an admin of the organization');

    const annKey = (
      (await call(ADMIN_KEY, 'POST', '/v3/keys?organization_id=acme&member=ann%40acme.test')).body as {
        key: string;
      }
    ).key;
    expect((await call(annKey, 'POST', '/v3/workspaces', { id: 'acme-ws' })).status).toBe(200);
    // Ann's key mints a key for its organization's workspace.
    const appKey = ((await call(annKey, 'POST', '/v3/keys?workspace_id=acme-ws')).body as { key: string })
      .key;
    expect((await call(appKey, 'POST', '/v3/workspaces/acme-ws/peers', { id: 'dana' })).status).toBe(200);

    const demoted = await call(annKey, 'PUT', '/v3/organizations/acme/members/ann%40acme.test', {
      role: 'member',
    });
    expect(demoted.body).toMatchObject({ member: 'ann@acme.test', role: 'member' });
    expect((await call(annKey, 'GET', '/v3/organizations')).status).toBe(401);
    // The workspace key it minted ends with Ann's grant (admin-offboarding.test.ts has the rest).
    expect((await call(appKey, 'POST', '/v3/workspaces/acme-ws/peers', { id: 'dana' })).status).toBe(401);

    expect((await call(ADMIN_KEY, 'DELETE', '/v3/organizations/acme/members/bo%40acme.test')).status).toBe(
      200,
    );
    expect((await call(ADMIN_KEY, 'GET', '/v3/organizations/acme/members')).body).toMatchObject([
      { member: 'ann@acme.test', role: 'member' },
    ]);
    expect((await call(ADMIN_KEY, 'DELETE', '/v3/organizations/acme/members/bo%40acme.test')).status).toBe(
      404,
    );
    expect((await call(ADMIN_KEY, 'GET', '/v3/organizations/nobody/members')).status).toBe(404);
    const notMember = await call(ADMIN_KEY, 'PUT', '/v3/organizations/acme/members/bo%40acme.test', {
      role: 'admin',
    });
    expect(notMember.status).toBe(404);
    expect((notMember.body as { detail: string }).detail).toContain(
      '"bo@acme.test" is not a member of organization "acme"',
    );
  });
});

describe('the per-key rate limit', () => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await startPlatform('pglite', { requestsPerSecond: 0.01, burst: 2 });
  }, 120_000);
  afterAll(async () => platform?.close());

  it('answers 429 with Retry-After once a key has spent its burst; other keys and bad keys are not counted', async () => {
    const call = (key: string) => request(platform.url, key, 'POST', '/v3/workspaces', { id: 'limited' });
    expect((await call(ADMIN_KEY)).status).toBe(200);
    const minted = (await request(platform.url, ADMIN_KEY, 'POST', '/v3/keys?workspace_id=limited')).body as {
      key: string;
    };
    const limited = await call(ADMIN_KEY);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      detail: expect.stringMatching(
        /^too many requests with this API key: at most 0.01 a second, 2 at once; retry after \d+ s$/,
      ),
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(1);
    expect((await call(minted.key)).status).toBe(200);
    expect((await call('pm_unknown-key')).status).toBe(401);
    expect((await call(minted.key)).status).toBe(200);
    expect((await call(minted.key)).status).toBe(429);
  });
});
