import { basename, extname } from 'node:path';
import { type ChatHistory, type ImportFormat, invalidEntry } from './chat-history.js';
import { parseChatGptExport } from './parse-chatgpt-export.js';
import { parseClaudeExport } from './parse-claude-export.js';
import { parseJsonl } from './parse-jsonl.js';
import { parseTranscript } from './parse-transcript.js';

export type ParseChatHistoryOptions = {
  /** The file's name: `auto` reads its extension, and it names the session when none is given. */
  fileName: string;
  format: ImportFormat;
  /** The session (JSONL lines without one, transcripts), or the prefix of an export's sessions. */
  session?: string | undefined;
  /** Who wrote the user's side of an export (default `user`), and the assistant's (`chatgpt`, `claude`). */
  userPeer?: string | undefined;
  assistantPeer?: string | undefined;
};

/**
 * The sessions of messages a chat history file holds, checked as `add_messages` checks them, with
 * no database in sight: the CLI's `peermem import` writes them, and a file upload can too. A file
 * that cannot be read throws a `MemoryError` (`invalid_input`) naming the line or entry at fault.
 */
export function parseChatHistory(content: string, options: ParseChatHistoryOptions): ChatHistory {
  const text = content.replace(/^\uFEFF/, '');
  const format = options.format === 'auto' ? detectFormat(text, options.fileName) : options.format;
  const session = options.session ?? (basename(options.fileName, extname(options.fileName)) || 'imported');
  const userPeer = options.userPeer ?? 'user';
  switch (format) {
    case 'jsonl':
      return parseJsonl(text, session);
    case 'text':
      return parseTranscript(text, session);
    case 'chatgpt':
      return parseChatGptExport(parseJson(text), {
        prefix: options.session ?? 'chatgpt',
        userPeer,
        assistantPeer: options.assistantPeer ?? 'chatgpt',
      });
    case 'claude':
      return parseClaudeExport(parseJson(text), {
        prefix: options.session ?? 'claude',
        userPeer,
        assistantPeer: options.assistantPeer ?? 'claude',
      });
  }
}

/**
 * The format of a file: `.jsonl`/`.ndjson` is JSONL and `.txt`/`.md` a transcript; otherwise a
 * JSON array (or object) is a ChatGPT export when its first conversation has a `mapping` and a
 * claude.ai export when it has `chat_messages`, a file of `{` lines is JSONL, and the rest is text.
 */
export function detectFormat(content: string, fileName: string): Exclude<ImportFormat, 'auto'> {
  const extension = extname(fileName).toLowerCase();
  if (extension === '.jsonl' || extension === '.ndjson') return 'jsonl';
  if (['.txt', '.md', '.markdown'].includes(extension)) return 'text';
  const start = content.trimStart();
  if (start.startsWith('[') || (start.startsWith('{') && extension === '.json')) {
    const mapping = start.search(/"mapping"\s*:\s*\{/);
    const chatMessages = start.search(/"chat_messages"\s*:\s*\[/);
    if (mapping !== -1 && (chatMessages === -1 || mapping < chatMessages)) return 'chatgpt';
    if (chatMessages !== -1) return 'claude';
    throw invalidEntry(
      'file',
      'is JSON but neither a ChatGPT nor a claude.ai export; give --format jsonl|chatgpt|claude|text',
    );
  }
  if (start.startsWith('{')) return 'jsonl';
  return 'text';
}

/** The JSON of an export, or an error naming the line and column where it breaks. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    if (/end of JSON input/.test(message))
      throw invalidEntry('file', 'is not JSON: it ends before the JSON does (was it cut short?)');
    const position = Number(/position (\d+)/.exec(message)?.[1] ?? Number.NaN);
    if (Number.isNaN(position)) throw invalidEntry('file', `is not JSON (${message})`);
    const before = text.slice(0, position).split('\n');
    const reason = message.replace(/ in JSON at position \d+.*$/, '');
    throw invalidEntry(
      `line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`,
      `not JSON: ${reason}`,
    );
  }
}
