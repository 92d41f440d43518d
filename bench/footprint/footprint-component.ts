import { performance } from 'node:perf_hooks';
import { watchWasmMemories } from './memory-probe.js';

/**
 * One large piece of peermem loaded alone, for profile-footprint: `node --expose-gc
 * footprint-component.js NAME DATA_FOLDER` prints process.memoryUsage() before and after, with
 * the WebAssembly memory made, as one JSON line.
 */
const PIECES: Record<string, (dataDir: string) => Promise<unknown>> = {
  async pglite(dataDir) {
    const { openDatabase } = await import('../../src/engine/database/open-database.js');
    const database = openDatabase({ kind: 'pglite', dataDir });
    await database.query('SELECT 1');
    return database;
  },
  async nlp() {
    const { createOfflineReasoner } = await import('../../src/engine/learning/offline/offline-reasoner.js');
    const reasoner = createOfflineReasoner();
    const messages = [
      {
        id: '1',
        peer_id: 'Caroline',
        content: 'I moved from Sweden four years ago and now I paint every Saturday.',
        created_at: '2023-05-08T13:56:00Z',
      },
    ];
    return [
      await reasoner.extractObservations('Caroline', messages),
      await reasoner.summarize(messages, 100),
    ];
  },
  async 'word-vectors'() {
    const { createWordVectorEmbedder } = await import(
      '../../src/engine/learning/embedding/create-word-vector-embedder.js'
    );
    return createWordVectorEmbedder().embed(['what did we decide about the trip?']);
  },
  async 'token-table'() {
    const { countTokens } = await import('../../src/engine/count-tokens.js');
    return countTokens(['what did we decide about the trip?']);
  },
  async 'mcp-server'() {
    const [{ createMcpServer }, { tools }] = await Promise.all([
      import('../../src/mcp/create-mcp-server.js'),
      import('../../tools/index.js'),
    ]);
    return [createMcpServer, tools];
  },
};

const [name = '', dataDir = ''] = process.argv.slice(2);
const load = PIECES[name];
if (load === undefined) throw new Error(`no piece named ${name}: ${Object.keys(PIECES).join(', ')}`);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const wasmBytes = watchWasmMemories();
gc();
const before = process.memoryUsage();
const started = performance.now();
const kept = await load(dataDir);
const ms = performance.now() - started;
gc();
console.log(
  JSON.stringify({
    before,
    after: { ...process.memoryUsage(), wasmBytes: wasmBytes() },
    ms,
    kept: kept !== undefined,
  }),
);
process.exit(0);
