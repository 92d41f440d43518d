import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resources } from '../../resources/index.js';
import { HELP } from '../../src/cli/help.js';
import { DEVNET_PACKAGES } from '../../src/devnet/devnet-packages.js';
import { GATEWAY_ROUTES } from '../../src/http/gateway/gateway-routes.js';
import { ExportHeader, ExportRecord } from '../../src/schemas/export-records.js';
import { LIMITS } from '../../src/schemas/limits.js';
import { withSettingsTable } from '../../src/settings-help.js';
import { tools } from '../../tools/index.js';
import type { ToolAnnotations } from '../../tools/tool.js';

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A newcomer reads the README in five minutes; the reference lives in docs/. */
const README_MAX_BYTES = 12_288;

const PAGES = [
  'configuration.md',
  'tools.md',
  'limits.md',
  'learning.md',
  'gateway.md',
  'remote.md',
  'architecture.md',
  'extending.md',
  'benchmarks.md',
  'import.md',
  'install.md',
  'platform.md',
  'console.md',
  'operations.md',
  'export.md',
  'mcp-hosted.md',
] as const;

const read = (path: string) => readFileSync(join(PROJECT_ROOT, path), 'utf8');
const readme = read('README.md');
const page = (name: (typeof PAGES)[number]) => read(join('docs', name));

/** The cells of each row of the markdown tables in `text`, header and divider rows left out. */
function tableRows(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[\s|:-]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
}

/** The text of `text` from the heading `heading` to the next heading of the same level. */
function section(text: string, heading: string): string {
  const level = heading.split(' ')[0] ?? '';
  const start = text.indexOf(`\n${heading}\n`);
  expect(start, `${heading} is missing`).toBeGreaterThanOrEqual(0);
  const rest = text.slice(start + heading.length + 2);
  const end = rest.search(new RegExp(`^${level} `, 'm'));
  return end === -1 ? rest : rest.slice(0, end);
}

/** Tool names in the first column of the tables of `text`, in order. */
const toolNames = (text: string) =>
  tableRows(text)
    .map(([name]) => /^`([a-z_]+)`$/.exec(name ?? '')?.[1])
    .filter((name) => name !== undefined);

