import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';

/** `peermem mcp --http` or `peermem serve` as its own process, on a free loopback port. */
export type HttpServerProcess = {
  /** http://127.0.0.1:PORT, as its start line names it. */
  url: string;
  pid: number;
  log(): string;
  /** Its resident memory now, from /proc (Linux), in bytes; undefined where /proc is missing. */
  rss(): Promise<number | undefined>;
  stop(): Promise<void>;
};

/**
 * Starts `node <entry> <args> --port 0` and waits for the start line that names its URL (the
 * process serves before it prints it). `env` adds variables (a devnet's settings for `serve`).
 */
export async function startHttpServer(
  entry: string,
  args: readonly string[],
  env: Record<string, string> = {},
  timeoutMs = 120_000,
): Promise<HttpServerProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    [entry, ...args, '--host', '127.0.0.1', '--port', '0'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...env },
    },
  );
  let log = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no start line within ${timeoutMs} ms:\n${log}`)),
      timeoutMs,
    );
    child.stderr?.on('data', (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-16_000);
      const found = /(?:MCP over HTTP at|gateway at) (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${log}`));
    });
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('the server has no process id');
  return {
    url,
    pid,
    log: () => log,
    async rss() {
      const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => undefined);
      const kb = status && /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
      return kb ? Number(kb) * 1024 : undefined;
    },
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
