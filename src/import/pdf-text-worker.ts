import { parentPort, workerData } from 'node:worker_threads';
import { LIMITS } from '../schemas/limits.js';
import type { PdfTextAnswer } from './pdf-text-answer.js';

/**
 * The thread that reads one PDF's text layer (see read-pdf-text.ts), within the bounds of
 * `LIMITS`: pages, characters, and the bytes its streams decode to.
 *
 * pdf.js decodes every stream (inflate, LZW, run-length, fonts) into typed arrays it allocates
 * with `new Uint8Array(n)`, and a thread's heap limit does not count them: a thread limited to a
 * 64 MB heap held 2.5 GB of them. So this thread, which runs nothing but pdf.js, counts them: its
 * global `Uint8Array` is a subclass that adds up what each allocation copies or creates, and
 * refuses any once the total passes `LIMITS.pdfInflatedBytes`. A view on an existing buffer
 * (`subarray`) allocates nothing and counts nothing. pdf.js is loaded only after the swap.
 */
const port = parentPort;
if (!port) throw new Error('pdf-text-worker runs only as a worker thread');

const NativeUint8Array = Uint8Array;
let decodedBytes = 0;
const overDecoded = () => decodedBytes > LIMITS.pdfInflatedBytes;

class DecodedBytesExceeded extends RangeError {}

class MeteredUint8Array extends NativeUint8Array {
  // biome-ignore lint/suspicious/noExplicitAny: the constructor takes every form Uint8Array takes.
  constructor(...args: any[]) {
    const [source] = args;
    if (typeof source === 'number') decodedBytes += source;
    else if (typeof source === 'object' && source !== null && !isBuffer(source))
      decodedBytes += Number((source as { length?: unknown }).length) || 0;
    if (overDecoded()) throw new DecodedBytesExceeded('the PDF decodes to more bytes than allowed');
    super(...(args as []));
  }

  // A typed array made by anything else (a TextEncoder, a transferred buffer) is one too.
  static override [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof NativeUint8Array;
  }
}

const isBuffer = (value: object) =>
  value instanceof ArrayBuffer ||
  (typeof SharedArrayBuffer !== 'undefined' && value instanceof SharedArrayBuffer);

(globalThis as { Uint8Array: unknown }).Uint8Array = MeteredUint8Array;

const answer = (message: PdfTextAnswer) => port.postMessage(message);

try {
  answer(await readText(workerData as Uint8Array));
} catch (error) {
  answer(
    overDecoded()
      ? { type: 'over', limit: 'pdfInflatedBytes', reason: decodedReason() }
      : { type: 'unreadable', reason: error instanceof Error ? error.message : 'unreadable' },
  );
}

async function readText(bytes: Uint8Array): Promise<PdfTextAnswer> {
  const { getDocumentProxy } = await import('unpdf');
  // Verbosity 0 keeps pdf.js's warnings about a damaged file out of the server's log (the caller
  // hears of it); no font is turned into code, and none is looked for on this machine.
  const pdf = await getDocumentProxy(bytes, {
    verbosity: 0,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
  });
  if (pdf.numPages > LIMITS.pdfPages) {
    return {
      type: 'over',
      limit: 'pdfPages',
      reason: `has ${pdf.numPages} pages, more than the ${LIMITS.pdfPages} read from one PDF`,
    };
  }
  const pages: string[] = [];
  let chars = 0;
  for (let number = 1; number <= pdf.numPages; number++) {
    // One page at a time, each let go once read: reading every page at once held 1.7 GB for
    // 10,000 small pages.
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    page.cleanup();
    const text = content.items
      .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
      .join('');
    if (overDecoded()) return { type: 'over', limit: 'pdfInflatedBytes', reason: decodedReason() };
    chars += text.length + 2;
    if (chars > LIMITS.documentChars) {
      return {
        type: 'over',
        limit: 'documentChars',
        reason: `its text passes ${LIMITS.documentChars} characters by page ${number}, more than one document is stored as`,
      };
    }
    pages.push(text);
  }
  if (overDecoded()) return { type: 'over', limit: 'pdfInflatedBytes', reason: decodedReason() };
  // Postgres text cannot hold NUL, and a broken ToUnicode map can give lone surrogates.
  return { type: 'text', text: pages.join('\n\n').replaceAll('\u0000', '').toWellFormed() };
}

function decodedReason(): string {
  return `its streams decode to more than ${LIMITS.pdfInflatedBytes} bytes (compressed data that inflates far beyond its size)`;
}
