import type { Config } from '../config.js';
import { openEngine } from './open-engine.js';
import { startUsage } from './start-usage.js';
import { stopOnExit } from './stop-on-exit.js';

/**
 * `peermem worker`: only the deriver, learning from what any server queued in the same database.
 * With `--once`, it processes what is ready and exits (for cron jobs and scripts).
 */
export async function runWorker(config: Config, options: { once: boolean }): Promise<void> {
  const { database, engine } = openEngine(config, { deriver: true, background: !options.once });
  const deriver = engine.deriver;
  if (!deriver) return;
  // A worker answers no requests: it samples the learning queue and prunes old usage.
  const { recorder } = options.once ? { recorder: undefined } : startUsage(config, database);
  if (options.once) {
    const processed = await deriver.drain();
    console.error(`peermem: worker: ${processed} batches processed`);
  } else {
    console.error('peermem: worker: learning from queued messages; Ctrl+C stops');
    // The deriver's timers do not hold the process open (a server's listener does): while the
    // database is lost no socket does either, and the worker must wait for it, not exit.
    const stayUp = setInterval(() => {}, 2 ** 30);
    await stopOnExit(async () => {}, { onStdinClose: false });
    clearInterval(stayUp);
  }
  await engine.stop();
  await recorder?.stop();
  await database.close();
}
