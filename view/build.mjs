// Builds the memory view into one self-contained file, dist/memory-view/memory-view.html: the
// script and the style inline, nothing to fetch, as an MCP Apps host loads a ui:// resource
// (text/html;profile=mcp-app) into a sandboxed frame. peermem serves this file as
// ui://peermem/memory-view.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'rolldown';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', 'dist/memory-view');

const bundled = await build({
  input: join(here, 'memory-view.ts'),
  platform: 'browser',
  tsconfig: join(here, 'tsconfig.json'),
  write: false,
  onLog: (level, log, handle) => {
    if (log.code === 'UNRESOLVED_IMPORT') throw new Error(`memory view build: ${log.message}`);
    handle(level, log);
  },
  output: { format: 'iife', minify: true },
});
const js = bundled.output[0].code.trim();
// Inline, a script must not close its own element early.
if (/<\/script/i.test(js)) throw new Error('memory view build: the script holds "</script"');
const css = (await readFile(join(here, 'memory-view.css'), 'utf8')).trim();
const template = await readFile(join(here, 'memory-view.html'), 'utf8');
/** The template with `content` put into its one empty `<tag></tag>`. */
function fillIn(text, tag, content) {
  const empty = `<${tag}></${tag}>`;
  if (text.split(empty).length !== 2) throw new Error(`memory view build: the template needs one ${empty}`);
  // A function as the replacement: a `$` in the script must stay as written.
  return text.replace(empty, () => `<${tag}>${content}</${tag}>`);
}
const html = fillIn(fillIn(template, 'style', css), 'script', js);

await mkdir(out, { recursive: true });
await writeFile(join(out, 'memory-view.html'), html);
const bytes = Buffer.byteLength(html);
process.stderr.write(`dist/memory-view/memory-view.html: ${bytes} bytes, ${gzipSync(html).length} gzipped\n`);
