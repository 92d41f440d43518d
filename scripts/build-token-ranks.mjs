// Writes the o200k_base token table that token counts are made with (see src/engine/token-ranks.ts)
// from the development dependency gpt-tokenizer, into a ~2.1 MB file under dist/, which ships.
// Runs after `tsc` (it uses the compiled encoder); skips the work when the table is newer than
// what it is made from.
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { TOKEN_RANKS_FILE, encodeTokenRanks } = await import(join(root, 'dist/src/engine/token-ranks.js'));
const source = createRequire(import.meta.url).resolve('gpt-tokenizer/package.json');
const output = join(root, TOKEN_RANKS_FILE);
const inputs = [source, join(root, 'src/engine/token-ranks.ts')];
const built = await stat(output).catch(() => undefined);
const newest = Math.max(...(await Promise.all(inputs.map(async (file) => (await stat(file)).mtimeMs))));
if (built === undefined || built.mtimeMs < newest) {
  const { default: ranks } = await import('gpt-tokenizer/bpeRanks/o200k_base');
  const encoder = new TextEncoder();
  // A rank is a string (its UTF-8 bytes) or, for bytes that are no UTF-8 of their own, the bytes.
  const tokens = Array.from(ranks, (token) =>
    token === undefined
      ? new Uint8Array(0)
      : typeof token === 'string'
        ? encoder.encode(token)
        : new Uint8Array(token),
  );
  const bytes = encodeTokenRanks(tokens);
  await mkdir(dirname(output), { recursive: true });
  // Written aside and renamed, so a build cut short never leaves half a table behind.
  await writeFile(`${output}.tmp`, bytes);
  await rename(`${output}.tmp`, output);
  console.log(
    `token table: ${tokens.length} tokens, ${(bytes.byteLength / 2 ** 20).toFixed(1)} MiB -> ${TOKEN_RANKS_FILE}`,
  );
}
