/**
 * Every function here is linear in its text. Patterns like `/[ \t]+$/gm` or `/\s+$/` look linear
 * but backtrack: on a run of n spaces followed by a letter each start position scans the run
 * again, so 64 KiB of spaces took 12 s and 512 KiB more than ten minutes, on the thread that
 * answers every request. The boundaries below are found by patterns that never rescan (a
 * character class matched greedily with nothing after it, or a one-character look-behind), and
 * the trimming is done by hand.
 */

const isSpaceOrTab = (code: number) => code === 0x20 || code === 0x09;

/** Code units turned back into a string at a time (a call's arguments are bounded). */
const CHUNK = 8192;

/**
 * Unix line ends, no trailing spaces or tabs on lines, no blank lines at the start, no whitespace
 * at the end. One pass over the code units into a buffer: splitting into lines and joining them
 * again, or replacing each `\r` with a pattern, took 1.7 s and 7 s on 4 MiB of empty lines.
 */
export function normalizeText(text: string): string {
  // Most text has nothing to change inside it: only its ends are trimmed, natively.
  if (!/\r|[ \t]\n/.test(text)) {
    let start = 0;
    while (text.charCodeAt(start) === 0x0a) start++;
    return text.slice(start).trimEnd();
  }
  const out = new Uint16Array(text.length);
  let length = 0;
  // Where the current line ends once its trailing spaces and tabs are dropped.
  let lineEnd = 0;
  for (let index = 0; index < text.length; index++) {
    let code = text.charCodeAt(index);
    if (code === 0x0d) {
      if (text.charCodeAt(index + 1) === 0x0a) index++;
      code = 0x0a;
    }
    if (code === 0x0a) {
      length = lineEnd;
      // Line ends before any text are blank lines at the start: dropped.
      if (length > 0) out[length++] = code;
      lineEnd = length;
      continue;
    }
    out[length++] = code;
    if (!isSpaceOrTab(code)) lineEnd = length;
  }
  let result = '';
  for (let start = 0; start < lineEnd; start += CHUNK)
    // `apply` takes the typed array as it is: spreading it was four times slower.
    result += String.fromCharCode.apply(
      null,
      out.subarray(start, Math.min(start + CHUNK, lineEnd)) as unknown as number[],
    );
  return result.trimEnd();
}

/**
 * The boundaries text is split at, widest first: paragraphs (a blank line, or the line before a
 * markdown heading), lines, sentences, words. Each has the joiner that puts its pieces back.
 * None rescans: `[ \t]*` after a line end backtracks only over the spaces that begin that line.
 */
const BOUNDARIES = [
  { pattern: /\n[ \t]*\n\s*|\n(?=#{1,6}[ \t])/, joiner: '\n\n' },
  { pattern: /\n/, joiner: '\n' },
  { pattern: /(?<=[.!?…])[ \t]+/, joiner: ' ' },
  { pattern: /[ \t]+/, joiner: ' ' },
] as const;

/** A markdown heading: one to six `#`, then a space or a tab. */
function isHeading(text: string): boolean {
  let hashes = 0;
  while (hashes < 7 && text.charCodeAt(hashes) === 0x23) hashes++;
  return hashes >= 1 && hashes <= 6 && isSpaceOrTab(text.charCodeAt(hashes));
}

/** Whether `text` holds anything but whitespace, without copying it. */
const hasText = (text: string) => /\S/.test(text);

/**
 * `text` in parts of at most `max` characters, filled greedily at the widest boundary
 * that fits, so a part ends at a paragraph where it can and at a word where it must. A heading
 * starts a new part once the current one is half full, so sections stay whole where they fit.
 * Each level reads each character once, so the whole is linear.
 */
export function splitText(text: string, max: number, level = 0): string[] {
  if (text.length <= max) return [text];
  const boundary = BOUNDARIES[level];
  if (boundary === undefined) return cutWord(text, max);
  const pieces = text.split(boundary.pattern).filter(hasText);
  if (pieces.length <= 1) return splitText(text, max, level + 1);
  const parts: string[] = [];
  let current = '';
  for (const piece of pieces) {
    const joinedLength =
      current === '' ? piece.length : current.length + boundary.joiner.length + piece.length;
    const headingBreak = level === 0 && current.length >= max / 2 && isHeading(piece);
    if (joinedLength <= max && !headingBreak) {
      current = current === '' ? piece : `${current}${boundary.joiner}${piece}`;
      continue;
    }
    if (current !== '') parts.push(current);
    // A piece too long alone is split at narrower boundaries; its last part goes on filling.
    const inner = splitText(piece, max, level + 1);
    for (let index = 0; index < inner.length - 1; index++) parts.push(inner[index] as string);
    current = inner.at(-1) ?? '';
  }
  if (current !== '') parts.push(current);
  return parts;
}

/** A single word longer than a message, cut at `max` characters (never inside a surrogate pair). */
function cutWord(word: string, max: number): string[] {
  const parts: string[] = [];
  let start = 0;
  while (word.length - start > max) {
    const high = word.charCodeAt(start + max - 1);
    const cut = high >= 0xd800 && high <= 0xdbff ? max - 1 : max;
    parts.push(word.slice(start, start + cut));
    start += cut;
  }
  parts.push(word.slice(start));
  return parts;
}
