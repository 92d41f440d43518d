import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DocumentLimitError } from '../../src/import/document-limit-error.js';
import { prettyJson } from '../../src/import/pretty-json.js';
import { type DocumentFile, splitDocument } from '../../src/import/split-document.js';
import { splitText } from '../../src/import/split-text.js';
import { LIMITS } from '../../src/schemas/limits.js';
import { MemoryError } from '../../src/service/errors.js';
import {
  identicalPagesPdf,
  inflatingPdf,
  nestedBrackets,
  spacesBetweenLetters,
  widelyNestedJson,
} from '../support/hostile-documents.js';
import { makePdf } from '../support/make-pdf.js';

const file = (name: string, type: string, content: string | Uint8Array): DocumentFile => ({
  name,
  type,
  bytes: typeof content === 'string' ? new TextEncoder().encode(content) : content,
});

/** The error a call fails with, for its field and message. */
async function refusal(promise: Promise<unknown>): Promise<MemoryError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(MemoryError);
  expect((error as MemoryError).code).toBe('invalid_input');
  return error as MemoryError;
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

describe('splitText', () => {
  const paragraph = (n: number) => `Paragraph ${n} says something worth keeping about topic ${n}.`;

  it('keeps text that fits as one part', () => {
    expect(splitText('one short note', 100)).toEqual(['one short note']);
  });

  it('cuts at paragraph breaks, each part within the limit, losing no word', () => {
    const text = Array.from({ length: 30 }, (_, n) => paragraph(n)).join('\n\n');
    const parts = splitText(text, 200);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(200);
      // Every part is whole paragraphs: it starts and ends with one.
      expect(part).toMatch(/^Paragraph \d+/);
      expect(part).toMatch(/topic \d+\.$/);
    }
    expect(words(parts.join(' '))).toEqual(words(text));
  });

  it('starts a new part at a heading once the current one is half full', () => {
    const section = (title: string) => `# ${title}\n\n${'word '.repeat(10).trim()}`;
    const sections = ['One', 'Two', 'Three', 'Four'].map(section);
    const text = sections.join('\n\n');
    // Each section is 56 characters: three fit in 200, but two already fill more than half of it.
    const parts = splitText(text, 200);
    expect(parts).toEqual([sections.slice(0, 2).join('\n\n'), sections.slice(2).join('\n\n')]);
  });

  it('splits a paragraph longer than a part at sentences, then words, never inside a word', () => {
    const sentence = 'The quick brown fox jumps over the lazy dog.';
    const text = Array.from({ length: 40 }, () => sentence).join(' ');
    const parts = splitText(text, 100);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(100);
      expect(part.endsWith('dog.')).toBe(true);
    }
    expect(words(parts.join(' '))).toEqual(words(text));

    const unbroken = Array.from({ length: 60 }, (_, n) => `word${n}`).join(' ');
    const wordParts = splitText(unbroken, 50);
    expect(words(wordParts.join(' '))).toEqual(words(unbroken));
    for (const part of wordParts) expect(part.length).toBeLessThanOrEqual(50);
  });

  it('cuts only a single word longer than a part, and never inside a surrogate pair', () => {
    const long = `${'a'.repeat(9)}😀${'b'.repeat(10)}`;
    const parts = splitText(long, 10);
    expect(parts.join('')).toBe(long);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(10);
      expect(part).not.toMatch(/[\uD800-\uDBFF]$/);
    }
  });
});

