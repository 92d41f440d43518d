import { Worker } from 'node:worker_threads';
import { LIMITS } from '../schemas/limits.js';
import { MemoryError } from '../service/errors.js';
import { DocumentLimitError } from './document-limit-error.js';
import type { PdfTextAnswer } from './pdf-text-answer.js';

/**
 * PDFs read at once; more wait their turn. Each thread may use `LIMITS.pdfHeapBytes` of heap,
 * `LIMITS.pdfInflatedBytes` of decoded streams and a core until `LIMITS.pdfReadMs`, so a burst of
 * uploads costs at most this many times that.
 */
const PDF_THREADS = 2;

const SPLIT_HINT = 'Send fewer pages at a time, or the text itself as a .txt file';

/**
 * The text layer of a PDF, its pages apart by a blank line, read on a thread of its own so the
 * thread that answers requests never waits on it: pdf.js took 34 s and 1.7 GB for 10,000 small
 * pages, and 20 s for one stream that inflates to 64 MiB, holding every other request meanwhile.
 * The thread is started for this file alone and ended as soon as it answers, or when it passes
 * its time or heap, so nothing a hostile file leaves behind outlives it (its start costs about
 * as much as reading a page or two). Past a bound the file is refused with a `DocumentLimitError`
 * naming `field` and the bound; a file pdf.js cannot read, with the reason.
 */
export async function readPdfText(bytes: Uint8Array, field: string): Promise<string> {
  const done = await takeTurn();
  try {
    return await readOnThread(bytes, field);
  } finally {
    done();
  }
}

let running = 0;
const waiting: (() => void)[] = [];

/** Waits until fewer than `PDF_THREADS` PDFs are being read; the function it gives ends the turn. */
async function takeTurn(): Promise<() => void> {
  if (running < PDF_THREADS) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  // The turn passes straight to the next waiting read, so `running` counts it still.
  return () => {
    const next = waiting.shift();
    if (next === undefined) running--;
    else next();
  };
}

/**
 * The built worker script. Under the test runner this module is the TypeScript source, which a
 * worker cannot load: the worker then runs the build of the same tree (the tests build it first).
 */
function workerScript(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('../../dist/src/import/pdf-text-worker.js', import.meta.url)
    : new URL('./pdf-text-worker.js', import.meta.url);
}

function readOnThread(bytes: Uint8Array, field: string): Promise<string> {
  // The thread takes the buffer it is given (transferred): it gets a copy.
  const copy = bytes.slice();
  const thread = new Worker(workerScript(), {
    workerData: copy,
    transferList: [copy.buffer],
    resourceLimits: { maxOldGenerationSizeMb: LIMITS.pdfHeapBytes / 1024 / 1024 },
  });
  return new Promise<string>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: { text: string } | { error: MemoryError }) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      void thread.terminate();
      if ('text' in outcome) resolve(outcome.text);
      else reject(outcome.error);
    };
    const deadline = setTimeout(() => {
      settle({
        error: new DocumentLimitError(
          field,
          'pdfReadMs',
          `took more than ${LIMITS.pdfReadMs} ms to read, and its reading was stopped`,
          SPLIT_HINT,
        ),
      });
    }, LIMITS.pdfReadMs);
    thread.once('message', (answer: PdfTextAnswer) => {
      if (answer.type === 'text') settle({ text: answer.text });
      else if (answer.type === 'over')
        settle({ error: new DocumentLimitError(field, answer.limit, answer.reason, SPLIT_HINT) });
      else settle({ error: unreadable(field, answer.reason) });
    });
    thread.once('error', (error: Error & { code?: string }) => {
      settle({
        error:
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new DocumentLimitError(
                field,
                'pdfHeapBytes',
                `needs more than ${LIMITS.pdfHeapBytes} bytes of memory to read, and its reading was stopped`,
                SPLIT_HINT,
              )
            : unreadable(field, error.message),
      });
    });
    thread.once('exit', (code) =>
      settle({ error: unreadable(field, `its reader stopped with code ${code}`) }),
    );
  });
}

function unreadable(field: string, reason: string): MemoryError {
  return new MemoryError('invalid_input', `${field}: is not a readable PDF (${reason})`, {
    field,
    hint: 'Send a PDF that opens in a viewer, or its text as a .txt file',
  });
}
