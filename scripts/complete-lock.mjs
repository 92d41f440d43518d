// Adds to package-lock.json the platform binaries of other systems that npm left out of it.
//
// npm records every optional platform package of a dependency (biome's, anvil's, oxc's) in the lock,
// skipping only those it cannot find in the registry it resolves against. A registry that carries
// only some platforms' binaries thus yields a lock that lacks the others, and `npm ci` refuses it
// ("Missing: ... from lock file"). This script writes each missing one as npm would, with its
// version and the os, cpu and libc its name declares; the integrity is left for npm to record on
// install, as for any entry without one. Run it after `npm install` changes the lock:
// `npm run lock`.
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const file = join(dirname(fileURLToPath(import.meta.url)), '..', 'package-lock.json');
const lock = JSON.parse(await readFile(file, 'utf8'));
const packages = lock.packages;

const OS = [
  'darwin',
  'linux',
  'win32',
  'android',
  'freebsd',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
  'openharmony',
];
const CPU = {
  arm64: 'arm64',
  x64: 'x64',
  amd64: 'x64',
  arm: 'arm',
  ia32: 'ia32',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
  wasm32: 'wasm32',
};

/** The os, cpu and libc a platform package's name declares (`cli-linux-x64-musl`, `binding-win32-arm64-msvc`). */
function platformOf(name) {
  const words = name.split('/').pop().split('-');
  const os = words.find((word) => OS.includes(word));
  const cpu = words.map((word) => CPU[word]).find(Boolean);
  if (cpu === 'wasm32') return { cpu: ['wasm32'] };
  if (!os || !cpu) throw new Error(`${name}: no platform in its name; add its entry by hand`);
  const libc = words.some((word) => word.startsWith('musl'))
    ? 'musl'
    : words.some((word) => word.startsWith('gnu'))
      ? 'glibc'
      : undefined;
  return { cpu: [cpu], ...(os === 'linux' && libc ? { libc: [libc] } : {}), os: [os] };
}

/** Where npm would find `name` from the package at `path`: nested beside it, then up to the root. */
function resolves(path, name) {
  for (let at = path; ; ) {
    if (packages[`${at ? `${at}/` : ''}node_modules/${name}`]) return true;
    if (!at) return false;
    const up = at.lastIndexOf('/node_modules/');
    at = up < 0 ? '' : at.slice(0, up);
  }
}

const added = [];
for (const [path, entry] of Object.entries(packages)) {
  if (!path) continue;
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolves(path, name)) continue;
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version)) throw new Error(`${name}: ${version} is not one version`);
    // Keys in npm's order: version first, then by name.
    const { cpu, libc, os } = platformOf(name);
    packages[`node_modules/${name}`] = {
      version,
      cpu,
      ...(entry.dev ? { dev: true } : {}),
      ...(libc ? { libc } : {}),
      optional: true,
      ...(os ? { os } : {}),
    };
    added.push(`${name}@${version}`);
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
await writeFile(file, `${JSON.stringify(lock, null, 2)}\n`);
process.stderr.write(
  `package-lock.json: ${added.length} platform packages added${added.length ? `: ${added.join(', ')}` : ''}\n`,
);
