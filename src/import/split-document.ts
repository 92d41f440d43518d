import { LIMITS } from '../schemas/limits.js';
import { NewMessage } from '../schemas/message.js';
import { MemoryError } from '../service/errors.js';

/** What a document is read as: its text split into messages, or (JSON) the messages it lists. */
type DocumentKind = 'text' | 'markdown' | 'json' | 'pdf';

/** A file as received: its name and declared media type (either may be empty) and its bytes. */
export type DocumentFile = { name: string; type: string; bytes: Uint8Array };

/** A message ready for `add_messages`. */
type DocumentMessage = ReturnType<typeof NewMessage.parse>;

export type SplitDocumentOptions = {
  /** Who wrote the document: the peer of every message, unless a JSON entry names its own. */
  peer: string;
  /** Kept on every message (a JSON entry's own metadata replaces it). */
  metadata?: Record<string, unknown> | undefined;
  /** When every message was written (a JSON entry's own created_at replaces it). */
  created_at?: string | undefined;
  /** The name errors give the file: `file` for an upload, a tool's argument name for a tool. */
  field?: string;
};

export type SplitDocument = { kind: DocumentKind; messages: DocumentMessage[] };

/** The largest document read: an upload cannot be larger than one request anyway. */
const MAX_DOCUMENT_BYTES = LIMITS.requestBodyBytes;

/**
 * A text, markdown, JSON or PDF file as messages of one peer, in order, written by one
 * `add_messages` call. Text is split into messages of at most `LIMITS.messageChars` characters at
 * paragraph and heading boundaries, then line, sentence and word boundaries, never inside a word
 * (only a single word longer than a message is cut). A JSON array whose entries all have a string
 * `content` becomes those messages (`peer_id` or `peer`, `created_at`, `metadata` kept when
 * given); any other JSON is split as pretty-printed text. A PDF's text layer is read page by page.
 *
 * A file that cannot be read this way (unknown type, empty, too large, broken PDF, more messages
 * than one call writes) is a `MemoryError` `invalid_input` whose field is `options.field` and whose
 * message says why.
 */
export async function splitDocument(
  file: DocumentFile,
  options: SplitDocumentOptions,
): Promise<SplitDocument> {
  const field = options.field ?? 'file';
  const refuse = (reason: string, hint?: string, at = field) =>
    new MemoryError('invalid_input', `${at}: ${reason}`, {
      field: at,
      ...(hint === undefined ? {} : { hint }),
    });

  const kind = documentKind(file);
  if (kind === undefined) {
    throw refuse(
      `${describeFile(file)} is not a type that can be read`,
      'Send text (text/plain or a .txt file), markdown (.md), JSON (.json) or PDF (.pdf)',
    );
  }
  if (file.bytes.length === 0) throw refuse('is empty: there is nothing to write');
  if (file.bytes.length > MAX_DOCUMENT_BYTES) {
    throw refuse(
      `is ${file.bytes.length} bytes, more than the ${MAX_DOCUMENT_BYTES} a document may have`,
      'Split the file and send the parts one by one',
    );
  }

  let entries: EntryDraft[];
  if (kind === 'pdf') {
    entries = [{ content: await pdfText(file.bytes, refuse) }];
  } else {
    const text = decodeText(file.bytes, refuse);
    entries = kind === 'json' ? jsonEntries(text, refuse) : [{ content: text }];
  }

  const messages: DocumentMessage[] = [];
  for (const [index, entry] of entries.entries()) {
    // An entry of a JSON array of messages is named by its place in it: `file.3.created_at`.
    const at = entry.listed ? `${field}.${index}` : field;
    const content = normalizeText(entry.content);
    if (content === '') {
      throw refuse(
        kind === 'pdf' ? 'holds no text to read (a scanned PDF has only images)' : 'holds no text',
        undefined,
        entry.content === '' && at !== field ? `${at}.content` : at,
      );
    }
    const tooMany = LIMITS.messagesPerCall * LIMITS.messageChars;
    if (content.length > tooMany) {
      throw refuse(
        `its text is ${content.length} characters, more than the ${tooMany} one upload writes (${LIMITS.messagesPerCall} messages of ${LIMITS.messageChars})`,
        'Split the file and send the parts one by one',
      );
    }
    for (const part of splitText(content, LIMITS.messageChars)) {
      const metadata = entry.metadata ?? options.metadata;
      const createdAt = entry.created_at ?? options.created_at;
      const checked = NewMessage.safeParse({
        peer: entry.peer ?? options.peer,
        content: part,
        ...(metadata === undefined ? {} : { metadata }),
        ...(createdAt === undefined ? {} : { created_at: createdAt }),
      });
      if (!checked.success) {
        // The values beside the file are the caller's to check; what fails here is the file's own.
        const issue = checked.error.issues[0];
        const path = issue?.path.join('.') ?? '';
        throw refuse(
          issue?.message ?? 'is not valid',
          undefined,
          entry.listed && path !== '' ? `${at}.${path}` : at,
        );
      }
      messages.push(checked.data);
    }
  }
  if (messages.length > LIMITS.messagesPerCall) {
    throw refuse(
      `makes ${messages.length} messages, more than the ${LIMITS.messagesPerCall} one upload writes`,
      'Split the file and send the parts one by one',
    );
  }
  return { kind, messages };
}

