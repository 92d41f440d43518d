import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { CaseOutcome, FuzzTarget, Violation } from '../../bench/stress/run-fuzz.js';
import { runFuzz } from '../../bench/stress/run-fuzz.js';
import { LIMITS } from '../../src/schemas/limits.js';
import {
  identicalPagesPdf,
  inflatingPdf,
  nestedBrackets,
  spacesBetweenLetters,
  widelyNestedJson,
} from '../support/hostile-documents.js';
import { makePdf } from '../support/make-pdf.js';
import { type ConnectedClient, connectClient } from '../support/mcp-targets.js';
import { PLATFORM_ADMIN_KEY, type PlatformServer, startPlatformServer } from '../support/platform-serve.js';
import { makeTempDir } from '../support/temp-dir.js';
import { expectNoFailures, FUZZ_TEST_TIMEOUT_MS, testBudget } from './fuzz-budget.js';

/** A hostile file: what it is, its name and media type, and how to make its bytes (kept out of reports). */
type HostileFile = { shape: string; name: string; type: string; make: () => Uint8Array };

const encode = (text: string) => new TextEncoder().encode(text);
const repeated = (unit: string, length: number) => unit.repeat(Math.max(1, Math.floor(length / unit.length)));

/** Units whose runs the old text normalisation and splitting rescanned, or that look like structure. */
const RUN_UNITS = [
  ' ',
  '\t',
  '\n',
  '\r',
  '\r\n',
  ' \n',
  '\n\n',
  '# ',
  '#',
  '. ',
  '…',
  '\u00a0',
  '\u2028',
  '😀',
  'a',
];

const runs: fc.Arbitrary<HostileFile> = fc
  .tuple(
    fc.array(fc.tuple(fc.constantFrom(...RUN_UNITS), fc.integer({ min: 1, max: 300_000 })), {
      minLength: 1,
      maxLength: 4,
    }),
    fc.constantFrom(['notes.txt', 'text/plain'], ['notes.md', 'text/markdown'], ['notes.md', '']),
  )
  .map(([runs, [name, type]]) => ({
    shape: `text ${runs.map(([unit, length]) => `${JSON.stringify(unit)}x${length}`).join(' ')}`,
    name,
    type,
    make: () => encode(`a${runs.map(([unit, length]) => `${repeated(unit, length)}b`).join('')}`),
  }));

const text: fc.Arbitrary<HostileFile> = fc.oneof(
  runs,
  fc.integer({ min: 1, max: LIMITS.requestBodyBytes - 1024 }).map((spaces) => ({
    shape: `text spaces ${spaces}`,
    name: 'spaces.txt',
    type: 'text/plain',
    make: () => spacesBetweenLetters(spaces),
  })),
);

const json: fc.Arbitrary<HostileFile> = fc.oneof(
  fc.integer({ min: 1, max: 200_000 }).map((depth) => ({
    shape: `json nested ${depth}`,
    name: 'nested.json',
    type: 'application/json',
    make: () => nestedBrackets(depth),
  })),
  fc.integer({ min: 1, max: 6000 }).map((blocks) => ({
    shape: `json ${blocks} deep blocks`,
    name: 'wide.json',
    type: 'application/json',
    make: () => widelyNestedJson(blocks),
  })),
  fc.jsonValue({ depthSize: 'large' }).map((value) => ({
    shape: 'json value',
    name: 'value.json',
    type: '',
    make: () => encode(JSON.stringify(value)),
  })),
  fc.string({ maxLength: 64 }).map((prefix) => ({
    shape: 'json broken',
    name: 'broken.json',
    type: 'application/json',
    make: () => encode(`${prefix}${'{"a":['.repeat(50)}`),
  })),
);

const pdf: fc.Arbitrary<HostileFile> = fc.oneof(
  fc.integer({ min: 1, max: LIMITS.pdfPages * 3 }).map((pages) => ({
    shape: `pdf ${pages} pages`,
    name: 'pages.pdf',
    type: 'application/pdf',
    make: () => identicalPagesPdf(pages),
  })),
  fc.integer({ min: 1, max: 48 }).map((mib) => ({
    shape: `pdf inflating to ${mib} MiB`,
    name: 'bomb.pdf',
    type: 'application/pdf',
    make: () => inflatingPdf(mib * 1024 * 1024),
  })),
  fc.tuple(fc.uint8Array({ maxLength: 64 }), fc.nat()).map(([noise, at]) => ({
    shape: 'pdf damaged',
    name: 'damaged.pdf',
    type: 'application/pdf',
    // A valid PDF with bytes overwritten somewhere after its header.
    make: () => {
      const bytes = makePdf([['Alice moved to Lisbon.'], ['She sails.']]);
      const start = 8 + (at % (bytes.length - 8 - noise.length));
      bytes.set(noise, start);
      return bytes;
    },
  })),
);

const hostileFile = fc.oneof(text, json, pdf);

/** Longest a hostile file may take: the slowest bound (a PDF's reading time) and some room. */
const FILE_TIMEOUT_MS = LIMITS.pdfReadMs + 10_000;

/**
 * Fewer cases, over more time, than other targets: a hostile PDF takes seconds to refuse on two
 * shared cores.
 */
const DOCUMENT_BUDGET = { ...testBudget(30), durationMs: 45_000 };

const violation = (property: string, detail: string): Violation => ({ property, detail });

/**
 * Every hostile file is stored within `documentChars` or refused naming the file and, past a
 * bound, the bound; never a server error, never a hang.
 */
