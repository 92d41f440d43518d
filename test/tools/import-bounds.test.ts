import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/schemas/limits.js';
import {
  identicalPagesPdf,
  inflatingPdf,
  nestedBrackets,
  spacesBetweenLetters,
} from '../support/hostile-documents.js';
import {
  type ConnectedClient,
  callError,
  callOk,
  connectClient,
  type DatabaseKind,
} from '../support/mcp-targets.js';
import { makeTempDir } from '../support/temp-dir.js';

type Message = { content: string; metadata: Record<string, unknown> };

/**
 * import_file and import_text with hostile files, through a real MCP client: a symbolic link is
 * judged by the file it leads to, and a document past a bound of its work is an error naming
 * the argument and the bound, writing nothing.
 */
describe.each(['pglite', 'postgres'] satisfies DatabaseKind[])('import tools on %s', (database) => {
  let target: ConnectedClient;
  let files: Awaited<ReturnType<typeof makeTempDir>>;
  const secret = 'the launch code is 0000';

  beforeAll(async () => {
    target = await connectClient('in-process', database);
    files = await makeTempDir();
  });
  afterAll(async () => {
    await target?.close();
    await files?.remove();
  });

  /** The contents a session holds; none when it does not exist (nothing was ever written to it). */
  async function stored(session: string): Promise<Message[]> {
    const result = await target.client.callTool({ name: 'list_messages', arguments: { session } });
    if (result.isError) return [];
    return (result.structuredContent as { items: Message[] }).items;
  }

  const importFile = (session: string, path: string) =>
    callError(target.client, 'import_file', { session, peer: 'mallory', path });

  it('does not read the file a link with a readable name leads to, when that file is not one', async () => {
    // The file a link leads to is judged, not the link's name: notes.txt -> /etc/passwd is refused.
    const secretFile = join(files.path, 'id_key');
    await writeFile(secretFile, secret);
    await symlink('/etc/passwd', join(files.path, 'notes.txt'));
    await symlink(secretFile, join(files.path, 'plan.md'));
    await symlink('/etc', join(files.path, 'docs'));
    for (const [session, path] of [
      ['passwd', join(files.path, 'notes.txt')],
      ['key', join(files.path, 'plan.md')],
      ['folder', join(files.path, 'docs', 'passwd')],
    ] as const) {
      const error = await importFile(session, path);
      expect(error, path).toMatch(
        /^invalid_input: path: ".+" (leads through a symbolic link to a file that )?is not a type that can be read/,
      );
      expect(error).not.toContain(secret);
      expect(await stored(session), path).toEqual([]);
    }
  });

  it('reads a link that leads to a readable file as that file', async () => {
    const notes = join(files.path, 'kept', '2024-notes.md');
    await mkdir(join(files.path, 'kept'));
    await writeFile(notes, '# Trip\n\nAlice sails to Porto in June.');
    await symlink(notes, join(files.path, 'latest.md'));
    const { messages } = await callOk<{ messages: { id: string }[] }>(target.client, 'import_file', {
      session: 'linked',
      peer: 'alice',
      path: join(files.path, 'latest.md'),
    });
    expect(messages).toHaveLength(1);
    const message = await callOk<Message>(target.client, 'get_message', {
      session: 'linked',
      message: messages[0]?.id,
    });
    expect(message.content).toBe('# Trip\n\nAlice sails to Porto in June.');
    expect(message.metadata).toEqual({ file_name: '2024-notes.md' });
  });

  it('names the argument and the bound of a document past one, writing nothing', async () => {
    const bomb = join(files.path, 'bomb.pdf');
    await writeFile(bomb, inflatingPdf(64 * 1024 * 1024));
    const pages = join(files.path, 'pages.pdf');
    await writeFile(pages, identicalPagesPdf(10_000));
    const nested = join(files.path, 'nested.json');
    await writeFile(nested, nestedBrackets(10_000));
    const cases: [string, string, Record<string, unknown>, RegExp][] = [
      ['bomb', 'import_file', { path: bomb }, /^invalid_input: path: .*\(pdfInflatedBytes is \d+\)/],
      ['pages', 'import_file', { path: pages }, /^invalid_input: path: has 10000 pages.*\(pdfPages is \d+\)/],
      ['nested-file', 'import_file', { path: nested }, /^invalid_input: path: .*\(documentDepth is \d+\)/],
      [
        'nested-text',
        'import_text',
        { text: new TextDecoder().decode(nestedBrackets(2200)), format: 'json' },
        /^invalid_input: text: nests .*\(documentDepth is \d+\)/,
      ],
    ];
    for (const [session, tool, args, expected] of cases) {
      expect(await callError(target.client, tool, { session, peer: 'mallory', ...args }), session).toMatch(
        expected,
      );
      expect(await stored(session), session).toEqual([]);
    }
  }, 120_000);

  it('imports text of long runs of spaces at once', async () => {
    const started = performance.now();
    await callOk(target.client, 'import_text', {
      session: 'spaces',
      peer: 'alice',
      text: new TextDecoder().decode(spacesBetweenLetters(512 * 1024)),
    });
    expect(performance.now() - started).toBeLessThan(10_000);
    // Longer than a message, it is split at its one word break, and joined there with one space.
    expect((await stored('spaces')).map((message) => message.content)).toEqual(['a b']);
    expect(512 * 1024).toBeGreaterThan(LIMITS.messageChars);
  });
});
