import type { LoggingLevel } from '@modelcontextprotocol/server';
import type { DeriverStatusOutput } from '../schemas/deriver-status.js';
import { MemoryError } from '../service/errors.js';
import type { MemoryService } from '../service/memory-service.js';

/** A change a client may be told about. */
export type MemoryChange =
  | { kind: 'resource_updated'; uri: string }
  | { kind: 'resources_list_changed' }
  | { kind: 'log'; level: LoggingLevel; message: string; data: Record<string, unknown> };

/** How often the memory is looked at while a client listens; a write through this process is seen at once. */
const WATCH_INTERVAL_MS = 1000;

/** At most this many failures are reported per look, the rest summed up in one line. */
const FAILURES_PER_LOOK = 3;

/** While nothing seems to change and nothing is being learned, the queue is read every this many looks. */
const QUIET_LOOKS_PER_QUEUE_READ = 10;

/**
 * Watches one workspace's memory for what clients subscribe to, through the public MemoryService
 * only, so writes by another process on the same database (a worker, a second server) are seen as
 * well as this process's own. While at least one listener is attached it looks once per interval:
 * how many sessions and peers exist (a new one is `resources_list_changed`), the newest message and
 * count of each watched session, the card of each watched peer, and the learning queue's counts
 * (each change of state is one log line). Each look is a handful of small indexed reads, never a
 * scan of the messages; the queue is read only while something changes or is being learned (and
 * every tenth look otherwise), and nothing runs when no client listens.
 */
export class MemoryWatch {
  readonly #memory: MemoryService;
  readonly #intervalMs: number;
  readonly #listeners = new Set<(change: MemoryChange) => void>();
  /** Watched URIs with how many subscriptions hold each, and what was last seen. */
  readonly #watched = new Map<string, { holders: number; seen: string | undefined }>();
  #lists: string | undefined;
  #deriver: DeriverStatusOutput | undefined;
  #reportedFailures = new Set<string>();
  #failing = false;
  #timer: NodeJS.Timeout | undefined;
  #looking: Promise<void> | undefined;
  #again = false;
  #poked = false;
  #quietLooks = 0;

  constructor(memory: MemoryService, options: { intervalMs?: number } = {}) {
    this.#memory = memory;
    this.#intervalMs = options.intervalMs ?? WATCH_INTERVAL_MS;
  }

