import { randomUUID } from 'node:crypto';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { lock } from 'proper-lockfile';
import type { MicroUsd } from '../payments/gateway-prices.js';
import type { PaymentProtocol, SpendingOutput } from '../schemas/spending.js';
import { MemoryError } from '../service/errors.js';

// One micro-USD for prices and payments alike: what the gateway asks is what the ledger counts.
export type { MicroUsd } from '../payments/gateway-prices.js';

export type SpendingPolicy = {
  /** The most one call may cost. */
  maxPerCall: MicroUsd;
  /** The most all calls of one day (UTC) may cost together. */
  dailyBudget: MicroUsd;
};

/** How a payment is made: the protocol, and the chain (CAIP-2) and token it pays in. */
export type PaymentMethod = { protocol: PaymentProtocol; network: string; asset: string };

/** One line of the ledger: a payment about to be signed, then what became of it. */
type LedgerEvent =
  | ({ kind: 'reserved'; id: string; at: string; endpoint: string; amount: string } & Partial<PaymentMethod>)
  | { kind: 'settled'; id: string; at: string; transaction: string }
  | { kind: 'released'; id: string; at: string };

export type SpendingReport = {
  day: string;
  /** Spent or possibly spent today (a payment signed whose outcome is unknown counts). */
  total: MicroUsd;
  remaining: MicroUsd;
  byEndpoint: Record<string, MicroUsd>;
  /** The last payments not known to have failed, newest first, on any day. */
  recent: RecentPayment[];
};

/** A payment reserved without its method (by an earlier version) has none. */
type RecentPayment = Partial<PaymentMethod> & {
  /** When it settled, or was signed when its outcome is unknown. */
  at: string;
  endpoint: string;
  amount: MicroUsd;
  /** The settlement transaction or payment reference; undefined while unconfirmed. */
  transaction: string | undefined;
};

/** How many payments a report lists. */
const RECENT_PAYMENTS = 10;

/**
 * The spending of one wallet, kept in `spending.jsonl` beside its key: one JSON line per event,
 * appended under a lock file, so that two server processes sharing the wallet share the daily
 * budget. A payment is reserved before anything is signed and released only when it is known
 * not to have been paid; one whose outcome is unknown keeps counting.
 */
export class SpendingLedger {
  readonly file: string;

  constructor(
    dir: string,
    readonly policy: SpendingPolicy,
  ) {
    this.file = join(dir, 'spending.jsonl');
    this.dir = dir;
  }

  private readonly dir: string;

  /**
   * Checks a price against the policy and, when it fits, counts it against today's budget.
   * Throws a MemoryError naming the price and the limit when it does not; nothing is recorded.
   * `method` is how it will be paid, for the report's list of payments.
   */
  async reserve(endpoint: string, amount: MicroUsd, method?: PaymentMethod): Promise<string> {
    if (amount > this.policy.maxPerCall) {
      throw new MemoryError(
        'invalid_input',
        `over the spending limit: ${endpoint} costs ${formatUsd(amount)} USD, more than the ${formatUsd(this.policy.maxPerCall)} USD allowed per call; nothing was signed or paid`,
        {
          hint: 'Choose a cheaper call (a lower reasoning_level, fewer messages at once), or ask the user to raise --max-per-call (PEERMEM_MAX_PER_CALL).',
        },
      );
    }
    return this.locked(async (events) => {
      const today = report(events, this.policy, new Date());
      if (today.total + amount > this.policy.dailyBudget) {
        throw new MemoryError(
          'unavailable',
          `over the daily budget: ${endpoint} costs ${formatUsd(amount)} USD, and ${formatUsd(today.total)} of the ${formatUsd(this.policy.dailyBudget)} USD allowed today (UTC) is spent; nothing was signed or paid`,
          {
            hint: 'The budget renews at midnight UTC; the user can raise it with --daily-budget (PEERMEM_DAILY_BUDGET).',
          },
        );
      }
      const id = randomUUID();
      await this.append({
        kind: 'reserved',
        id,
        at: new Date().toISOString(),
        endpoint,
        amount: String(amount),
        ...method,
      });
      return id;
    });
  }

  /** The payment went through: the transaction is recorded. */
  async settled(id: string, transaction: string): Promise<void> {
    await this.locked(() => this.append({ kind: 'settled', id, at: new Date().toISOString(), transaction }));
  }

  /** The payment was not made (refused before settlement): it no longer counts. */
  async released(id: string): Promise<void> {
    await this.locked(() => this.append({ kind: 'released', id, at: new Date().toISOString() }));
  }

