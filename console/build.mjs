// Builds the web console into dist/console/: index.html, the shell served for every page path, and
// assets/ with names that carry a hash of their content, so the server can let browsers keep them
// for a year. Everything the console runs is here: no CDN, nothing fetched at run time.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'rolldown';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const out = join(root, 'dist/console');
const assets = join(out, 'assets');
const started = performance.now();

await rm(out, { recursive: true, force: true });
await mkdir(assets, { recursive: true });
await build({
  input: { console: join(here, 'src/main.tsx') },
  platform: 'browser',
  tsconfig: join(here, 'tsconfig.json'),
  onLog: (level, log, handle) => {
    if (log.code === 'UNRESOLVED_IMPORT') throw new Error(`console build: ${log.message}`);
    handle(level, log);
  },
  output: {
    dir: assets,
    format: 'esm',
    minify: true,
    entryFileNames: '[name]-[hash].js',
    chunkFileNames: '[name]-[hash].js',
  },
});

// uPlot's own rules first, so the console's may adjust them.
const css = [
  await readFile(join(root, 'node_modules/uplot/dist/uPlot.min.css'), 'utf8'),
  await readFile(join(here, 'src/console.css'), 'utf8'),
].join('\n');
const cssName = `console-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
await writeFile(join(assets, cssName), css);

const names = await readdir(assets);
const js = names.find((name) => name.startsWith('console-') && name.endsWith('.js'));
if (js === undefined) throw new Error('console build: no entry script was written');
const shell = (await readFile(join(here, 'index.html'), 'utf8'))
  .replace('{{css}}', cssName)
  .replace('{{js}}', js);
await writeFile(join(out, 'index.html'), shell);

let gzipped = 0;
for (const name of names) gzipped += gzipSync(await readFile(join(assets, name))).length;
process.stderr.write(
  `dist/console/ built in ${Math.round(performance.now() - started)} ms: ${names.length} assets, ${(gzipped / 1024).toFixed(1)} KiB gzipped\n`,
);
