import { GivenTimestamp } from '../../schemas/common.js';

/**
 * The instant in ISO 8601, or null when it lies outside the times the service accepts (years 1
 * to 9999 UTC): a date learned from a message is stored as a timestamp, and one the database
 * refuses ("0000-12-31", a day before year 1) would fail everything learned with it.
 */
export function storableTime(date: Date): string | null {
  if (Number.isNaN(date.getTime())) return null;
  const at = date.toISOString();
  return GivenTimestamp.safeParse(at).success ? at : null;
}
