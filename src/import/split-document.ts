import { LIMITS } from '../schemas/limits.js';
import { NewMessage } from '../schemas/message.js';
import { MemoryError } from '../service/errors.js';
import { DocumentLimitError } from './document-limit-error.js';
import { type EntryDraft, jsonEntries } from './json-entries.js';
import { readPdfText } from './read-pdf-text.js';
import { splitMarkdown } from './split-markdown.js';
import { normalizeText, splitText } from './split-text.js';

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
 * `add_messages` call. Markdown is one message per section (`splitMarkdown`). Text is split into
 * messages of at most `LIMITS.messageChars` characters at paragraph and heading boundaries, then
 * line, sentence and word boundaries, never inside a word (only a single word longer than a
 * message is cut). A JSON array whose entries all have a string
 * `content` becomes those messages (`peer_id` or `peer`, `created_at`, `metadata` kept when
 * given); any other JSON is split as pretty-printed text. A PDF's text layer is read page by page,
 * on a thread of its own (`readPdfText`).
 *
 * The work grows linearly with the file and stops at the bounds of `LIMITS`: `documentChars`
 * stored, `documentDepth` of JSON nesting, and for a PDF its pages, decoded bytes, heap and time.
 * Past one it is a `DocumentLimitError` naming the bound. A file that cannot be read this way
 * (unknown type, empty, too large, broken PDF, more messages than one call writes) is a
 * `MemoryError` `invalid_input` whose field is `options.field` and whose message says why.
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

  const tooManyMessages = (count: number) =>
    refuse(`makes ${count} messages, more than the ${LIMITS.messagesPerCall} one upload writes`, SPLIT_HINT);

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
      SPLIT_HINT,
    );
  }

  let entries: EntryDraft[];
  if (kind === 'pdf') {
    if (!startsWith(file.bytes, '%PDF-')) throw refuse('is not a PDF: it does not start with %PDF-');
    entries = [{ content: await readPdfText(file.bytes, field) }];
  } else {
    const text = decodeText(file.bytes, refuse);
    entries = kind === 'json' ? jsonEntries(text, field) : [{ content: text }];
  }

  // Each entry makes at least one message: a list longer than one write is refused unread.
  if (entries.length > LIMITS.messagesPerCall) throw tooManyMessages(entries.length);
  const messages: DocumentMessage[] = [];
  let storedChars = 0;
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
    storedChars += content.length;
    if (storedChars > LIMITS.documentChars) {
      throw new DocumentLimitError(
        field,
        'documentChars',
        `its text is more than the ${LIMITS.documentChars} characters one document is stored as`,
        SPLIT_HINT,
      );
    }
    const parts =
      kind === 'markdown'
        ? splitMarkdown(content, LIMITS.messageChars, LIMITS.messagesPerCall)
        : splitText(content, LIMITS.messageChars);
    for (const part of parts) {
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
  if (messages.length > LIMITS.messagesPerCall) throw tooManyMessages(messages.length);
  return { kind, messages };
}

type Refuse = (reason: string, hint?: string, at?: string) => MemoryError;

const SPLIT_HINT = 'Split the file and send the parts one by one';

const GENERIC_TYPES = new Set(['', 'application/octet-stream']);

/**
 * Whether a file of this name, with no media type, is one splitDocument reads (.txt, .text, .md,
 * .markdown, .json, .pdf): import_file checks the file it would read before reading it.
 */
export const isDocumentName = (name: string) =>
  documentKind({ name, type: '', bytes: new Uint8Array() }) !== undefined;

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

const startsWith = (bytes: Uint8Array, prefix: string) =>
  [...prefix].every((char, index) => bytes[index] === char.charCodeAt(0));
