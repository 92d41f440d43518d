import { splitText } from './split-text.js';

/** A line that opens or closes a fenced code block: inside one, `# text` is code, not a heading. */
const FENCE = /^ {0,3}(?:```|~~~)/;

/** The level of a markdown heading line (`## Title` is 2), or 0 for any other line. */
function headingLevel(line: string): number {
  let hashes = 0;
  while (hashes < 7 && line.charCodeAt(hashes) === 0x23) hashes++;
  const next = line.charCodeAt(hashes);
  return hashes >= 1 && hashes <= 6 && (next === 0x20 || next === 0x09) ? hashes : 0;
}

/**
 * Markdown in parts of at most `max` characters, one section per part: a new part starts at each
 * heading of level `deepest` or above outside a code block; a heading directly followed by
 * another (a title over its first section) stays with it. One pass over the lines, stopped (null)
 * once there are more than `most` sections.
 */
function sections(text: string, deepest: number, most: number): string[] | null {
  const found: string[] = [];
  let start = 0;
  let sectionStart = 0;
  let sectionHasBody = false;
  let fenced = false;
  while (start < text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const line = text.slice(start, end);
    if (FENCE.test(line)) fenced = !fenced;
    const level = fenced ? 0 : headingLevel(line);
    if (level !== 0 && level <= deepest && sectionHasBody) {
      if (found.length === most) return null;
      found.push(text.slice(sectionStart, start).trimEnd());
      sectionStart = start;
      sectionHasBody = false;
    } else if (level === 0 && line.trim() !== '') sectionHasBody = true;
    start = end + 1;
  }
  found.push(text.slice(sectionStart).trimEnd());
  return found.filter((section) => section !== '');
}

/**
 * A markdown document as messages of at most `max` characters, at most `most` of them: one per
 * section, split at the deepest heading level whose sections still fit in `most` messages (each
 * section longer than `max` split further as text). A section is what a search finds and what
 * learning reads as one message, so a document of short sections is not stored as one long
 * message. With more top-level sections than `most`, it is split as text.
 */
export function splitMarkdown(text: string, max: number, most: number): string[] {
  for (let deepest = 6; deepest >= 1; deepest--) {
    const parts = sections(text, deepest, most)?.flatMap((section) => splitText(section, max));
    if (parts !== undefined && parts.length <= most) return parts;
  }
  return splitText(text, max);
}
