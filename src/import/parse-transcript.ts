import {
  type ChatHistory,
  type ImportedMessage,
  importedMessages,
  invalidEntry,
  sessionId,
} from './chat-history.js';

/**
 * A speaker line: up to three words and a colon, then the text (`Ada: hi`, `**Ada Lovelace:** hi`).
 * The colon must be followed by a space or the end of the line, so `https://…` and `10:30` are text.
 */
const SPEAKER =
  /^(?:\*\*|__)?([\p{L}\p{N}][\p{L}\p{N}._'-]*(?: [\p{L}\p{N}._'-]+){0,2})(?:\*\*|__)?:(?:\*\*|__)?(?:\s+(.*))?$/u;

/**
 * A plain text or markdown transcript, in one session: each `Name: text` line begins a message by
 * Name; the lines after it, blank-line paragraphs included, belong to it until the next speaker
 * line. Markdown headings before the first speaker (a title) are skipped.
 */
export function parseTranscript(content: string, session: string): ChatHistory {
  const id = sessionId('file', session);
  const notices: string[] = [];
  const messages: ImportedMessage[] = [];
  let current: { peer: string; lines: string[]; line: number } | undefined;
  const finish = () => {
    if (current === undefined) return;
    const text = current.lines.join('\n').trim();
    const source = `line ${current.line}`;
    if (text === '') throw invalidEntry(source, `the message of "${current.peer}" is empty`);
    messages.push(...importedMessages(source, { peer: current.peer, content: text }, notices));
  };
  content.split(/\r?\n/).forEach((text, index) => {
    const speaker = SPEAKER.exec(text.trim());
    if (speaker) {
      finish();
      current = { peer: speaker[1] as string, lines: [speaker[2] ?? ''], line: index + 1 };
    } else if (current !== undefined) {
      current.lines.push(text);
    } else if (text.trim() !== '' && !text.startsWith('#')) {
      throw invalidEntry(
        `line ${index + 1}`,
        'expected a speaker line such as "Ada: Hello" before any text (a transcript is "Name: text" lines)',
      );
    }
  });
  finish();
  if (messages.length === 0) throw invalidEntry('file', 'holds no "Name: text" line');
  return { sessions: [{ id, messages }], notices };
}
