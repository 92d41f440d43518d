import { LIMITS } from '../schemas/limits.js';
import { MemoryError } from '../service/errors.js';
import { DocumentLimitError } from './document-limit-error.js';
import { prettyJson } from './pretty-json.js';

/** One message a file gives before it is split: its content and what an entry says of itself. */
export type EntryDraft = {
  content: string;
  /** An entry of a JSON array of messages (not text to split). */
  listed?: true;
  peer?: string;
  created_at?: string;
  metadata?: Record<string, unknown>;
};

const SPLIT_HINT = 'Split the file and send the parts one by one';

/**
 * A JSON document's entries: a JSON array whose entries all have a string `content` is those
 * messages; any other JSON is one entry of its pretty-printed text. Its nesting is measured before
 * it is parsed and its text stops growing at `LIMITS.documentChars`, so neither a deep nesting nor
 * a small file that pretty-prints large costs more than the bounds. Errors name `field`.
 */
export function jsonEntries(text: string, field: string): EntryDraft[] {
  const depth = nestingDepth(text, LIMITS.documentDepth);
  if (depth > LIMITS.documentDepth) {
    throw new DocumentLimitError(
      field,
      'documentDepth',
      `nests arrays and objects more than ${LIMITS.documentDepth} deep`,
      'Flatten the JSON, or send its content as text',
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message : 'unreadable';
    throw new MemoryError('invalid_input', `${field}: is not valid JSON (${reason})`, { field });
  }
  if (Array.isArray(value) && value.length === 0) {
    throw new MemoryError('invalid_input', `${field}: is an empty JSON array: there is nothing to write`, {
      field,
    });
  }
  if (!Array.isArray(value) || !value.every(isMessageEntry)) {
    const pretty = prettyJson(value, LIMITS.documentChars);
    if (pretty === undefined) {
      throw new DocumentLimitError(
        field,
        'documentChars',
        `pretty-printed, is more than the ${LIMITS.documentChars} characters one document is stored as`,
        SPLIT_HINT,
      );
    }
    return [{ content: pretty }];
  }
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

/**
 * How deeply the brackets of JSON text nest (those inside strings do not count), read once, and
 * given up as soon as it passes `stopAbove`. Text that is not JSON is measured as if it were: the
 * parser refuses it afterwards.
 */
function nestingDepth(text: string, stopAbove: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > stopAbove) return deepest;
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return deepest;
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
