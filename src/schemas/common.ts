import { z } from 'zod';
import { LIMITS } from './limits.js';

/**
 * Text Postgres can store: no U+0000 (text and jsonb cannot hold it) and no lone UTF-16
 * surrogate (it has no UTF-8 form). Checked here so the error names the field, instead of
 * failing deep in the database.
 */
const isStorable = (value: string) => !value.includes('\u0000') && value.isWellFormed();
const STORABLE_MESSAGE = 'must not contain the NUL character (U+0000) or a lone UTF-16 surrogate';

/**
 * Why a metadata value is refused, or undefined when it is fine: every string storable, keys
 * included, nested at most `LIMITS.metadataDepth` deep and at most `LIMITS.metadataChars` as JSON.
 * Walked with an explicit stack, so a hostile nesting cannot overflow the call stack.
 */
function metadataProblem(value: Record<string, unknown>): string | undefined {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const item = next.value;
    if (typeof item === 'string') {
      if (!isStorable(item)) return STORABLE_MESSAGE;
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (next.depth > LIMITS.metadataDepth)
      return `must not nest objects or arrays more than ${LIMITS.metadataDepth} deep`;
    for (const [key, child] of Object.entries(item)) {
      if (!Array.isArray(item) && !isStorable(key)) return STORABLE_MESSAGE;
      pending.push({ value: child, depth: next.depth + 1 });
    }
  }
  if (JSON.stringify(value).length > LIMITS.metadataChars)
    return `must be at most ${LIMITS.metadataChars} characters as JSON`;
  return undefined;
}

/** A non-empty identifier of a peer, a session or a message. */
export const Id = z
  .string()
  .min(1, 'must not be empty')
  .max(LIMITS.idChars, `must be at most ${LIMITS.idChars} characters`)
  .refine(isStorable, STORABLE_MESSAGE);

/** Free text that is stored as given, up to `maxChars` characters. */
export const storedText = (maxChars: number) =>
  z.string().max(maxChars, `must be at most ${maxChars} characters`).refine(isStorable, STORABLE_MESSAGE);

/** A search or chat question. */
export const Query = storedText(LIMITS.queryChars).min(1, 'must not be empty');

/** Metadata: string keys, values of any JSON type, bounded in size and depth. */
export const Metadata = z.record(z.string(), z.unknown()).superRefine((value, context) => {
  const problem = metadataProblem(value);
  if (problem !== undefined) context.addIssue({ code: 'custom', message: problem });
});

/** The metadata a change writes: all of it, in place of what was kept. */
export const NewMetadata = Metadata.describe('The whole new metadata, replacing the old.');

/** The input of a change of a peer's or a session's metadata: which one (it must exist), and all of the new. */
export const MetadataChangeInput = <Key extends 'peer' | 'session'>(key: Key) =>
  z.strictObject({
    [key]: Id.describe(`The ${key} whose metadata to replace; it must exist.`),
    metadata: NewMetadata,
  } as Record<Key, typeof Id> & { metadata: typeof NewMetadata });

const EARLIEST = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * A time given by the caller: ISO 8601 with a zone, whose instant lies in years 1 to 9999 UTC, so
 * that it reads back as the same instant in the same four-digit form. Kept to the millisecond.
 */
export const GivenTimestamp = z.iso.datetime({ offset: true }).refine((value) => {
  const instant = Date.parse(value);
  return instant >= EARLIEST && instant <= LATEST;
}, 'must be between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z once converted to UTC');

/** A timestamp as the service returns it: ISO 8601 in UTC with milliseconds. */
export const Timestamp = z.string().describe('ISO 8601 timestamp in UTC, e.g. 2026-05-08T13:56:00.000Z');

const Page = z.number().int().min(1).default(1).describe('Page number, from 1.');
const Size = z.number().int().min(1).max(100).default(50).describe('Items per page.');
const Reverse = z.boolean().default(false).describe('Newest first instead of oldest first.');

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