  /** Calls `listener` on every change from now on; returns how to stop. */
  listen(listener: (change: MemoryChange) => void): () => void {
    this.#listeners.add(listener);
    if (!this.#timer) {
      this.#timer = setInterval(() => this.poke(), this.#intervalMs);
      this.#timer.unref();
      this.poke();
    }
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0) this.#stop();
    };
  }

  /** Starts watching a resource (one of the session messages, summaries or peer card URIs); returns how to stop. */
  watch(uri: string): () => void {
    const entry = this.#watched.get(uri) ?? { holders: 0, seen: undefined };
    entry.holders++;
    this.#watched.set(uri, entry);
    if (entry.holders === 1) this.poke();
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      entry.holders--;
      if (entry.holders === 0) this.#watched.delete(uri);
    };
  }

  /**
   * Resolves once a look has run since this call, so every resource watched by then has the state
   * later changes are compared with: a subscription acknowledged after it misses no change.
   */
  async settled(): Promise<void> {
    this.#lookSoon();
    while (this.#looking) await this.#looking;
  }

  /** Looks now rather than at the next interval: after a write through this process. */
  poke(): void {
    if (this.#listeners.size === 0) return;
    this.#poked = true;
    this.#lookSoon();
  }

  /** Starts a look, or another one right after the look under way. */
  #lookSoon(): void {
    if (this.#looking) {
      this.#again = true;
      return;
    }
    this.#looking = this.#look().finally(() => {
      this.#looking = undefined;
      if (this.#again) {
        this.#again = false;
        this.#lookSoon();
      }
    });
  }

  /** Stops looking and waits for a look under way. */
  async close(): Promise<void> {
    this.#listeners.clear();
    this.#stop();
    await this.#looking;
  }

  #stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  #emit(change: MemoryChange): void {
    for (const listener of this.#listeners) listener(change);
  }

  async #look(): Promise<void> {
    try {
      let changed = this.#poked;
      this.#poked = false;
      changed = (await this.#lookAtLists()) || changed;
      for (const [uri, entry] of [...this.#watched]) {
        const state = await this.#stateOf(uri);
        if (entry.seen !== undefined && state !== entry.seen && this.#watched.get(uri) === entry) {
          this.#emit({ kind: 'resource_updated', uri });
          changed = true;
        }
        entry.seen = state;
      }
      const learning = this.#deriver === undefined || this.#deriver.pending + this.#deriver.in_progress > 0;
      if (changed || learning || ++this.#quietLooks >= QUIET_LOOKS_PER_QUEUE_READ) {
        this.#quietLooks = 0;
        this.#reportLearning(await this.#memory.getDeriverStatus({}));
      }
      if (this.#failing) console.error('peermem: the memory can be read again; change notifications resume');
      this.#failing = false;
    } catch (error) {
      // One line when looking starts failing (a lost database), not one per interval.
      if (!this.#failing) {
        const reason = error instanceof Error ? error.message : String(error);
        console.error(`peermem: could not look for changes to notify clients of (${reason}); retrying`);
      }
      this.#failing = true;
    }
  }

  /** Whether the number of sessions or peers changed since the last look. */
  async #lookAtLists(): Promise<boolean> {
    const [{ total: sessions }, { total: peers }] = await Promise.all([
      this.#memory.listSessions({ page: 1, size: 1, reverse: true }),
      this.#memory.listPeers({ page: 1, size: 1, reverse: true }),
    ]);
    const lists = `${sessions}/${peers}`;
    const changed = this.#lists !== undefined && lists !== this.#lists;
    if (changed) this.#emit({ kind: 'resources_list_changed' });
    this.#lists = lists;
    return changed;
  }

  /** A short fingerprint of what a resource holds now: it differs whenever a read would differ. */
  async #stateOf(uri: string): Promise<string> {
    const match = /^memory:\/\/(sessions|peers)\/([^/]+)\/(messages|summaries|card)$/.exec(uri);
    const id = match?.[2] === undefined ? undefined : safeDecode(match[2]);
    if (!match || id === undefined) return 'unwatchable';
    try {
      if (match[3] === 'messages') {
        const { items, total } = await this.#memory.listMessages({
          session: id,
          page: 1,
          size: 1,
          reverse: true,
        });
        return `${total}:${items[0]?.id ?? ''}`;
      }
      if (match[3] === 'summaries')
        return JSON.stringify(await this.#memory.getSessionSummaries({ session: id }));
      return JSON.stringify(await this.#memory.getPeerCard({ peer: id }));
    } catch (error) {
      if (error instanceof MemoryError && error.code === 'not_found') return 'absent';
      throw error;
    }
  }

  /** One log line per change of the learning queue's state, and one per new failure. */
  #reportLearning(now: DeriverStatusOutput): void {
    const before = this.#deriver;
    this.#deriver = now;
    const counts = { pending: now.pending, in_progress: now.in_progress, done: now.done, failed: now.failed };
    if (before === undefined) {
      this.#reportedFailures = new Set(now.failures.map(failureKey));
      return;
    }
    const queued = now.pending + now.in_progress;
    const wasQueued = before.pending + before.in_progress;
    if (queued > 0 && wasQueued === 0) {
      this.#log('info', `learning started: ${queued} batch(es) of messages queued`, counts);
    } else if (queued === 0 && wasQueued > 0) {
      this.#log('info', `learning done: ${now.done} batch(es) learned, ${now.observations} observations`, {
        ...counts,
        observations: now.observations,
      });
    } else if (now.done > before.done) {
      this.#log('info', `learned from ${now.done - before.done} more batch(es); ${queued} queued`, counts);
    }
    const fresh = now.failures.filter((failure) => !this.#reportedFailures.has(failureKey(failure)));
    // Only the failures still listed are remembered, so the set stays as short as the list.
    this.#reportedFailures = new Set(now.failures.map(failureKey));
    for (const failure of fresh.slice(0, FAILURES_PER_LOOK)) {
      const retried = failure.status === 'pending';
      this.#log(
        retried ? 'warning' : 'error',
        `learning from session "${failure.session}" failed (attempt ${failure.attempts}${retried ? ', will retry' : ', given up'}): ${failure.error}`,
        { session: failure.session, attempts: failure.attempts, status: failure.status },
      );
    }
    if (fresh.length > FAILURES_PER_LOOK)
      this.#log(
        'error',
        `${fresh.length - FAILURES_PER_LOOK} more learning failure(s); see get_deriver_status`,
        counts,
      );
  }

  #log(level: LoggingLevel, message: string, data: Record<string, unknown>): void {
    this.#emit({ kind: 'log', level, message, data });
  }
}

const failureKey = (failure: DeriverStatusOutput['failures'][number]) =>
  `${failure.session}\u0000${failure.attempts}\u0000${failure.status}\u0000${failure.error}`;

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