  /** Today's total, per endpoint, and what remains of the budget. */
  async report(now = new Date()): Promise<SpendingReport> {
    return report(await this.read(), this.policy, now);
  }

  private async locked<T>(run: (events: LedgerEvent[]) => Promise<T>): Promise<T> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    let release: () => Promise<void>;
    try {
      release = await lock(this.file, {
        realpath: false,
        stale: 10_000,
        retries: { retries: 50, minTimeout: 10, maxTimeout: 100 },
      });
    } catch {
      throw new MemoryError('unavailable', `the spending ledger ${this.file} is locked by another process`, {
        hint: 'Try again; if it stays locked, remove the folder spending.jsonl.lock beside it.',
      });
    }
    try {
      return await run(await this.read());
    } finally {
      await release();
    }
  }

  private async read(): Promise<LedgerEvent[]> {
    const text = await readFile(this.file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return '';
      throw error;
    });
    const events: LedgerEvent[] = [];
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      try {
        events.push(JSON.parse(line) as LedgerEvent);
      } catch {
        // A line cut short by a crash: the reservation it began never reached the upstream.
      }
    }
    return events;
  }

  private async append(event: LedgerEvent): Promise<void> {
    await appendFile(this.file, `${JSON.stringify(event)}\n`, { mode: 0o600 });
  }
}

function report(events: readonly LedgerEvent[], policy: SpendingPolicy, now: Date): SpendingReport {
  const day = now.toISOString().slice(0, 10);
  const released = new Set(events.filter((event) => event.kind === 'released').map((event) => event.id));
  const byEndpoint: Record<string, MicroUsd> = {};
  let total = 0n;
  for (const event of events) {
    if (event.kind !== 'reserved' || released.has(event.id) || !event.at.startsWith(day)) continue;
    const amount = BigInt(event.amount);
    total += amount;
    byEndpoint[event.endpoint] = (byEndpoint[event.endpoint] ?? 0n) + amount;
  }
  const remaining = policy.dailyBudget > total ? policy.dailyBudget - total : 0n;
  const settled = new Map(
    events.flatMap((event) => (event.kind === 'settled' ? [[event.id, event] as const] : [])),
  );
  const recent = events
    .flatMap((event): RecentPayment[] => {
      if (event.kind !== 'reserved' || released.has(event.id)) return [];
      const { endpoint, protocol, network, asset } = event;
      const settlement = settled.get(event.id);
      return [
        {
          at: settlement?.at ?? event.at,
          endpoint,
          amount: BigInt(event.amount),
          ...(protocol && network && asset ? { protocol, network, asset } : {}),
          transaction: settlement?.transaction,
        },
      ];
    })
    .sort((a, b) => a.at.localeCompare(b.at))
    .slice(-RECENT_PAYMENTS)
    .reverse();
  return { day, total, remaining, byEndpoint, recent };
}

/** A report as the get_spending tool answers it, for `wallet` paying `upstream`. */
export function spendingOutput(
  report: SpendingReport,
  policy: SpendingPolicy,
  payer: { wallet: string; upstream: string },
): SpendingOutput {
  return {
    mode: 'remote',
    ...payer,
    day: report.day,
    spent_today_usd: formatUsd(report.total),
    remaining_today_usd: formatUsd(report.remaining),
    daily_budget_usd: formatUsd(policy.dailyBudget),
    max_per_call_usd: formatUsd(policy.maxPerCall),
    by_endpoint: Object.entries(report.byEndpoint)
      .sort(([, a], [, b]) => (a === b ? 0 : a > b ? -1 : 1))
      .map(([endpoint, amount]) => ({ endpoint, spent_usd: formatUsd(amount) })),
    // A payment recorded without its method counts in the totals but is not listed.
    recent: report.recent.flatMap(({ at, endpoint, amount, transaction, protocol, network, asset }) =>
      protocol === undefined || network === undefined || asset === undefined
        ? []
        : [
            {
              at,
              endpoint,
              price_usd: formatUsd(amount),
              protocol,
              network,
              asset,
              status: transaction === undefined ? ('unconfirmed' as const) : ('settled' as const),
              reference: transaction ?? null,
            },
          ],
    ),
  };
}

/** Micro-USD as dollars: 1000n is "0.001", 500000n is "0.50". */
export function formatUsd(amount: MicroUsd): string {
  const whole = amount / 1_000_000n;
  const fraction = (amount % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '').padEnd(2, '0');
  return `${whole}.${fraction}`;
}
