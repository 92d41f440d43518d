// Bundles the compiled server (dist/src/main.js, after `tsc`) with the dependencies it runs into
// dist/peermem/, which is what the package ships and its bin starts. An install then holds the
// code peermem runs, not each dependency whole (every module format, type files, sources): about
// 15 MB beside PGlite instead of ~280 MB of node_modules.
import { chmod, readdir, readFile, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const compiled = join(root, 'dist/src');
const out = join(root, 'dist/peermem');

/**
 * Left as imports: the package's `dependencies`, which npm installs beside it (PGlite loads its
 * WebAssembly and data files from beside its own modules, the keychain is a native module), and
 * the MCP SDK that mppx's MCP transport imports and peermem does not use. Every other package is
 * a development dependency, bundled.
 */
const { dependencies } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
const EXTERNAL = [...Object.keys(dependencies), '@modelcontextprotocol/sdk'];
const isExternal = (id) =>
  id.startsWith('node:') || EXTERNAL.some((name) => id === name || id.startsWith(`${name}/`));

/**
 * A module started by URL (`new Worker(new URL('./name.js', import.meta.url))`) becomes an entry
 * of the same name, so that the URL still finds it beside the bundled code.
 */
async function entries() {
  const input = { main: join(compiled, 'main.js') };
  for (const file of await readdir(compiled, { recursive: true })) {
    if (!file.endsWith('.js')) continue;
    const path = join(compiled, file);
    const code = await readFile(path, 'utf8');
    for (const [, relative] of code.matchAll(/new URL\('(\.\/[\w./-]+\.js)', import\.meta\.url\)/g)) {
      input[basename(relative, '.js')] = join(dirname(path), relative);
    }
  }
  return input;
}

await rm(out, { recursive: true, force: true });
const started = performance.now();
await build({
  input: await entries(),
  platform: 'node',
  external: isExternal,
  onLog: (level, log, handle) => {
    // An import it cannot find would be left for a user's install, which does not hold it.
    if (log.code === 'UNRESOLVED_IMPORT') throw new Error(`bundle: ${log.message}`);
    // Some dependencies carry a stray 'use strict' directive that means nothing in a module.
    if (log.code !== 'MODULE_LEVEL_DIRECTIVE') handle(level, log);
  },
  output: { dir: out, format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
});
// The bin must stay executable: `npm install -g .` links it once, and a client configured with
// `"command": "peermem"` starts whatever this wrote last.
await chmod(join(out, 'main.js'), 0o755);
process.stderr.write(`dist/peermem/ bundled in ${Math.round(performance.now() - started)} ms\n`);
