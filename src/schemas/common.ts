import { z } from 'zod';

/**
 * Postgres text and jsonb cannot hold U+0000, so a value carrying one would fail deep in the
 * database; rejecting it here names the field instead.
 */
const hasNoNul = (value: string) => !value.includes('\u0000');
const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';

/** A non-empty identifier of a peer, a session or a message. */
export const Id = z.string().min(1, 'must not be empty').refine(hasNoNul, NUL_MESSAGE);

/** Free text that is stored as given. */
export const StoredText = z.string().refine(hasNoNul, NUL_MESSAGE);

/** Metadata: string keys, values of any JSON type. */
export const Metadata = z
  .record(z.string(), z.unknown())
  .refine((value) => !JSON.stringify(value).includes('\\u0000'), NUL_MESSAGE);

/** A timestamp as the service returns it: ISO 8601 in UTC with milliseconds. */
export const Timestamp = z.string().describe('ISO 8601 timestamp in UTC, e.g. 2026-05-08T13:56:00.000Z');

const Page = z.number().int().min(1).default(1).describe('Page number, starting at 1. Default 1.');
const Size = z
  .number()
  .int()
  .min(1)
  .max(100)
  .default(50)
  .describe('Items per page, 1 to 100. Default 50.');
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