/** One message the file gives before it is split: its content and what an entry says of itself. */
type EntryDraft = {
  content: string;
  /** An entry of a JSON array of messages (not text to split). */
  listed?: true;
  peer?: string;
  created_at?: string;
  metadata?: Record<string, unknown>;
};

type Refuse = (reason: string, hint?: string, at?: string) => MemoryError;

const GENERIC_TYPES = new Set(['', 'application/octet-stream']);

/** The kind by media type; a generic or missing type (a Blob without one) by the name's extension. */
function documentKind(file: DocumentFile): DocumentKind | undefined {
  const type = file.type.split(';')[0]?.trim().toLowerCase() ?? '';
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const markdown = extension === 'md' || extension === 'markdown';
  if (type === 'application/pdf') return 'pdf';
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type === 'text/markdown' || type === 'text/x-markdown') return 'markdown';
  if (type.startsWith('text/')) return markdown ? 'markdown' : 'text';
  if (!GENERIC_TYPES.has(type)) return undefined;
  if (extension === 'pdf') return 'pdf';
  if (extension === 'json') return 'json';
  if (markdown) return 'markdown';
  if (extension === 'txt' || extension === 'text') return 'text';
  return undefined;
}

function describeFile(file: DocumentFile): string {
  const name = file.name === '' ? 'a file without a name' : `"${file.name}"`;
  return file.type === '' ? `${name} (no media type)` : `${name} of type ${file.type}`;
}

/** UTF-8 (a byte order mark dropped), or UTF-16 when a byte order mark says so. */
function decodeText(bytes: Uint8Array, refuse: Refuse): string {
  const encoding =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? 'utf-16le'
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? 'utf-16be'
        : 'utf-8';
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    throw refuse('is not UTF-8 text', 'Save the file as UTF-8, or send a PDF as application/pdf');
  }
  // Postgres text cannot hold NUL; a file with one is binary data named as text.
  if (text.includes('\u0000')) throw refuse('holds NUL bytes: it is binary data, not text');
  return text;
}

/** A JSON array of messages as its entries; any other JSON as one entry of pretty-printed text. */
function jsonEntries(text: string, refuse: Refuse): EntryDraft[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw refuse(`is not valid JSON (${error instanceof SyntaxError ? error.message : 'unreadable'})`);
  }
  if (Array.isArray(value) && value.length === 0)
    throw refuse('is an empty JSON array: there is nothing to write');
  if (!Array.isArray(value) || !value.every(isMessageEntry))
    return [{ content: JSON.stringify(value, null, 2) }];
  return value.map((entry) => {
    const peer = entry.peer_id ?? entry.peer;
    return {
      content: entry.content,
      listed: true as const,
      ...(typeof peer === 'string' ? { peer } : {}),
      ...(typeof entry.created_at === 'string' ? { created_at: entry.created_at } : {}),
      ...(isRecord(entry.metadata) ? { metadata: entry.metadata } : {}),
    };
  });
}

