import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The layering rules of docs/architecture.md, drawn from the imports of the source files: a rule
// broken by a new import fails here, naming the file and what it imports.

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Every TypeScript file below `folder`, as a path from the project root with `/` separators. */
function sourceFiles(folder: string): string[] {
  const entries = readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

type Import = { target: string; typeOnly: boolean };

/** The project files a file imports (relative specifiers only), resolved from the project root. */
function importsOf(file: string): Import[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const found: Import[] = [];
  for (const match of text.matchAll(/^(import|export)(\s+type)?[^'"]*?\sfrom\s+'(\.[^']+)'/gms)) {
    const specifier = match[3] ?? '';
    const target = relative(ROOT, resolve(ROOT, dirname(file), specifier))
      .split('\\')
      .join('/');
    found.push({ target: target.replace(/\.js$/, '.ts'), typeOnly: match[2] !== undefined });
  }
  for (const match of text.matchAll(/import\('(\.[^']+)'\)/g)) {
    const target = relative(ROOT, resolve(ROOT, dirname(file), match[1] ?? ''))
      .split('\\')
      .join('/');
    found.push({ target: target.replace(/\.js$/, '.ts'), typeOnly: false });
  }
  return found;
}

/** `file imports target` for each import of the files below `from` that `forbidden` refuses. */
function breaches(from: readonly string[], forbidden: (found: Import) => boolean): string[] {
  return from
    .flatMap((folder) => sourceFiles(folder))
    .flatMap((file) =>
      importsOf(file)
        .filter(forbidden)
        .map((found) => `${file} imports ${found.target}`),
    );
}

const under = (folder: string) => (found: Import) => found.target.startsWith(`${folder}/`);

describe('the layers of the source', () => {
  it('reads the imports it checks (the rules below are not vacuous)', () => {
    expect(importsOf('src/engine/platform/create-platform-backend.ts')).toContainEqual({
      target: 'src/service/platform-backend.ts',
      typeOnly: true,
    });
    expect(importsOf('src/engine/learning/offline/offline-reasoner.ts').length).toBeGreaterThan(0);
  });

  it('search, the deriver, reads and operations do not reach into the offline reasoner', () => {
    const folders = ['search', 'deriver', 'reads', 'operations'].map((name) => `src/engine/${name}`);
    expect(breaches(folders, under('src/engine/learning/offline'))).toEqual([]);
  });

  it('the remote memory does not depend on the embedded engine', () => {
    expect(breaches(['src/remote'], under('src/engine'))).toEqual([]);
  });

  it('tools and resources know neither the MCP server nor the HTTP layer', () => {
    const outward = (found: Import) => under('src/mcp')(found) || under('src/http')(found);
    expect(breaches(['tools', 'resources'], outward)).toEqual([]);
  });

  it('the platform routes depend on the PlatformBackend seam, not on the engine’s implementation', () => {
    // Types of the stores they are handed are fine; code of the engine's platform operations is not.
    const implementation = (found: Import) =>
      found.target === 'src/engine/platform/create-platform-backend.ts' ||
      (under('src/engine')(found) && !found.typeOnly);
    expect(breaches(['src/http/platform'], implementation)).toEqual([]);
  });
});

/** A file does one thing; past this it has usually grown a second. */
const MAX_LINES = 450;
describe('the size of the source files', () => {
  it(`keeps every file of src under ${MAX_LINES} lines`, () => {
    const tooLong = sourceFiles('src')
      .map((file) => ({ file, lines: readFileSync(join(ROOT, file), 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(tooLong).toEqual([]);
  });
});