describe('splitDocument', () => {
  it('reads text and markdown as messages of the peer, with the metadata and time given', async () => {
    const text = await splitDocument(
      file('notes.txt', 'text/plain', 'I moved to Lisbon.\r\n\r\nI work on boats.\n'),
      {
        peer: 'alice',
        metadata: { source: 'notes' },
        created_at: '2024-05-01T09:30:00Z',
      },
    );
    expect(text.kind).toBe('text');
    expect(text.messages).toEqual([
      {
        peer: 'alice',
        content: 'I moved to Lisbon.\n\nI work on boats.',
        metadata: { source: 'notes' },
        created_at: '2024-05-01T09:30:00Z',
      },
    ]);
    const markdown = await splitDocument(file('plan.md', '', '# Plan\n\nSail south.'), { peer: 'alice' });
    expect(markdown.kind).toBe('markdown');
    expect(markdown.messages).toEqual([{ peer: 'alice', content: '# Plan\n\nSail south.' }]);
    // A section a message, however short the document; as many levels as fit in one write.
    const sections = await splitDocument(file('plan.md', '', '# Plan\n## Sea\nSail south.\n## Land\nWalk.'), {
      peer: 'alice',
    });
    expect(sections.messages.map((message) => message.content)).toEqual([
      '# Plan\n## Sea\nSail south.',
      '## Land\nWalk.',
    ]);
    const chapters = Array.from({ length: 60 }, (_, i) => `# Chapter ${i}\nIntro.\n## Part\nText.`).join(
      '\n',
    );
    const fitted = await splitDocument(file('book.md', '', chapters), { peer: 'alice' });
    expect(fitted.messages).toHaveLength(60);
    expect(fitted.messages[0]?.content).toBe('# Chapter 0\nIntro.\n## Part\nText.');
  });

  it('splits a long document into messages within the limit, in order, losing no word', async () => {
    const paragraphs = Array.from(
      { length: 2500 },
      (_, n) => `Paragraph ${n}: ${'a memory worth keeping '.repeat(4).trim()}.`,
    );
    const text = paragraphs.join('\n\n');
    expect(text.length).toBeGreaterThan(2 * LIMITS.messageChars);
    const { messages } = await splitDocument(file('long.txt', 'text/plain', text), { peer: 'alice' });
    expect(messages.length).toBe(Math.ceil(text.length / LIMITS.messageChars));
    for (const message of messages) {
      expect(message.content.length).toBeLessThanOrEqual(LIMITS.messageChars);
      expect(message.content).toMatch(/^Paragraph \d+:/);
    }
    expect(words(messages.map((message) => message.content).join(' '))).toEqual(words(text));
  });

  it('takes a JSON array of messages as those messages, each with its own peer, time and metadata', async () => {
    const entries = [
      { peer_id: 'alice', content: 'Hi Bob', created_at: '2024-05-01T09:30:00Z' },
      { peer: 'bob', content: 'Hi Alice', metadata: { mood: 'glad' } },
      { content: 'Unattributed' },
    ];
    const { kind, messages } = await splitDocument(
      file('chat.json', 'application/json', JSON.stringify(entries)),
      {
        peer: 'uploader',
        metadata: { source: 'upload' },
      },
    );
    expect(kind).toBe('json');
    expect(messages).toEqual([
      {
        peer: 'alice',
        content: 'Hi Bob',
        created_at: '2024-05-01T09:30:00Z',
        metadata: { source: 'upload' },
      },
      { peer: 'bob', content: 'Hi Alice', metadata: { mood: 'glad' } },
      { peer: 'uploader', content: 'Unattributed', metadata: { source: 'upload' } },
    ]);
  });

  it('takes any other JSON as pretty-printed text', async () => {
    const { messages } = await splitDocument(file('data.json', '', '{"city":"Lisbon","boats":[1,2]}'), {
      peer: 'alice',
    });
    expect(messages).toEqual([
      { peer: 'alice', content: JSON.stringify({ city: 'Lisbon', boats: [1, 2] }, null, 2) },
    ]);
  });

  it('reads the text of a PDF, page by page', async () => {
    const pdf = makePdf([
      ['Alice moved to Lisbon in May.', 'She works on boats.'],
      ['Page two: she sails south.'],
    ]);
    const { kind, messages } = await splitDocument(file('story.pdf', 'application/pdf', pdf), {
      peer: 'alice',
    });
    expect(kind).toBe('pdf');
    expect(messages).toHaveLength(1);
    const content = messages[0]?.content ?? '';
    expect(content).toContain('Alice moved to Lisbon in May.');
    expect(content).toContain('She works on boats.');
    expect(content.indexOf('She works on boats.')).toBeLessThan(
      content.indexOf('Page two: she sails south.'),
    );
  });

  it('refuses a file it cannot read, naming the field and the reason', async () => {
    const cases: [DocumentFile, string, RegExp][] = [
      [
        file('photo.png', 'image/png', 'PNG'),
        'file',
        /"photo\.png" of type image\/png is not a type that can be read/,
      ],
      [file('blob', '', 'x'), 'file', /not a type that can be read/],
      [file('empty.txt', 'text/plain', ''), 'file', /is empty/],
      [file('blank.md', 'text/markdown', ' \n\n \n'), 'file', /holds no text/],
      [file('bad.txt', 'text/plain', new Uint8Array([0xc3, 0x28, 0x41])), 'file', /is not UTF-8 text/],
      [file('nul.txt', 'text/plain', 'a\u0000b'), 'file', /NUL bytes/],
      [file('bad.json', 'application/json', '{"a":'), 'file', /is not valid JSON/],
      [file('none.json', 'application/json', '[]'), 'file', /empty JSON array/],
      [file('fake.pdf', 'application/pdf', 'hello'), 'file', /is not a PDF/],
      [file('broken.pdf', 'application/pdf', '%PDF-1.4\nnothing else'), 'file', /is not a readable PDF/],
      [file('scan.pdf', 'application/pdf', makePdf([[]])), 'file', /holds no text to read/],
      [
        file(
          'chat.json',
          'application/json',
          JSON.stringify([{ content: 'ok' }, { content: 'x', created_at: 'May' }]),
        ),
        'file.1.created_at',
        /file\.1\.created_at: /,
      ],
      [
        file('chat.json', 'application/json', JSON.stringify([{ content: '' }])),
        'file.0.content',
        /holds no text/,
      ],
      [
        file('huge.txt', 'text/plain', new Uint8Array(LIMITS.requestBodyBytes + 1).fill(0x61)),
        'file',
        /more than the \d+ a document may have/,
      ],
    ];
    for (const [given, field, message] of cases) {
      const error = await refusal(splitDocument(given, { peer: 'alice' }));
      expect({ name: given.name, field: error.field }).toEqual({ name: given.name, field });
      expect(error.message).toMatch(message);
    }
  });

  it('names its own field in errors when told, and refuses more messages than one write holds', async () => {
    const error = await refusal(
      splitDocument(file('x.bin', 'application/zip', 'PK'), { peer: 'a', field: 'path' }),
    );
    expect(error.field).toBe('path');
    expect(error.message).toMatch(/^path: /);

    const many = JSON.stringify(
      Array.from({ length: LIMITS.messagesPerCall + 1 }, (_, n) => ({ content: `m${n}` })),
    );
    const tooMany = await refusal(splitDocument(file('many.json', 'application/json', many), { peer: 'a' }));
    expect(tooMany.message).toMatch(/makes 101 messages, more than the 100 one upload writes/);
  });
});

