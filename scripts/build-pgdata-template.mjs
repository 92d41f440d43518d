// Writes the template a new data folder starts from (see src/engine/database/pgdata-template.ts):
// a PGlite database initialised, migrated and with pgvector, as PGlite dumps it (~5 MB gzipped).
// A new data folder is unpacked from it in a fraction of a second, where PGlite's own initdb
// runs a second PostgreSQL for seconds. Runs after `tsc` (it uses the compiled migrations);
// skips the work when the template is newer than everything it is made from.
import { mkdir, readdir, rename, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const compiled = join(root, 'dist/src/engine/database');
const { PGDATA_TEMPLATE_FILE } = await import(join(compiled, 'pgdata-template.js'));
const output = join(root, PGDATA_TEMPLATE_FILE);

const require = createRequire(import.meta.url);
const sources = join(root, 'src/engine/database');
// The sources, not their compiled output: tsc rewrites every output file on each build.
const inputs = [
  fileURLToPath(import.meta.url),
  require.resolve('@electric-sql/pglite'),
  require.resolve('@electric-sql/pglite-pgvector'),
  join(sources, 'migrate.ts'),
  join(sources, 'enable-pgvector.ts'),
  ...(await readdir(join(sources, 'migrations'))).map((file) => join(sources, 'migrations', file)),
];
const built = await stat(output).catch(() => undefined);
const newest = Math.max(...(await Promise.all(inputs.map(async (file) => (await stat(file)).mtimeMs))));
if (built === undefined || built.mtimeMs < newest) {
  const started = performance.now();
  const { PGlite } = await import('@electric-sql/pglite');
  const { vector } = await import('@electric-sql/pglite-pgvector');
  const { migrate } = await import(join(compiled, 'migrate.js'));
  const { enablePgvector } = await import(join(compiled, 'enable-pgvector.js'));
  const pglite = await PGlite.create({ extensions: { vector } });
  await migrate((body) =>
    pglite.transaction(async (tx) => {
      await body(async (sql) => (await tx.exec(sql)).at(-1)?.rows ?? []);
    }),
  );
  await enablePgvector(async (sql) => (await pglite.exec(sql)).at(-1)?.rows ?? []);
  // Everything in the data files, so that opening the copy replays no write-ahead log.
  await pglite.exec('CHECKPOINT');
  const dump = await pglite.dumpDataDir('gzip');
  await pglite.close();
  const bytes = new Uint8Array(await dump.arrayBuffer());
  await mkdir(dirname(output), { recursive: true });
  // Written aside and renamed, so a build cut short never leaves half a template behind.
  await writeFile(`${output}.tmp`, bytes);
  await rename(`${output}.tmp`, output);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `database template: ${(bytes.byteLength / 2 ** 20).toFixed(1)} MiB -> ${PGDATA_TEMPLATE_FILE} (${seconds} s)`,
  );
}
