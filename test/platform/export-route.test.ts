import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceRows } from '../../bench/export/workspace-rows.js';
import { createEngine, type Engine } from '../../src/engine/create-engine.js';
import type { Database } from '../../src/engine/database/database.js';
import { openDatabase } from '../../src/engine/database/open-database.js';
import { exportWorkspaces } from '../../src/engine/export/export-workspaces.js';
import { restoreExport } from '../../src/engine/export/restore-export.js';
import { recordWorkspaceFolder } from '../../src/engine/export/workspace-folders.js';
import { createLearning, OFFLINE_LEARNING } from '../../src/engine/learning/create-learning.js';
import type { Listening } from '../../src/http/listen.js';
import { servePlatformInProcess } from '../support/in-process-platform.js';

const ADMIN_KEY = 'export-admin-key-for-tests-0123456789';

describe('GET /v3/workspaces/{id}/export', () => {
  let database: Database;
  let engine: Engine;
  let server: Listening;
  const keys = { workspace: '', otherWorkspace: '', peer: '', session: '' };

  const request = (path: string, key: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...init.headers },
    });
  const admin = async (path: string, body: unknown) => {
    const response = await request(path, ADMIN_KEY, { method: 'POST', body: JSON.stringify(body) });
    expect(response.status, path).toBe(200);
    return response.json() as Promise<Record<string, unknown>>;
  };

  beforeAll(async () => {
    database = openDatabase({ kind: 'memory' });
    const learning = createLearning(OFFLINE_LEARNING);
    engine = createEngine(database, { learning, contextTokens: 8192, deriver: false });
    server = await servePlatformInProcess(database, engine, learning, ADMIN_KEY);
    for (const workspace of ['w1', 'w2']) {
      await admin('/v3/workspaces', { id: workspace, metadata: { owner: workspace } });
      await admin(`/v3/workspaces/${workspace}/sessions`, { id: 's1', peers: { alice: {}, bob: {} } });
      await admin(`/v3/workspaces/${workspace}/sessions/s1/messages`, {
        messages: [
          { peer_id: 'alice', content: 'I live in Lisbon.', metadata: { mood: 'calm' } },
          { peer_id: 'bob', content: 'I live in Porto.', created_at: '2024-02-03T04:05:06.789Z' },
        ],
      });
    }
    const mint = async (query: Record<string, string>) =>
      (
        (await (
          await request(`/v3/keys?${new URLSearchParams(query)}`, ADMIN_KEY, { method: 'POST' })
        ).json()) as { key: string }
      ).key;
    keys.workspace = await mint({ workspace_id: 'w1' });
    keys.otherWorkspace = await mint({ workspace_id: 'w2' });
    keys.peer = await mint({ workspace_id: 'w1', peer_id: 'alice' });
    keys.session = await mint({ workspace_id: 'w1', session_id: 's1' });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await engine?.stop();
    await database?.close();
  });

  it('streams the file peermem export writes, as application/x-ndjson, to admin and workspace keys', async () => {
    let expected = '';
    for await (const chunk of exportWorkspaces(database, ['w1'])) expected += chunk;
    const withoutTime = (text: string) => text.replace(/"exported_at":"[^"]+"/, '"exported_at":"-"');
    for (const key of [ADMIN_KEY, keys.workspace]) {
      const response = await request('/v3/workspaces/w1/export', key);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="w1.peermem.jsonl"');
      const text = await response.text();
      expect(withoutTime(text)).toBe(withoutTime(expected));
      const records = text
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as { type: string });
      expect(records.filter((record) => record.type === 'message')).toHaveLength(2);
    }
  });

  it('is restored by the import into another database with every row equal', async () => {
    const text = await (await request('/v3/workspaces/w1/export', keys.workspace)).text();
    const target = openDatabase({ kind: 'memory' });
    try {
      const lines = (async function* () {
        yield* text.split('\n');
      })();
      expect(await restoreExport(target, lines)).toMatchObject({ complete: true, workspaces: ['w1'] });
      expect(await workspaceRows(target, 'w1')).toEqual(await workspaceRows(database, 'w1'));
    } finally {
      await target.close();
    }
  });

  it('refuses peer and session keys and another workspace’s key with 403, before reading anything', async () => {
    for (const key of [keys.peer, keys.session, keys.otherWorkspace]) {
      const response = await request('/v3/workspaces/w1/export', key);
      expect(response.status).toBe(403);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.text()).not.toContain('Lisbon');
    }
  });

  it('answers 404 for a workspace that does not exist, and 401 without a key', async () => {
    const missing = await request('/v3/workspaces/nowhere/export', ADMIN_KEY);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { detail: string }).detail).toContain(
      'workspace "nowhere" does not exist',
    );
    expect((await fetch(`${server.url}/v3/workspaces/w1/export`)).status).toBe(401);
  });

  it('forgets the folder recorded for a workspace when the API deletes it, and then answers 404', async () => {
    await recordWorkspaceFolder(database, 'w2', '/home/ada/projects/w2');
    const deleted = await request('/v3/workspaces/w2', ADMIN_KEY, { method: 'DELETE' });
    expect(deleted.status).toBe(202);
    expect(await database.query(`SELECT 1 FROM workspace_folders WHERE workspace_id = 'w2'`)).toHaveLength(0);
    expect((await request('/v3/workspaces/w2/export', ADMIN_KEY)).status).toBe(404);
  });

  it('is described in the OpenAPI document as a stream of JSON lines', async () => {
    const document = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content: Record<string, unknown> }> }>
      >;
    };
    const operation = document.paths['/v3/workspaces/{workspace_id}/export']?.get;
    expect(Object.keys(operation?.responses['200']?.content ?? {})).toEqual(['application/x-ndjson']);
  });
});