type MessageEntry = {
  content: string;
  peer_id?: unknown;
  peer?: unknown;
  created_at?: unknown;
  metadata?: unknown;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isMessageEntry = (value: unknown): value is MessageEntry =>
  isRecord(value) && typeof value.content === 'string';

/** The text layer of a PDF, its pages apart by a blank line. */
async function pdfText(bytes: Uint8Array, refuse: Refuse): Promise<string> {
  if (!startsWith(bytes, '%PDF-')) throw refuse('is not a PDF: it does not start with %PDF-');
  // Loaded on first use: pdf.js is most of the package's reading code and few servers see a PDF.
  const { extractText, getDocumentProxy } = await import('unpdf');
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>> | undefined;
  try {
    // pdf.js takes the buffer it is given (detaching it), so it gets a copy; verbosity 0 keeps its
    // warnings about a damaged file out of the server's log: the caller hears of it.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    const { text } = await extractText(pdf, { mergePages: false });
    return text.join('\n\n').replaceAll('\u0000', '');
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'unreadable';
    throw refuse(
      `is not a readable PDF (${reason})`,
      'Send a PDF that opens in a viewer, or its text as a .txt file',
    );
  } finally {
    // The document lives in this process (no worker): ending its loading task frees it.
    await pdf?.loadingTask.destroy();
  }
}

const startsWith = (bytes: Uint8Array, prefix: string) =>
  [...prefix].every((char, index) => bytes[index] === char.charCodeAt(0));

/** Unix line ends, no trailing spaces on lines, no blank lines at the start or end. */
const normalizeText = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+$/gm, '')
    .replace(/^\n+|\s+$/g, '');

/**
 * The boundaries text is split at, widest first: paragraphs (a blank line, or the line before a
 * markdown heading), lines, sentences, words. Each has the joiner that puts its pieces back.
 */
const BOUNDARIES = [
  { pattern: /\n[ \t]*\n\s*|\n(?=#{1,6}[ \t])/, joiner: '\n\n' },
  { pattern: /\n/, joiner: '\n' },
  { pattern: /(?<=[.!?…])[ \t]+/, joiner: ' ' },
  { pattern: /[ \t]+/, joiner: ' ' },
] as const;

const isHeading = (text: string) => /^#{1,6}[ \t]/.test(text);

/**
 * `text` in parts of at most `max` characters, filled greedily at the widest boundary that
 * fits, so a part ends at a paragraph where it can and at a word where it must. A heading starts
 * a new part once the current one is half full, so sections stay whole where they fit.
 */
export function splitText(text: string, max: number, level = 0): string[] {
  if (text.length <= max) return [text];
  const boundary = BOUNDARIES[level];
  if (boundary === undefined) return cutWord(text, max);
  const pieces = text.split(boundary.pattern).filter((piece) => piece.trim() !== '');
  if (pieces.length <= 1) return splitText(text, max, level + 1);
  const parts: string[] = [];
  let current = '';
  for (const piece of pieces) {
    const joined = current === '' ? piece : `${current}${boundary.joiner}${piece}`;
    const headingBreak = level === 0 && isHeading(piece) && current.length >= max / 2;
    if (joined.length <= max && !headingBreak) {
      current = joined;
      continue;
    }
    if (current !== '') parts.push(current);
    // A piece too long alone is split at narrower boundaries; its last part goes on filling.
    const inner = splitText(piece, max, level + 1);
    parts.push(...inner.slice(0, -1));
    current = inner.at(-1) ?? '';
  }
  if (current !== '') parts.push(current);
  return parts;
}

/** A single word longer than a message, cut at `max` characters (never inside a surrogate pair). */
function cutWord(word: string, max: number): string[] {
  const parts: string[] = [];
  let rest = word;
  while (rest.length > max) {
    const cut = /[\uD800-\uDBFF]/.test(rest.charAt(max - 1)) ? max - 1 : max;
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  parts.push(rest);
  return parts;
}