/** The hints column of docs/tools.md, as it follows from a tool's annotations. */
function hintsOf(annotations: ToolAnnotations): string {
  if (annotations.readOnlyHint) return 'read-only';
  const hints = [
    ...(annotations.destructiveHint ? ['destructive'] : []),
    ...(annotations.idempotentHint ? ['idempotent'] : []),
  ];
  return hints.length === 0 ? 'write' : hints.join(', ');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');

describe('the README', () => {
  it(`stays under ${README_MAX_BYTES} bytes`, () => {
    expect(Buffer.byteLength(readme)).toBeLessThan(README_MAX_BYTES);
  });

  it('links to every docs page', () => {
    for (const name of PAGES) expect(readme, name).toContain(`](docs/${name})`);
  });

  it('lists every tool of tools/index.ts in its tools table, in the registry order', () => {
    expect(toolNames(section(readme, '## Tools'))).toEqual(tools.map((tool) => tool.name));
  });

  it('names every resource', () => {
    for (const resource of resources) {
      const address = 'uri' in resource ? resource.uri : resource.template;
      expect(readme, resource.name).toContain(`\`${address}\``);
    }
  });
});

describe('the docs pages', () => {
  it.each(PAGES)('%s opens with a title and a one-line summary', (name) => {
    const [title, blank, summary, after] = page(name).split('\n');
    expect(title).toMatch(/^# \S/);
    expect(blank).toBe('');
    expect(summary).toMatch(/^[^#|\s-]/);
    expect(after).toBe('');
  });

  it.each(PAGES)('%s links only to files and headings that exist', (name) => {
    const text = page(name);
    for (const [, target = ''] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target)) continue;
      const [file = '', anchor] = target.split('#');
      const linked = file === '' ? text : read(join('docs', file));
      expect(existsSync(join(PROJECT_ROOT, 'docs', file)), `${name} → ${target}`).toBe(true);
      if (anchor === undefined) continue;
      const headings = [...linked.matchAll(/^#+ (.+)$/gm)].map(([, heading = '']) => anchorOf(heading));
      expect(headings, `${name} → ${target}`).toContain(anchor);
    }
  });
});

describe('docs/limits.md', () => {
  const rows = tableRows(section(page('limits.md'), '## The maximums'))
    .slice(1)
    .map(([key = '', maximum = '']) => ({ key: key.replace(/`/g, ''), maximum }));

  it('has one row per key of LIMITS, with its value written in plain digits', () => {
    expect(rows.map((row) => row.key).sort()).toEqual(Object.keys(LIMITS).sort());
    for (const [key, value] of Object.entries(LIMITS)) {
      expect(rows.find((row) => row.key === key)?.maximum, key).toBe(String(value));
    }
  });
});

describe('docs/tools.md', () => {
  const text = page('tools.md');

  it('lists every tool in the registry order, with the hints of its annotations', () => {
    const listed = tableRows(section(text, '## Tools'))
      .slice(1)
      .map(([name = '', , hints = '']) => ({ name: name.replace(/`/g, ''), hints }));
    expect(listed).toEqual(tools.map((tool) => ({ name: tool.name, hints: hintsOf(tool.annotations) })));
  });

  it('names every resource', () => {
    for (const resource of resources) {
      const address = 'uri' in resource ? resource.uri : resource.template;
      expect(text, resource.name).toContain(`\`${address}\``);
    }
  });
});

describe('docs/configuration.md', () => {
  it('names every flag and variable that peermem --help names', () => {
    const text = page('configuration.md');
    const flags = new Set(HELP.match(/--[a-z][a-z0-9-]*/g));
    const variables = new Set(HELP.match(/\b(?:PEERMEM_[A-Z0-9_]*[A-Z0-9]|DATABASE_URL)\b/g));
    expect(flags.size).toBeGreaterThan(0);
    for (const flag of flags) expect(text, flag).toMatch(new RegExp(`${flag}(?![a-z0-9-])`));
    for (const variable of variables) expect(text, variable).toMatch(new RegExp(`${variable}(?![A-Z0-9_])`));
  });

  it('has the settings table the settings of src/settings.ts make', () => {
    const text = page('configuration.md');
    expect(text, 'docs/configuration.md is stale: run npm run docs:settings').toBe(withSettingsTable(text));
  });
});

describe('docs/export.md', () => {
  it('has a row for every record type of the export format, naming each of its fields', () => {
    const rows = tableRows(section(page('export.md'), '## The format')).slice(1);
    const documented = new Map(rows.map(([type = '', fields = '']) => [type.replace(/`/g, ''), fields]));
    const schemas = [ExportHeader, ...ExportRecord.options];
    expect([...documented.keys()].sort()).toEqual(schemas.map((schema) => schema.shape.type.value).sort());
    for (const schema of schemas) {
      const fields = documented.get(schema.shape.type.value) ?? '';
      for (const field of Object.keys(schema.shape).filter((name) => name !== 'type'))
        expect(fields, `${schema.shape.type.value}.${field}`).toContain(`\`${field}\``);
    }
  });
});

describe('docs/gateway.md', () => {
  it('names every endpoint and each paid one with its price rule', () => {
    const text = page('gateway.md');
    for (const route of GATEWAY_ROUTES) {
      expect(text, route.path).toContain(`\`${route.path}\``);
      if (route.access === 'paid') expect(text, route.path).toContain(route.priceRule);
    }
  });

  it('tells an installed package how to get the devnet, at the versions peermem devnet asks for', () => {
    const install = Object.entries(DEVNET_PACKAGES).map(([name, version]) => `${name}@${version}`);
    expect(page('gateway.md')).toContain(`npm install ${install.join(' ')}`);
  });
});
