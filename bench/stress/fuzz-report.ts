import { cpus, platform, release } from 'node:os';
import type { FuzzFailure, FuzzReport } from './run-fuzz.js';

/** Date, machine and node version: counts from a 2-core laptop and a server read differently. */
export function machineLine(date = new Date()): string {
  const cpu = cpus();
  return [
    date.toISOString(),
    `node ${process.version}`,
    `${platform()} ${release()}`,
    cpu[0]?.model.trim() ?? 'unknown CPU',
    `${cpu.length} cores`,
  ].join(' · ');
}

/** One markdown row per target: cases tried, how they ended, and how many broke a property. */
export function formatTally(reports: readonly FuzzReport[]): string {
  const rows = reports.map(({ label, seed, tally, elapsedMs }) =>
    [
      label,
      tally.tried,
      tally.refused,
      tally.accepted,
      tally['server error'],
      tally.hang,
      tally.crash,
      tally.failed,
      seed,
      `${(elapsedMs / 1000).toFixed(1)} s`,
    ].join(' | '),
  );
  return [
    '| target | tried | refused | accepted | 5xx / internal | hangs | crashes | property failures | seed | time |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}

/** Each failure: the property, the operation, the minimal case, what came back, and how to replay it. */
export function formatFailures(label: string, failures: readonly FuzzFailure[]): string {
  return failures
    .map((failure) =>
      [
        `${label}: "${failure.property}" broken by ${failure.operation}`,
        `  case${failure.shrunk ? ' (shrunk)' : ''}: ${describeValue(failure.testCase)}`,
        `  answer: ${failure.detail}`,
        `  replay: seed ${failure.seed}, path "${failure.path}"`,
      ].join('\n'),
    )
    .join('\n');
}

/** Bidi controls and other invisible characters, which would reorder or hide the printed case. */
const INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/**
 * A case as compact JSON: long strings and arrays abbreviated with their length, deep nesting
 * cut, unstorable and invisible characters escaped.
 */
export function describeValue(value: unknown): string {
  const shorten = (item: unknown, depth: number): unknown => {
    if (typeof item === 'string') {
      if (item.length <= 80) return item;
      // Cut between code points, so that no half of an emoji shows as a lone surrogate.
      const points = [...item];
      return `${points.slice(0, 40).join('')}…(${item.length} chars)…${points.slice(-10).join('')}`;
    }
    if (item === null || typeof item !== 'object') return item;
    if (depth > 6) return '…(nested deeper)';
    if (Array.isArray(item)) {
      const shown = item.slice(0, 4).map((child) => shorten(child, depth + 1));
      return item.length > 4 ? [...shown, `…(${item.length} items)`] : shown;
    }
    const entries = Object.entries(item).map(([key, child]) => [
      shorten(key, depth),
      shorten(child, depth + 1),
    ]);
    const shortened: Record<string, unknown> = {};
    for (const [key, child] of entries)
      Object.defineProperty(shortened, String(key), { value: child, enumerable: true });
    return shortened;
  };
  return JSON.stringify(shorten(value, 0)).replace(
    INVISIBLE,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
