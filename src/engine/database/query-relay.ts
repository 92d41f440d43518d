import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import type { Database } from './database.js';

/**
 * A relay lets other processes query the PGlite database that this process owns. PGlite is a
 * single-process database: a second process must not open the same data folder, so it sends
 * each statement here instead, as one JSON line, and gets the rows back as one JSON line.
 * Each statement runs whole inside the owner, so statements never interleave mid-protocol.
 */

type Request = { id: number; text: string; params: unknown[] };
type Reply = { id: number; rows?: Record<string, unknown>[]; error?: { message: string; code?: string } };

/**
 * The owner's last line before it hangs up on purpose: every request it read has been answered,
 * so whatever is still unanswered was never run and may safely go to the next owner.
 */
const GOODBYE = { goodbye: true };
const NOT_RUN = 'PEERMEM_RELAY_CLOSING';

/** Raised on the client side when the owning process goes away. */
export class RelayClosedError extends Error {
  override name = 'RelayClosedError';
  /** True when the statement was never delivered, so it is safe to send it again elsewhere. */
  readonly notSent: boolean;
  constructor(message: string, notSent: boolean) {
    super(message);
    this.notSent = notSent;
  }
}

/** JSON has no bigint: a count that Postgres returns as int8 travels as its decimal string. */
const bigintAsString = (_key: string, value: unknown) =>
  typeof value === 'bigint' ? value.toString() : value;

/** Serves `database` on a Unix socket (or Windows named pipe) at `socketPath`. */
export async function serveQueryRelay(
  database: Database,
  socketPath: string,
): Promise<{ close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const inFlight = new Set<Promise<void>>();
  let closing = false;
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    const lines = createInterface({ input: socket, crlfDelay: Number.POSITIVE_INFINITY });
    lines.on('error', () => socket.destroy());
    lines.on('line', (line) => {
      const answered = answer(line).then((reply) => {
        if (socket.writable) socket.write(`${JSON.stringify(reply, bigintAsString)}\n`);
      });
      inFlight.add(answered);
      void answered.finally(() => inFlight.delete(answered));
    });
  });
  async function answer(line: string): Promise<Reply> {
    let request: Request;
    try {
      request = JSON.parse(line) as Request;
    } catch {
      return { id: -1, error: { message: 'malformed relay request' } };
    }
    if (closing) return { id: request.id, error: { message: 'the owner is closing', code: NOT_RUN } };
    try {
      return { id: request.id, rows: await database.query(request.text, request.params) };
    } catch (error) {
      const { message, code } = error as { message?: string; code?: string };
      return { id: request.id, error: { message: message ?? String(error), ...(code ? { code } : {}) } };
    }
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  return {
    /** Answers what it already read (running nothing new), says goodbye, then hangs up. */
    async close() {
      closing = true;
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      while (inFlight.size > 0) await Promise.all(inFlight);
      for (const socket of sockets) socket.end(`${JSON.stringify(GOODBYE)}\n`);
      await stopped;
    },
  };
}

/** Connects to the relay at `socketPath`; rejects when nothing listens there. */
export async function connectQueryRelay(socketPath: string): Promise<Database> {
  const socket = createConnection(socketPath);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const pending = new Map<
    number,
    { resolve(rows: Record<string, unknown>[]): void; reject(error: Error): void }
  >();
  let nextId = 1;
  let closed = false;
  let saidGoodbye = false;
  const failAll = (reason: string) => {
    closed = true;
    for (const { reject } of pending.values()) reject(new RelayClosedError(reason, saidGoodbye));
    pending.clear();
  };
  socket.on('error', () => socket.destroy());
  socket.on('close', () => failAll('the peermem process that owns the data folder went away'));
  const lines = createInterface({ input: socket, crlfDelay: Number.POSITIVE_INFINITY });
  // A reset connection is reported by 'close' above; the line reader must not throw it again.
  lines.on('error', () => {});
  lines.on('line', (line) => {
    const reply = JSON.parse(line) as Reply & { goodbye?: boolean };
    if (reply.goodbye) {
      saidGoodbye = true;
      return;
    }
    const waiter = pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id);
    if (reply.error?.code === NOT_RUN) waiter.reject(new RelayClosedError(reply.error.message, true));
    else if (reply.error)
      waiter.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
    else waiter.resolve(reply.rows ?? []);
  });
  return {
    kind: 'pglite',
    query<Row extends Record<string, unknown>>(text: string, params: readonly unknown[] = []) {
      if (closed) {
        return Promise.reject(
          new RelayClosedError('the peermem process that owns the data folder went away', true),
        );
      }
      const id = nextId++;
      return new Promise<Row[]>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (rows: Record<string, unknown>[]) => void, reject });
        socket.write(`${JSON.stringify({ id, text, params: [...params] } satisfies Request)}\n`);
      });
    },
    async close() {
      closed = true;
      socket.end();
    },
  };
}
