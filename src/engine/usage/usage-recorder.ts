import type { Database } from '../database/database.js';
import { LATENCY_BOUNDS_MS, latencyBucket } from './latency-buckets.js';
import { type RequestFigures, type WriteFigures, writeUsage } from './write-usage.js';

/** What a request is counted by: its route pattern and status, and who made it where. */
export type RequestLabels = {
  /** The method and route pattern, `GET /v3/workspaces/{workspace_id}/peers`; never the raw path. */
  route: string;
  status: number;
  workspace?: string | undefined;
  /** The id of the key, never the key itself. */
  key?: string | undefined;
};

export type UsageRecorderOptions = {
  /** Days the per-minute rows are kept. */
  retentionDays: number;
  /** How often what was counted is written; default five seconds. */
  flushMs?: number;
  /** Told once when writing fails, and once when it works again. */
  log: (line: string) => void;
  /** Also told of each request (the Prometheus metrics of the process). */
  onRequest?: (labels: RequestLabels, ms: number) => void;
  /** Also told of each write of messages. */
  onMessages?: (messages: number, tokens: number) => void;
};

export type UsageRecorder = {
  /** Counts a request; nothing is written until the next flush. */
  request(labels: RequestLabels, ms: number): void;
  /** Counts messages written to a workspace, with their tokens. */
  messagesWritten(workspace: string, messages: number, tokens: number): void;
  /** Writes what is counted now (GET /v3/usage calls it, so its answer includes this process). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  stop(): Promise<void>;
};

const FLUSH_MS = 5000;
const MAX_BACKOFF_MS = 5 * 60_000;
const PRUNE_EVERY_MS = 3600_000;
/** Distinct rows held while the database is away; past it, new figures are dropped (and said so). */
const MAX_PENDING_ROWS = 50_000;

/** Rows written by one statement at most. */
const ROWS_PER_STATEMENT = 1000;

/**
 * Counts requests and writes in memory and adds them to the database's per-minute rows every few
 * seconds, so that a request waits for no write of its own. A write that fails keeps its figures
 * for the next one, which waits twice as long each time (up to five minutes); the failure is
 * logged once, not on every retry, and the recovery once.
 */
export function createUsageRecorder(db: Database, options: UsageRecorderOptions): UsageRecorder {
  let requests = new Map<string, RequestFigures>();
  let writes = new Map<string, WriteFigures>();
  let sampledMinute = '';
  let prunedAt = 0;
  let dropped = 0;
  let failing = false;
  let backoffMs = options.flushMs ?? FLUSH_MS;
  let flushing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const full = () => requests.size + writes.size >= MAX_PENDING_ROWS;
  const requestKey = (minute: string, route: string, status: number, workspace: string, key: string) =>
    `${minute}\u0000${route}\u0000${status}\u0000${workspace}\u0000${key}`;

  function addRequest(figures: RequestFigures, into: Map<string, RequestFigures>) {
    const { minute, route, status, workspace_id, key_id } = figures;
    const key = requestKey(minute, route, status, workspace_id, key_id);
    const held = into.get(key);
    if (held === undefined) {
      into.set(key, figures);
      return;
    }
    held.requests += figures.requests;
    held.total_ms += figures.total_ms;
    for (const [index, count] of figures.latency_counts.entries())
      held.latency_counts[index] = (held.latency_counts[index] ?? 0) + count;
  }

  function addWrite(figures: WriteFigures, into: Map<string, WriteFigures>) {
    const key = `${figures.minute}\u0000${figures.workspace_id}`;
    const held = into.get(key);
    if (held === undefined) into.set(key, figures);
    else {
      held.messages += figures.messages;
      held.tokens += figures.tokens;
    }
  }

  /** The minute now, as the rows name it; made once a minute, not once a request. */
  let minuteNumber = -1;
  let minuteText = '';
  function currentMinute(now = Date.now()): string {
    const number = Math.floor(now / 60_000);
    if (number !== minuteNumber) {
      minuteNumber = number;
      minuteText = new Date(number * 60_000).toISOString();
    }
    return minuteText;
  }

  /**
   * Writes what is held, in statements of at most `ROWS_PER_STATEMENT` rows: on PGlite a statement
   * holds every other query of the process, so a burst of many workspaces and keys is written in
   * slices between which requests are answered. A slice that fails is kept with those after it.
   */
  async function writePending(): Promise<void> {
    const now = Date.now();
    const minute = currentMinute(now);
    let sampleQueue = minute !== sampledMinute;
    let prune = now - prunedAt >= PRUNE_EVERY_MS;
    if (requests.size === 0 && writes.size === 0 && !sampleQueue && !prune) return;
    const takenRequests = [...requests.values()];
    const takenWrites = [...writes.values()];
    requests = new Map();
    writes = new Map();
    let written = 0;
    try {
      do {
        await writeUsage(db, {
          requests: takenRequests.slice(written, written + ROWS_PER_STATEMENT),
          writes: written === 0 ? takenWrites : [],
          sampleQueue,
          pruneAfterDays: prune ? options.retentionDays : undefined,
        });
        if (sampleQueue) sampledMinute = minute;
        if (prune) prunedAt = now;
        sampleQueue = false;
        prune = false;
        written += ROWS_PER_STATEMENT;
      } while (written < takenRequests.length);
    } catch (error) {
      // Kept for the next try: what is counted meanwhile is added to them.
      for (const figures of takenRequests.slice(written)) addRequest(figures, requests);
      if (written === 0) for (const figures of takenWrites) addWrite(figures, writes);
      throw error;
    }
  }

  function flush(): Promise<void> {
    flushing ??= writePending().finally(() => {
      flushing = undefined;
    });
    return flushing;
  }

  function schedule(ms: number) {
    if (stopped) return;
    timer = setTimeout(async () => {
      try {
        await flush();
        if (failing) options.log('peermem: usage: recorded again');
        failing = false;
        backoffMs = options.flushMs ?? FLUSH_MS;
      } catch (error) {
        if (!failing)
          options.log(
            `peermem: usage: could not record usage (${(error as Error).message}); the figures are kept in memory and written when the database answers`,
          );
        failing = true;
        backoffMs = Math.min(backoffMs * 2, MAX_BACKOFF_MS);
      }
      if (dropped > 0) {
        options.log(`peermem: usage: ${dropped} figures dropped while the database did not answer`);
        dropped = 0;
      }
      schedule(failing ? backoffMs : (options.flushMs ?? FLUSH_MS));
    }, ms);
    // Recording never keeps a process alive; stop() writes what is left.
    timer.unref();
  }
  schedule(options.flushMs ?? FLUSH_MS);

  return {
    request(labels, ms) {
      options.onRequest?.(labels, ms);
      const minute = currentMinute();
      const workspace = labels.workspace ?? '';
      const keyId = labels.key ?? '';
      const key = requestKey(minute, labels.route, labels.status, workspace, keyId);
      let held = requests.get(key);
      if (held === undefined) {
        if (full()) {
          dropped += 1;
          return;
        }
        held = {
          minute,
          route: labels.route,
          status: labels.status,
          workspace_id: workspace,
          key_id: keyId,
          requests: 0,
          total_ms: 0,
          latency_counts: new Array<number>(LATENCY_BOUNDS_MS.length + 1).fill(0),
        };
        requests.set(key, held);
      }
      held.requests += 1;
      held.total_ms += ms;
      const bucket = latencyBucket(ms);
      held.latency_counts[bucket] = (held.latency_counts[bucket] ?? 0) + 1;
    },
    messagesWritten(workspace, messages, tokens) {
      options.onMessages?.(messages, tokens);
      if (full()) {
        dropped += 1;
        return;
      }
      addWrite({ minute: currentMinute(), workspace_id: workspace, messages, tokens }, writes);
    },
    flush,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await flush().catch((error: Error) => {
        options.log(`peermem: usage: the last figures could not be recorded: ${error.message}`);
      });
    },
  };
}
