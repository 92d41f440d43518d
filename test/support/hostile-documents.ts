import { deflateSync } from 'node:zlib';
import { LIMITS } from '../../src/schemas/limits.js';

/**
 * Small files that cost a reader far more than their size: the shapes that stalled the server,
 * for the upload route, the import tools and their fuzzing.
 */

const encode = (text: string) => new TextEncoder().encode(text);

/** One letter, `spaces` spaces, one letter: a run that backtracking whitespace patterns rescan. */
export const spacesBetweenLetters = (spaces: number) => encode(`a${' '.repeat(spaces)}b`);

/** `depth` opening brackets, then as many closing ones: valid JSON, nested `depth` deep. */
export const nestedBrackets = (depth: number) => encode(`${'['.repeat(depth)}${']'.repeat(depth)}`);

/**
 * A JSON array of `blocks` arrays each nested as deep as `LIMITS.documentDepth` allows: each
 * pretty-prints to about 30 times its size, so 150 KB passes `LIMITS.documentChars`.
 */
export function widelyNestedJson(blocks: number): Uint8Array {
  const inner = LIMITS.documentDepth - 1;
  const block = `${'['.repeat(inner)}0${']'.repeat(inner)}`;
  return encode(`[${Array.from({ length: blocks }, () => block).join(',')}]`);
}

/** A PDF of the given objects (numbered from 1, the first the catalog), with its cross-reference table. */
function pdfOf(objects: (string | Uint8Array)[]): Uint8Array {
  const parts: Uint8Array[] = [encode('%PDF-1.4\n')];
  let length = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(length);
    const body = typeof object === 'string' ? encode(object) : object;
    for (const part of [encode(`${index + 1} 0 obj\n`), body, encode('\nendobj\n')]) {
      parts.push(part);
      length += part.length;
    }
  });
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) tail += `${String(offset).padStart(10, '0')} 00000 n \n`;
  tail += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(encode(tail));
  return Buffer.concat(parts);
}

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
const PAGE = '<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>';

/** `count` pages that all show one shared line of text: about 130 bytes a page. */
export function identicalPagesPdf(count: number): Uint8Array {
  const stream = 'BT /F1 12 Tf 72 720 Td (Alice moved to Lisbon in May.) Tj ET';
  const kids = Array.from({ length: count }, (_, index) => `${5 + index} 0 R`).join(' ');
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${count} /MediaBox [0 0 612 792] >>`,
    FONT,
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    ...Array.from({ length: count }, () => PAGE),
  ]);
}

/** One page whose content stream is `inflatedBytes` of text drawing, deflated: 64 MiB is 196 KB. */
export function inflatingPdf(inflatedBytes: number): Uint8Array {
  const unit = 'BT /F1 12 Tf 72 720 Td (Alice sails south) Tj ET\n';
  const content = deflateSync(unit.repeat(Math.ceil(inflatedBytes / unit.length)).slice(0, inflatedBytes), {
    level: 9,
  });
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [5 0 R] /Count 1 /MediaBox [0 0 612 792] >>',
    FONT,
    Buffer.concat([
      encode(`<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`),
      content,
      encode('\nendstream'),
    ]),
    PAGE,
  ]);
}