describe('the work of reading a document', () => {
  const encode = (text: string) => new TextEncoder().encode(text);
  const limitRefusal = async (promise: Promise<unknown>) => {
    const error = await refusal(promise);
    expect(error).toBeInstanceOf(DocumentLimitError);
    return error as DocumentLimitError;
  };

  it('is linear on the largest hostile texts one request carries', async () => {
    // Backtracking patterns took 12 s on 64 KiB of spaces and over ten minutes on 512 KiB:
    // quadratic, so 4 MiB would take days. Linear, each takes well under a second.
    const size = LIMITS.requestBodyBytes - 4;
    const shapes: [string, Uint8Array][] = [
      ['spaces between two letters', spacesBetweenLetters(size)],
      ['tabs before a line end', encode(`a${'\t'.repeat(size)}\nb`)],
      ['blank-looking lines', encode(`a${'\n '.repeat(size / 2)}b`)],
      ['a sentence end, then spaces', encode(`a.${' '.repeat(size)}b`)],
      ['carriage returns', encode(`a${'\r'.repeat(size)}b`)],
      ['hashes without a heading', encode(`a\n${'#'.repeat(size)}`)],
      ['a heading on every other line', encode('# a\nb\n'.repeat(size / 6))],
    ];
    for (const [shape, bytes] of shapes) {
      const started = performance.now();
      const { messages } = await splitDocument(file('hostile.md', 'text/markdown', bytes), { peer: 'alice' });
      const elapsed = performance.now() - started;
      expect({ shape, fast: elapsed < 5000 }).toEqual({ shape, fast: true });
      expect(messages.length).toBeGreaterThan(0);
    }
    // A run within one message is kept as it is.
    const kept = await splitDocument(file('spaces.txt', 'text/plain', spacesBetweenLetters(65_536)), {
      peer: 'alice',
    });
    expect(kept.messages.map((message) => message.content)).toEqual([`a${' '.repeat(65_536)}b`]);
  });

  it('refuses JSON nested deeper than documentDepth before parsing it, however deep', async () => {
    for (const depth of [LIMITS.documentDepth + 1, 2200, 10_000, 1_000_000]) {
      const error = await limitRefusal(
        splitDocument(file('nested.json', 'application/json', nestedBrackets(depth)), { peer: 'alice' }),
      );
      expect({ depth, field: error.field, limit: error.limit }).toEqual({
        depth,
        field: 'file',
        limit: 'documentDepth',
      });
      expect(error.message).toMatch(
        `more than ${LIMITS.documentDepth} deep (documentDepth is ${LIMITS.documentDepth})`,
      );
    }
    // Brackets inside strings are text, not nesting.
    const inString = JSON.stringify({ note: '['.repeat(10_000) });
    const { messages } = await splitDocument(file('note.json', 'application/json', inString), {
      peer: 'alice',
    });
    expect(messages[0]?.content).toBe(JSON.stringify(JSON.parse(inString), null, 2));
    const deepest = await splitDocument(
      file('deep.json', 'application/json', nestedBrackets(LIMITS.documentDepth)),
      { peer: 'alice' },
    );
    expect(deepest.messages[0]?.content).toBe(
      JSON.stringify(JSON.parse(new TextDecoder().decode(nestedBrackets(LIMITS.documentDepth))), null, 2),
    );
  });

  it('stops pretty-printing JSON at documentChars, so a small file is never stored large', async () => {
    const json = widelyNestedJson(5000);
    expect(json.length).toBeLessThan(LIMITS.documentChars / 10);
    const started = performance.now();
    const error = await limitRefusal(
      splitDocument(file('wide.json', 'application/json', json), { peer: 'alice', field: 'text' }),
    );
    expect(performance.now() - started).toBeLessThan(5000);
    expect({ field: error.field, limit: error.limit, max: error.max }).toEqual({
      field: 'text',
      limit: 'documentChars',
      max: LIMITS.documentChars,
    });
  });

  it('pretty-prints JSON as JSON.stringify does, refusing it exactly past maxChars, unwritten', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const parsed = JSON.parse(JSON.stringify(value)) as unknown;
        const pretty = JSON.stringify(parsed, null, 2);
        expect(prettyJson(parsed, pretty.length)).toBe(pretty);
        expect(prettyJson(parsed, pretty.length - 1)).toBeUndefined();
      }),
    );
  });

  it('reads a PDF of many pages on its own thread, and refuses one past pdfPages unread', async () => {
    const few = await splitDocument(file('few.pdf', 'application/pdf', identicalPagesPdf(3)), {
      peer: 'alice',
    });
    expect(few.messages[0]?.content.match(/Alice moved to Lisbon in May\./g)).toHaveLength(3);
    const error = await limitRefusal(
      splitDocument(file('pages.pdf', 'application/pdf', identicalPagesPdf(10_000)), { peer: 'alice' }),
    );
    expect({ field: error.field, limit: error.limit }).toEqual({ field: 'file', limit: 'pdfPages' });
    expect(error.message).toMatch(`has 10000 pages, more than the ${LIMITS.pdfPages}`);
  });

  it('stops reading a PDF whose streams inflate past pdfInflatedBytes', async () => {
    const bomb = inflatingPdf(64 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(256 * 1024);
    const error = await limitRefusal(
      splitDocument(file('bomb.pdf', 'application/pdf', bomb), { peer: 'alice', field: 'path' }),
    );
    expect({ field: error.field, limit: error.limit }).toEqual({ field: 'path', limit: 'pdfInflatedBytes' });
    expect(error.message).toMatch(/^path: its streams decode to more than \d+ bytes/);
    // One that inflates within the bound is read.
    const small = await splitDocument(file('small.pdf', 'application/pdf', inflatingPdf(4096)), {
      peer: 'alice',
    });
    expect(small.messages[0]?.content).toContain('Alice sails south');
  }, 60_000);
});
