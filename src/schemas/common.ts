import { z } from 'zod';

/**
 * Text Postgres can store: no U+0000 (text and jsonb cannot hold it) and no lone UTF-16
 * surrogate (it has no UTF-8 form). Checked here so the error names the field, instead of
 * failing deep in the database.
 */
const isStorable = (value: string) => !value.includes('\u0000') && value.isWellFormed();
const STORABLE_MESSAGE = 'must not contain the NUL character (U+0000) or a lone UTF-16 surrogate';

/** Whether every string in a JSON value, keys included, is storable. */
function isStorableJson(value: unknown): boolean {
  if (typeof value === 'string') return isStorable(value);
  if (Array.isArray(value)) return value.every(isStorableJson);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).every(([key, item]) => isStorable(key) && isStorableJson(item));
  }
  return true;
}

/** A non-empty identifier of a peer, a session or a message. */
export const Id = z.string().min(1, 'must not be empty').refine(isStorable, STORABLE_MESSAGE);

/** Free text that is stored as given. */
export const StoredText = z.string().refine(isStorable, STORABLE_MESSAGE);

/** Metadata: string keys, values of any JSON type. */
export const Metadata = z.record(z.string(), z.unknown()).refine(isStorableJson, STORABLE_MESSAGE);

/**
 * A time given by the caller: ISO 8601 with a zone, in the range Postgres keeps (years 1 to
 * 9999, offsets within ±15:59).
 */
export const GivenTimestamp = z.iso
  .datetime({ offset: true })
  .refine(
    (value) => Number(value.slice(0, 4)) >= 1 && !/[+-](1[6-9]|2\d):\d\d$/.test(value),
    'must be between year 0001 and 9999 with a UTC offset within ±15:59',
  );

/** A timestamp as the service returns it: ISO 8601 in UTC with milliseconds. */
export const Timestamp = z.string().describe('ISO 8601 timestamp in UTC, e.g. 2026-05-08T13:56:00.000Z');

const Page = z.number().int().min(1).default(1).describe('Page number, starting at 1. Default 1.');
const Size = z.number().int().min(1).max(100).default(50).describe('Items per page, 1 to 100. Default 50.');
const Reverse = z
  .boolean()
  .default(false)
  .describe('Reverse the default ordering (oldest first) to get the newest first. Default false.');

/** The pagination fields every list operation accepts. */
export const PaginationInput = { page: Page, size: Size, reverse: Reverse };

/** The envelope every paginated list answers with. */
export function paginated<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item).describe('The items of this page.'),
    page: z.number().int().describe('The page returned.'),
    size: z.number().int().describe('The page size used.'),
    total: z.number().int().describe('How many items there are over all pages.'),
  });
}

export const Ok = z.object({ ok: z.literal(true).describe('Always true when the operation succeeded.') });
export type Ok = z.infer<typeof Ok>;
