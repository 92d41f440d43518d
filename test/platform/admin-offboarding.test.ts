import { Honcho } from '@honcho-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InProcessPlatform, startInProcessPlatform } from '../support/in-process-platform.js';

const ADMIN_KEY = 'offboarding-admin-key-for-tests-0123456789';

type Minted = { key: string; id: string };

describe.each(['pglite', 'postgres'] as const)('keys minted by an organization admin on %s', (kind) => {
  let platform: InProcessPlatform;

  async function call(key: string, method: string, path: string, body?: unknown) {
    const response = await fetch(`${platform.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text === '' ? null : JSON.parse(text)) as unknown };
  }
  async function mint(key: string, query: Record<string, string>): Promise<Minted> {
    const minted = await call(key, 'POST', `/v3/keys?${new URLSearchParams(query)}`);
    expect(minted.status, JSON.stringify(minted.body)).toBe(200);
    return minted.body as Minted;
  }
  /** What a key answers on a request inside its scope: 200 while it lives, 401 once it has ended. */
  const status = async (minted: Minted) =>
    (await call(minted.key, 'POST', '/v3/workspaces', { id: 'acme-ws' })).status;
  const revokedAt = async (minted: Minted) =>
    (
      await platform.database.query<{ revoked_at: unknown }>(
        'SELECT revoked_at FROM api_keys WHERE id = $1',
        [minted.id],
      )
    )[0]?.revoked_at;
  const setRole = (member: string, role: 'admin' | 'member') =>
    call(ADMIN_KEY, 'PUT', `/v3/organizations/acme/members/${member}`, { role });

  beforeAll(async () => {
    platform = await startInProcessPlatform(kind, 'offboarding', ADMIN_KEY);
    await call(ADMIN_KEY, 'POST', '/v3/organizations', { id: 'acme' });
    for (const [member, role] of [
      ['ann', 'admin'],
      ['cy', 'admin'],
      ['dee', 'admin'],
      ['bo', 'member'],
    ])
      await call(ADMIN_KEY, 'POST', '/v3/organizations/acme/members', { member, role });
    const organizationKey = await mint(ADMIN_KEY, { organization_id: 'acme' });
    expect(await status(organizationKey)).toBe(200);
  }, 120_000);
  afterAll(async () => platform?.close());

  it('ends every key an admin minted when the admin is demoted, and a new grant does not bring them back', async () => {
    const ann = await mint(ADMIN_KEY, { organization_id: 'acme', member: 'ann' });
    const byAnn = {
      workspace: await mint(ann.key, { workspace_id: 'acme-ws' }),
      peer: await mint(ann.key, { workspace_id: 'acme-ws', peer_id: 'alice' }),
      forBo: await mint(ann.key, { workspace_id: 'acme-ws', member: 'bo' }),
      organization: await mint(ann.key, {}),
    };
    // A key minted with a key Ann minted is Ann's doing too.
    const chained = await mint(byAnn.organization.key, { workspace_id: 'acme-ws' });
    // Keys the organization was given otherwise are not Ann's to take along.
    const organizationWide = await mint(ADMIN_KEY, { organization_id: 'acme' });
    const byOrganization = await mint(organizationWide.key, { workspace_id: 'acme-ws' });
    const forAnn = await mint(ADMIN_KEY, { organization_id: 'acme', workspace_id: 'acme-ws', member: 'ann' });
    const annKeys = [ann, ...Object.values(byAnn), chained];
    for (const minted of [...annKeys, organizationWide, byOrganization, forAnn])
      expect(await status(minted)).toBe(200);
    const recorded = await platform.database.query<{ id: string; minted_by: string | null }>(
      'SELECT id, minted_by FROM api_keys WHERE id = ANY($1)',
      [[...Object.values(byAnn), chained, byOrganization].map((minted) => minted.id)],
    );
    expect(Object.fromEntries(recorded.map((row) => [row.id, row.minted_by]))).toEqual({
      ...Object.fromEntries([...Object.values(byAnn), chained].map((minted) => [minted.id, 'ann'])),
      [byOrganization.id]: null,
    });

    expect((await setRole('ann', 'member')).status).toBe(200);
    for (const minted of annKeys) {
      expect(await status(minted)).toBe(401);
      expect(await revokedAt(minted)).not.toBeNull();
    }
    const honcho = new Honcho({
      baseURL: platform.url,
      apiKey: byAnn.workspace.key,
      workspaceId: 'acme-ws',
      maxRetries: 0,
    });
    await expect(honcho.peer('alice')).rejects.toMatchObject({ status: 401 });
    for (const minted of [organizationWide, byOrganization, forAnn]) expect(await status(minted)).toBe(200);
    const listed = (await call(ADMIN_KEY, 'GET', '/v3/keys')).body as {
      id: string;
      minted_by: string | null;
    }[];
    expect(listed.find((key) => key.id === chained.id)).toMatchObject({
      minted_by: 'ann',
      revoked_at: expect.any(String),
    });

    expect((await setRole('ann', 'admin')).status).toBe(200);
    for (const minted of annKeys) expect(await status(minted)).toBe(401);
    // Her new grant mints keys that work.
    const again = await mint(ADMIN_KEY, { organization_id: 'acme', member: 'ann' });
    expect(await status(await mint(again.key, { workspace_id: 'acme-ws' }))).toBe(200);
  });

  it('ends every key an admin minted when the admin is removed', async () => {
    const cy = await mint(ADMIN_KEY, { organization_id: 'acme', member: 'cy' });
    const byCy = [
      await mint(cy.key, { workspace_id: 'acme-ws' }),
      await mint(cy.key, { workspace_id: 'acme-ws', member: 'bo' }),
    ];
    const forCy = await mint(ADMIN_KEY, { organization_id: 'acme', workspace_id: 'acme-ws', member: 'cy' });
    for (const minted of [cy, ...byCy, forCy]) expect(await status(minted)).toBe(200);

    expect((await call(ADMIN_KEY, 'DELETE', '/v3/organizations/acme/members/cy')).status).toBe(200);
    for (const minted of [cy, ...byCy, forCy]) expect(await status(minted)).toBe(401);
    // The keys minted for Cy went with Cy; those Cy minted for others stay listed, revoked.
    expect(await revokedAt(cy)).toBeUndefined();
    expect(await revokedAt(forCy)).toBeUndefined();
    for (const minted of byCy) expect(await revokedAt(minted)).not.toBeNull();
    // Cy added back as an admin is a new grant: the old keys stay ended.
    await call(ADMIN_KEY, 'POST', '/v3/organizations/acme/members', { member: 'cy', role: 'admin' });
    for (const minted of byCy) expect(await status(minted)).toBe(401);
  });

  it('never lets a key outlive the grant it was minted under, even one the revocation missed', async () => {
    const dee = await mint(ADMIN_KEY, { organization_id: 'acme', member: 'dee' });
    const byDee = await mint(dee.key, { workspace_id: 'acme-ws' });
    expect((await setRole('dee', 'member')).status).toBe(200);
    // As if the key had been minted while the demotion was being written: not marked revoked.
    await platform.database.query('UPDATE api_keys SET revoked_at = NULL WHERE id = ANY($1)', [
      [dee.id, byDee.id],
    ]);
    expect(await status(byDee)).toBe(401);
    expect(await status(dee)).toBe(401);
    expect((await setRole('dee', 'admin')).status).toBe(200);
    expect(await status(byDee)).toBe(401);
    expect(await status(dee)).toBe(401);
  });

  it('reports a bad query parameter of POST /v3/keys at its place in the query', async () => {
    const past = await call(
      ADMIN_KEY,
      'POST',
      '/v3/keys?workspace_id=acme-ws&expires_at=2001-01-01T00:00:00Z',
    );
    expect(past.status).toBe(422);
    expect((past.body as { detail: { loc: unknown[] }[] }).detail[0]?.loc).toEqual(['query', 'expires_at']);
    const elsewhere = await call(ADMIN_KEY, 'POST', '/v3/keys?organization_id=acme&workspace_id=not-acme');
    expect((elsewhere.body as { detail: { loc: unknown[] }[] }).detail[0]?.loc).toEqual([
      'query',
      'workspace_id',
    ]);
  });
});
