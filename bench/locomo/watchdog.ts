import { Worker } from 'node:worker_threads';

// Runs in a worker thread, which keeps running while the main thread is stuck, and writes
// straight to fd 2 (the main thread would relay console output, and it may be the one stuck).
const WATCHER = `
const { parentPort, workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const step = new Float64Array(workerData.step);
let label = 'starting';
parentPort.on('message', (message) => { label = message; });
setInterval(() => {
  const tookMs = Date.now() - step[0];
  if (step[1] === 0 || tookMs < step[1]) return;
  writeSync(2, '[locomo] stopped: ' + label + ' has taken ' + Math.round(tookMs / 1000) +
    ' s, more than the ' + Math.round(step[1] / 1000) + ' s allowed: the engine is stuck or far too slow\\n');
  process.kill(process.pid, 'SIGTERM');
}, 1000);
`;

export type Watchdog = {
  /** Starts a step that must end (the next `doing` or `stop`) within `limitMs`. */
  doing(label: string, limitMs: number): void;
  stop(): Promise<void>;
};

/**
 * Keeps the run bounded. The offline reasoner runs compromise synchronously, and awaited PGlite
 * queries resolve as microtasks, so neither a stuck step nor a long chain of queries lets a
 * timer in this thread fire: a worker thread watches the current step's start time, shared
 * through memory, and ends the process, naming the step, once it runs past its limit.
 */
export function startWatchdog(): Watchdog {
  const shared = new SharedArrayBuffer(2 * Float64Array.BYTES_PER_ELEMENT);
  // [when the current step started, its limit in ms (0: none)]
  const step = new Float64Array(shared);
  const worker = new Worker(WATCHER, { eval: true, workerData: { step: shared } });
  worker.unref();
  return {
    doing(label, limitMs) {
      step[0] = Date.now();
      step[1] = limitMs;
      worker.postMessage(label);
    },
    async stop() {
      step[1] = 0;
      await worker.terminate();
    },
  };
}
