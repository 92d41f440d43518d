import type { Config } from '../config.js';
import { openEngine } from './open-engine.js';
import { stopOnExit } from './stop-on-exit.js';

/**
 * `peermem worker`: only the deriver, learning from what any server queued in the same database.
 * With `--once`, it processes what is ready and exits (for cron jobs and scripts).
 */
export async function runWorker(config: Config, options: { once: boolean }): Promise<void> {
  const { database, engine } = openEngine(config, { deriver: true, background: !options.once });
  const deriver = engine.deriver;
  if (!deriver) return;
  if (options.once) {
    const processed = await deriver.drain();
    console.error(`peermem: worker: ${processed} batches processed`);
  } else {
    console.error('peermem: worker: learning from queued messages; Ctrl+C stops');
    await stopOnExit(async () => {}, { onStdinClose: false });
  }
  await engine.stop();
  await database.close();
}
