import { MemoryError } from '../../service/errors.js';

/** How a filter key is matched: a text column, a timestamp column, or a jsonb column (containment). */
type FilterColumn = { column: string; kind: 'text' | 'time' | 'json' };
export type FilterColumns = Readonly<Record<string, FilterColumn>>;

/** The fields every configurable row (workspace, peer, session) is filtered on, from its alias. */
export const rowFilters = (alias: string): FilterColumns => ({
  id: { column: `${alias}.id`, kind: 'text' },
  metadata: { column: `${alias}.metadata`, kind: 'json' },
  created_at: { column: `${alias}.created_at`, kind: 'time' },
});

const COMPARISONS = { gte: '>=', gt: '>', lte: '<=', lt: '<' } as const;

/**
 * The SQL condition of a platform `filters` object, its values appended to `params` as
 * parameters. Each key names a field: a text field takes a string or `{in: [strings]}`, a time
 * field `{gte, gt, lte, lt}` (ISO 8601), and metadata an object it must contain. Anything else is
 * refused with the key named, never ignored.
 */
export function filterCondition(
  filters: Record<string, unknown> | undefined,
  columns: FilterColumns,
  params: unknown[],
): string {
  const conditions: string[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  for (const [key, value] of Object.entries(filters ?? {})) {
    if (value === undefined) continue;
    const field = columns[key];
    const refuse = (why: string) =>
      new MemoryError('invalid_input', `filters.${key}: ${why}`, {
        field: `filters.${key}`,
        hint: `Filter on ${Object.keys(columns).join(', ')}.`,
      });
    if (field === undefined) throw refuse('is not a field this list can be filtered on');
    if (field.kind === 'json') {
      if (value === null || typeof value !== 'object' || Array.isArray(value))
        throw refuse('must be an object of key-value pairs to match');
      conditions.push(`${field.column} @> ${param(JSON.stringify(value))}::jsonb`);
    } else if (field.kind === 'text') {
      if (typeof value === 'string') conditions.push(`${field.column} = ${param(value)}`);
      else if (isInList(value))
        conditions.push(
          `${field.column} IN (SELECT jsonb_array_elements_text(${param(JSON.stringify(value.in))}::jsonb))`,
        );
      else throw refuse('must be a string or {"in": [strings]}');
    } else {
      if (value === null || typeof value !== 'object' || Array.isArray(value))
        throw refuse('must be an object such as {"gte": "2026-01-01T00:00:00Z"}');
      for (const [operator, bound] of Object.entries(value)) {
        const sql = COMPARISONS[operator as keyof typeof COMPARISONS];
        if (sql === undefined || typeof bound !== 'string' || Number.isNaN(Date.parse(bound)))
          throw refuse('takes gte, gt, lte or lt with an ISO 8601 time');
        conditions.push(`${field.column} ${sql} ${param(new Date(bound).toISOString())}::timestamptz`);
      }
    }
  }
  return conditions.length === 0 ? 'true' : conditions.join(' AND ');
}

function isInList(value: unknown): value is { in: string[] } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const list = (value as { in?: unknown }).in;
  return (
    Object.keys(value).length === 1 &&
    Array.isArray(list) &&
    list.length <= 1000 &&
    list.every((item) => typeof item === 'string')
  );
}