describe('hostile documents, fuzzed', () => {
  let server: PlatformServer;
  let mcp: ConnectedClient;
  let files: Awaited<ReturnType<typeof makeTempDir>>;

  beforeAll(async () => {
    server = await startPlatformServer('pglite', 'fuzz_documents');
    mcp = await connectClient('in-process', 'pglite');
    // The first call opens the shared engine (its migrations): not a case to time.
    await mcp.client.callTool({ name: 'list_sessions', arguments: {} }, { timeout: 170_000 });
    files = await makeTempDir();
  }, 180_000);
  afterAll(async () => {
    await mcp?.close();
    await server?.stop();
    await files?.remove();
  });

  it(
    'the upload route answers 200, or a 413/422 naming file, in time, and stores at most documentChars',
    async () => {
      let session = 0;
      const target: FuzzTarget<HostileFile> = {
        label: 'upload hostile documents',
        arbitrary: hostileFile,
        operation: (file) => file.shape.split(' ')[0] ?? 'file',
        async check(file): Promise<CaseOutcome> {
          const form = new FormData();
          form.append('file', new Blob([file.make()], { type: file.type }), file.name);
          form.append('peer_id', 'mallory');
          const response = await fetch(
            `${server.baseURL}/v3/workspaces/fuzz/sessions/s${session++}/messages/upload`,
            {
              method: 'POST',
              headers: { Authorization: `Bearer ${PLATFORM_ADMIN_KEY}` },
              body: form,
              signal: AbortSignal.timeout(FILE_TIMEOUT_MS),
            },
          ).catch((error: Error) => error);
          if (response instanceof Error) {
            const result = response.name === 'TimeoutError' ? 'hang' : 'crash';
            return {
              result,
              violations: [violation('answers in time', `${file.shape}: ${response.message}`)],
            };
          }
          const body = await response.text();
          if (response.status >= 500)
            return { result: 'server error', violations: [violation('no 5xx', `${file.shape}: ${body}`)] };
          if (response.status === 200) {
            const stored = (JSON.parse(body) as { content: string }[]).reduce(
              (total, message) => total + message.content.length,
              0,
            );
            return {
              result: 'accepted',
              violations:
                stored > LIMITS.documentChars
                  ? [violation('stores at most documentChars', `${file.shape}: ${stored}`)]
                  : [],
            };
          }
          const detail = (JSON.parse(body) as { detail?: { loc?: unknown[]; ctx?: { limit?: unknown } }[] })
            .detail;
          const loc = detail?.[0]?.loc;
          const named = Array.isArray(loc) && loc[0] === 'body' && loc[1] === 'file';
          const bounded = response.status !== 413 || typeof detail?.[0]?.ctx?.limit === 'string';
          // Over the input schema's own bounds (text of more than a million characters) the SDK
          // refuses before the tool runs, in its own words, still naming the argument.
          return {
            result: 'refused',
            violations: [
              ...(![413, 422].includes(response.status)
                ? [violation('a refusal is 413 or 422', `${file.shape}: ${response.status} ${body}`)]
                : []),
              ...(named && bounded
                ? []
                : [violation('a refusal names file and its bound', `${file.shape}: ${body}`)]),
            ],
          };
        },
      };
      expectNoFailures(await runFuzz(target, DOCUMENT_BUDGET), 'test/fuzz/documents.test.ts');
    },
    FUZZ_TEST_TIMEOUT_MS * 2,
  );

  it(
    'import_file and import_text answer or refuse naming their argument, in time, never an internal error',
    async () => {
      let session = 0;
      const target: FuzzTarget<HostileFile & { tool: 'import_file' | 'import_text' }> = {
        label: 'import hostile documents',
        arbitrary: fc
          .tuple(hostileFile, fc.constantFrom('import_file' as const, 'import_text' as const))
          // import_text takes text (at most a million characters); PDFs are files.
          .filter(([file, tool]) => tool === 'import_file' || !file.name.endsWith('.pdf'))
          .map(([file, tool]) => ({ ...file, tool })),
        operation: (file) => `${file.tool} ${file.shape.split(' ')[0]}`,
        async check(file): Promise<CaseOutcome> {
          const field = file.tool === 'import_file' ? 'path' : 'text';
          const args: Record<string, unknown> = { session: `i${session++}`, peer: 'mallory' };
          if (file.tool === 'import_file') {
            args.path = join(files.path, `${session}-${file.name}`);
            await writeFile(args.path as string, file.make());
          } else {
            args.text = new TextDecoder().decode(file.make());
            args.format = file.name.endsWith('.json')
              ? 'json'
              : file.name.endsWith('.md')
                ? 'markdown'
                : 'text';
          }
          const result = await Promise.race([
            mcp.client.callTool({ name: file.tool, arguments: args }),
            new Promise<'hang'>((resolve) => setTimeout(() => resolve('hang'), FILE_TIMEOUT_MS).unref()),
          ]);
          if (result === 'hang')
            return { result: 'hang', violations: [violation('answers in time', file.shape)] };
          if (!result.isError) return { result: 'accepted', violations: [] };
          const message = (result.content as { text?: string }[]).map((block) => block.text).join('\n');
          if (/^internal/.test(message))
            return {
              result: 'server error',
              violations: [violation('no internal error', `${file.shape}: ${message}`)],
            };
          return {
            result: 'refused',
            violations: new RegExp(
              `^(invalid_input|Input validation error: Invalid arguments for tool ${file.tool}): ${field}(\\.|:)`,
            ).test(message)
              ? []
              : [violation('a refusal names its argument', `${file.shape}: ${message}`)],
          };
        },
      };
      expectNoFailures(await runFuzz(target, DOCUMENT_BUDGET), 'test/fuzz/documents.test.ts');
    },
    FUZZ_TEST_TIMEOUT_MS * 2,
  );
});
