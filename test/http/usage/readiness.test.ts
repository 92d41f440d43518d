import { afterAll, describe, expect, it } from 'vitest';
import {
  PLATFORM_ADMIN_KEY,
  type PlatformServer,
  startPlatformServer,
} from '../../support/platform-serve.js';
import { createIsolatedDatabase } from '../../support/postgres.js';
import { startProxy } from '../../support/tcp-proxy.js';

describe('/health and /ready for a load balancer', () => {
  let server: PlatformServer | undefined;
  afterAll(async () => server?.stop());

  it('is ready while the database answers, 503 once it is gone and alive all along, ready again when it is back', async () => {
    const url = new URL(await createIsolatedDatabase('usage_ready'));
    const proxy = await startProxy({ host: url.hostname, port: Number(url.port || 5432) });
    const databaseUrl = `postgres://${url.username}@127.0.0.1:${proxy.port()}${url.pathname}`;
    server = await startPlatformServer('postgres', 'usage_ready', { databaseUrl });
    const { baseURL } = server;
    const get = async (path: string) => {
      const response = await fetch(`${baseURL}${path}`);
      return {
        status: response.status,
        body: (await response.json()) as { status: string; reason?: string },
      };
    };
    await expect.poll(async () => (await get('/ready')).status, { timeout: 30_000 }).toBe(200);
    expect((await get('/health')).body.status).toBe('alive');

    await proxy.cut();
    const notReady = await get('/ready');
    expect(notReady.status).toBe(503);
    expect(notReady.body.status).toBe('not ready');
    expect(notReady.body.reason).toMatch(/^database: /);
    expect(notReady.body.reason).not.toContain(PLATFORM_ADMIN_KEY);
    expect(await get('/health')).toMatchObject({ status: 200, body: { status: 'alive' } });
    // The API itself says the database is unavailable; the scrape says so without failing.
    const metrics = await fetch(`${baseURL}/metrics`, {
      headers: { Authorization: `Bearer ${PLATFORM_ADMIN_KEY}` },
    });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/^peermem_database_up 0$/m);

    await proxy.restore();
    await expect.poll(async () => (await get('/ready')).status, { timeout: 30_000 }).toBe(200);
  }, 120_000);
});
