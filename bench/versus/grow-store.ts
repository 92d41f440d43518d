import { resolve } from 'node:path';
import { openPglite } from '../../src/engine/database/open-pglite.js';
import { parseBenchFlags } from '../parse-bench-flags.js';
import { runScript } from '../run-script.js';

const USAGE = `node dist/bench/versus/grow-store.js --store PGDATA [--times N]

Makes a store N times larger (default 10) for timing search at scale: the messages of one PGlite
store (a data folder's pgdata, for example a copy of one left by \`npm run bench:versus -- --keep\`)
are written again N - 1 times into the same sessions, each copy three years later than the one
before, then the tables are analysed. Only messages are copied (the new ones have no
observations or vectors), so the store is for comparing builds or settings on one another
(\`compare-search-builds.js\`, \`time-search-statements.js\`), not for recall figures of its own.
The store is changed in place: copy it first.`;

async function main(): Promise<void> {
  const flags = parseBenchFlags(
    process.argv.slice(2),
    { store: { type: 'string' }, times: { type: 'string' } },
    USAGE,
  );
  const times = Number(flags.times ?? 10);
  if (flags.store === undefined || !Number.isInteger(times) || times < 2) throw new Error(USAGE);
  const database = await openPglite(resolve(flags.store));
  try {
    const [original] = await database.query<{ last: string }>('SELECT max(seq)::text AS last FROM messages');
    for (let copy = 1; copy < times; copy++) {
      await database.query(
        `INSERT INTO messages (workspace_id, session_id, peer_id, content, metadata, token_count, created_at)
         SELECT workspace_id, session_id, peer_id, content, metadata, token_count,
                created_at + make_interval(years => $2::int)
         FROM messages WHERE seq <= $1::bigint ORDER BY seq`,
        [original?.last ?? '0', 3 * copy],
      );
    }
    // Word rarity is read from the sessions' counts and the table's statistics.
    await database.query(
      `UPDATE sessions s SET message_count = (SELECT count(*) FROM messages m
         WHERE m.workspace_id = s.workspace_id AND m.session_id = s.id)`,
    );
    await database.query('ANALYZE');
    const [row] = await database.query<{ count: number }>('SELECT count(*)::int AS count FROM messages');
    console.log(`${row?.count ?? 0} messages`);
  } finally {
    await database.close();
  }
}

await runScript(main);
