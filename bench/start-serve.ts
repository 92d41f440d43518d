import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../src/main.js', import.meta.url));

/** A `peermem serve` process of a benchmark: its platform URL, its last log lines, and a stop. */
export type ServeProcess = { url: string; stop(): Promise<void>; log(): string };

/** `peermem serve` on a free loopback port, waited for until it names its platform URL. */
export async function startServe(env: Record<string, string>): Promise<ServeProcess> {
  const child: ChildProcess = spawn(process.execPath, [CLI, 'serve', '--host', '127.0.0.1', '--port', '0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...env },
  });
  let log = '';
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`serve printed no start line in 120 s:\n${log}`)), 120_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-16_000);
      const found = /platform API at (http:\/\/127\.0\.0\.1:\d+)\/v3/.exec(log);
      if (found?.[1]) {
        clearTimeout(timer);
        done(found[1]);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`serve exited with ${code}:\n${log}`));
    });
  });
  return {
    url,
    log: () => log,
    async stop() {
      child.kill('SIGTERM');
      // A server that does not stop within 30 s is killed, so that a benchmark always ends.
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
