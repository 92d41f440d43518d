import fc from 'fast-check';
import { z } from 'zod';
import { LIMITS } from '../../src/schemas/limits.js';
import {
  HOSTILE_IDS,
  headerGarbage,
  legalId,
  legalText,
  PROMPT_INJECTIONS,
  repeatedText,
  tooLongText,
  unstorableText,
} from './hostile-text.js';

/** The part of JSON Schema that zod writes for the tool and gateway inputs. */
export type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  enum?: unknown[];
  format?: string;
  pattern?: string;
};

/** The input schema of a tool or an endpoint, as a client reads it (defaults make fields optional). */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Arguments to send, and the top-level fields that were made invalid (none: all valid). */
export type ArgumentCase = { args: Record<string, unknown>; broken: readonly string[] };

/** Ids the fuzzed memory is seeded with, so that valid calls reach stored data. */
export type KnownIds = { sessions: readonly string[]; peers: readonly string[] };

/** Keys no schema has, some of them meaningful to JavaScript or SQL. */
// No `__proto__`: the MCP SDK's own parsing of the request drops that key before a tool sees it;
// the gateway gets it in a raw body (see malformedBody).
const UNKNOWN_KEYS = ['sesion', 'constructor', 'toString', "'; DROP TABLE messages;--", 'x'.repeat(300)];

/**
 * At most this many nested levels in metadata a generator builds on purpose: 125 times the limit,
 * and shallow enough for JSON.stringify, which overflows Node's stack at about 4,000 levels of
 * objects when called from deep within fast-check's generators.
 */
const DEEPEST = 2000;

const isMetadata = (schema: JsonSchema) =>
  schema.type === 'object' &&
  schema.properties === undefined &&
  typeof schema.additionalProperties === 'object';
const isId = (schema: JsonSchema) => schema.type === 'string' && schema.maxLength === LIMITS.idChars;

/** An object with these own properties, `__proto__` included as a plain key (as JSON.parse makes it). */
export function ownObject(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries)
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  return object;
}

/**
 * Arguments for an object schema: about two in five cases entirely valid (with hostile but legal
 * text), the others with one or two fields made invalid (wrong type, out of range, too long,
 * unstorable, missing, too deep) or an unknown field added.
 */
export function argumentCase(schema: JsonSchema, ids: KnownIds): fc.Arbitrary<ArgumentCase> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const slots = [...properties.map(([name]) => name), '+unknown'];
  const valid = (name: string, property: JsonSchema) =>
    required.has(name)
      ? validValue(property, name, ids).map((value) => [[name, value]] as [string, unknown][])
      : fc.option(
          validValue(property, name, ids).map((value) => [[name, value]] as [string, unknown][]),
          { nil: [] as [string, unknown][], freq: 2 },
        );
  const broken = (name: string, property: JsonSchema) =>
    fc.oneof(
      { arbitrary: invalidValue(property, name, ids).map((value) => [[name, value]]), weight: 8 },
      ...(required.has(name)
        ? [{ arbitrary: fc.constant([] as [string, unknown][]), weight: 1 }]
        : [{ arbitrary: fc.constant([[name, null]] as [string, unknown][]), weight: 1 }]),
    );
  const build = (toBreak: readonly string[]) =>
    fc
      .tuple(
        ...properties.map(([name, property]) =>
          toBreak.includes(name) ? broken(name, property) : valid(name, property),
        ),
        toBreak.includes('+unknown')
          ? fc.tuple(fc.constantFrom(...UNKNOWN_KEYS), validValue({ type: 'string' }, 'unknown', ids))
          : fc.constant(undefined),
      )
      .map((parts) => {
        // fast-check keeps the generated tuple for shrinking: read it, never change it.
        const unknown = parts.at(-1) as [string, unknown] | undefined;
        const entries = (parts.slice(0, -1) as [string, unknown][][]).flat();
        if (unknown !== undefined) entries.push(unknown);
        return {
          args: ownObject(entries),
          broken: toBreak.map((slot) => (slot === '+unknown' ? (unknown?.[0] ?? slot) : slot)),
        };
      });
  return fc.oneof(
    { arbitrary: build([]), weight: 2 },
    {
      arbitrary: fc.subarray(slots, { minLength: 1, maxLength: Math.min(2, slots.length) }).chain(build),
      weight: 3,
    },
  );
}

/** A value the schema accepts. `small` keeps strings and arrays short (for huge arrays of it). */
function validValue(schema: JsonSchema, name: string, ids: KnownIds, small = false): fc.Arbitrary<unknown> {
  if (schema.enum !== undefined) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string': {
      if (schema.format === 'date-time') return validTimestamp;
      const min = schema.minLength ?? 0;
      if (isId(schema)) return legalId(name.includes('session') ? ids.sessions : ids.peers, min);
      // A string of a pattern (an idempotency key: printable ASCII without spaces) is valid only
      // when it matches it.
      if (schema.pattern !== undefined) {
        const max = schema.maxLength ?? 1000;
        return fc
          .stringMatching(new RegExp(schema.pattern))
          .filter((text) => text.length >= min && text.length <= max);
      }
      return legalText(min, Math.min(schema.maxLength ?? 1000, small ? 40 : Number.POSITIVE_INFINITY));
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1;
      const max = Math.min(schema.maximum ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
      return fc.oneof(
        fc.constantFrom(min, max),
        fc.integer({ min, max: Math.min(max, min + 200) }),
        fc.integer({ min, max }),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const item = validValue(schema.items ?? {}, name, ids, small);
      const min = schema.minItems ?? 0;
      const max = schema.maxItems ?? 10;
      return fc.oneof(
        {
          arbitrary: fc.array(item, { minLength: min, maxLength: Math.max(min, Math.min(max, 3)) }),
          weight: 5,
        },
        // The most a call may hold, of short items so the case stays small.
        {
          arbitrary: validValue(schema.items ?? {}, name, ids, true).map((one) =>
            Array.from({ length: max }, () => one),
          ),
          weight: 1,
        },
      );
    }
    case 'object':
      if (isMetadata(schema)) return small ? smallMetadata : validMetadata;
      return validObject(schema, ids, small);
    default:
      return jsonLeaf;
  }
}

function validObject(
  schema: JsonSchema,
  ids: KnownIds,
  small: boolean,
): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const value = validValue(property, name, ids, small).map((v) => [[name, v]] as [string, unknown][]);
    return required.has(name) ? value : fc.option(value, { nil: [] as [string, unknown][], freq: 2 });
  });
  return fc.tuple(...entries).map((parts) => ownObject(parts.flat()));
}

/** A value the schema refuses: the wrong type, out of range, too long, too many, unstorable, too deep. */
function invalidValue(schema: JsonSchema, name: string, ids: KnownIds): fc.Arbitrary<unknown> {
  const wrong = wrongType(schema.type);
  switch (schema.enum === undefined ? schema.type : 'enum') {
    case 'enum':
      return fc.oneof(fc.constantFrom('MAX', '', ' low', 'минимальный', "'; DROP TABLE messages;--"), wrong);
    case 'string': {
      const max = schema.maxLength ?? LIMITS.messageChars;
      const options: fc.Arbitrary<unknown>[] = [wrong, tooLongText(max), unstorableText(max)];
      if ((schema.minLength ?? 0) > 0) options.push(fc.constant(''));
      if (schema.format === 'date-time') options.push(invalidTimestamp, invalidTimestamp);
      return fc.oneof(...options);
    }
    case 'integer':
    case 'number':
      return fc.oneof(outOfRange(schema), outOfRange(schema), wrong);
    case 'boolean':
      return fc.oneof(fc.constantFrom('yes', 'true', 1, 0), wrong);
    case 'array':
      return invalidArray(schema, name, ids);
    case 'object':
      if (isMetadata(schema)) return invalidMetadata;
      return invalidObject(schema, ids);
    default:
      return wrong;
  }
}

/** Numbers outside `schema`'s range, fractions where integers go, and numbers spelled as strings. */
function outOfRange(schema: JsonSchema): fc.Arbitrary<unknown> {
  const below = schema.minimum !== undefined ? schema.minimum - 1 : (schema.exclusiveMinimum ?? 0);
  const values: unknown[] = [
    below,
    -1,
    -(2 ** 53),
    -1e308,
    1e308,
    Number.MAX_VALUE,
    2 ** 53,
    1.5,
    1e-9,
    'NaN',
    'Infinity',
    '1e999',
    '10',
  ];
  if (schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER)
    values.push(schema.maximum + 1);
  const inRange = (value: unknown) =>
    typeof value === 'number' &&
    Number.isSafeInteger(value) &&
    value >= (schema.minimum ?? (schema.exclusiveMinimum ?? Number.NEGATIVE_INFINITY) + 1) &&
    value <= (schema.maximum ?? Number.MAX_SAFE_INTEGER);
  return fc.oneof(
    fc.constantFrom(...values.filter((value) => !inRange(value))),
    fc.double({ noNaN: true, noDefaultInfinity: true }).filter((value) => !Number.isInteger(value)),
  );
}

function invalidArray(schema: JsonSchema, name: string, ids: KnownIds): fc.Arbitrary<unknown> {
  const item = schema.items ?? {};
  const max = schema.maxItems ?? 100;
  const options: fc.Arbitrary<unknown>[] = [
    wrongType('array'),
    // Too many items, each one valid and short: only the count is wrong.
    fc
      .tuple(
        validValue(item, name, ids, true),
        fc.oneof(fc.constant(max + 1), fc.integer({ min: max + 1, max: 5000 })),
      )
      .map(([one, length]) => Array.from({ length }, () => one)),
    // One invalid item among valid ones.
    fc
      .tuple(
        fc.array(validValue(item, name, ids, true), { maxLength: 3 }),
        invalidValue(item, name, ids),
        fc.nat(),
      )
      .map(([items, bad, at]) => items.toSpliced(at % (items.length + 1), 0, bad)),
  ];
  if ((schema.minItems ?? 0) > 0) options.push(fc.constant([]));
  return fc.oneof(...options);
}

function invalidObject(schema: JsonSchema, ids: KnownIds): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const required = schema.required ?? [];
  const options: fc.Arbitrary<unknown>[] = [
    wrongType('object'),
    fc
      .tuple(validObject(schema, ids, true), fc.constantFrom(...UNKNOWN_KEYS))
      .map(([object, key]) => ownObject([...Object.entries(object), [key, 'unexpected']])),
  ];
  if (properties.length > 0)
    options.push(
      fc
        .tuple(validObject(schema, ids, true), fc.constantFrom(...properties))
        .chain(([object, [name, property]]) =>
          invalidValue(property, name, ids).map((bad) => ownObject([...Object.entries(object), [name, bad]])),
        ),
    );
  if (required.length > 0)
    options.push(
      fc
        .tuple(validObject(schema, ids, true), fc.constantFrom(...required))
        .map(([object, missing]) => ownObject(Object.entries(object).filter(([key]) => key !== missing))),
    );
  return fc.oneof(...options);
}

/** A JSON value of another type than `type`. */
function wrongType(type: string | undefined): fc.Arbitrary<unknown> {
  const all: Record<string, fc.Arbitrary<unknown>> = {
    string: fc.constantFrom('42', "'; DROP TABLE messages;--", ''),
    integer: fc.constantFrom(42, -1, 0),
    number: fc.constantFrom(42.5, -0.5),
    boolean: fc.boolean(),
    null: fc.constant(null),
    array: fc.constantFrom([], ['seed'], [[]], [null]),
    object: fc.constantFrom({}, { session: 'seed' }, ownObject([['__proto__', { admin: true }]])),
  };
  const others = Object.entries(all)
    .filter(([kind]) => kind !== type && !(type === 'number' && kind === 'integer'))
    .map(([, arbitrary]) => arbitrary);
  return fc.oneof(...others);
}

const EARLIEST = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

const validTimestamp: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: EARLIEST, max: LATEST }).map((ms) => new Date(ms).toISOString()),
  fc.constantFrom(
    '2026-05-08T15:56:00+02:00',
    '2026-05-08T13:56:00Z',
    '0001-01-01T00:00:00Z',
    '9999-12-31T23:59:59.999Z',
  ),
);

const invalidTimestamp: fc.Arbitrary<string> = fc.constantFrom(
  'yesterday',
  '2026-05-08',
  '2026-05-08T13:56:00',
  '2026-13-01T00:00:00Z',
  '2026-02-30T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59-01:00',
  '+275760-09-13T00:00:00Z',
  "2026-05-08T13:56:00Z'; DROP TABLE messages;--",
);

const jsonLeaf: fc.Arbitrary<unknown> = fc.oneof(
  legalText(0, 40),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);

const metadataKey = fc.oneof(
  fc.constantFrom(...HOSTILE_IDS.slice(0, 12), ...PROMPT_INJECTIONS.slice(0, 1), ''),
  fc.string({ maxLength: 12 }),
);

/** Nested `levels` deep: the innermost object or array sits at that depth. */
function nested(levels: number, leaf: unknown, inArrays: boolean): Record<string, unknown> {
  let value: unknown = leaf;
  for (let level = 1; level < levels; level++) value = inArrays ? [value] : { deeper: value };
  return { deeper: value };
}

/** A few short keys and values: metadata for items repeated many times. */
const smallMetadata: fc.Arbitrary<Record<string, unknown>> = fc
  .dictionary(metadataKey, jsonLeaf, { maxKeys: 3 })
  .map((entries) => ownObject(Object.entries(entries)));

/** Metadata within every bound: a few keys, at most `LIMITS.metadataDepth` deep, up to the size limit. */
const validMetadata: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  smallMetadata,
  fc
    .dictionary(
      metadataKey,
      fc.oneof(
        jsonLeaf,
        fc.array(jsonLeaf, { maxLength: 3 }),
        fc.dictionary(metadataKey, jsonLeaf, { maxKeys: 3 }),
      ),
      {
        maxKeys: 5,
      },
    )
    .map((entries) => ownObject(Object.entries(entries))),
  fc
    .tuple(fc.integer({ min: 1, max: LIMITS.metadataDepth }), fc.boolean(), legalText(1, 40))
    .map(([levels, inArrays, leaf]) => nested(levels, leaf, inArrays)),
  fc.constant({ note: repeatedText('m', LIMITS.metadataChars - 20) }),
);

/** Metadata past a bound (too deep, too large), unstorable in a key or a value, or not an object. */
const invalidMetadata: fc.Arbitrary<unknown> = fc.oneof(
  fc
    .tuple(
      fc.oneof(fc.integer({ min: LIMITS.metadataDepth + 4, max: 64 }), fc.integer({ min: 64, max: DEEPEST })),
      fc.boolean(),
    )
    .map(([levels, inArrays]) => nested(levels, 'bottom', inArrays)),
  fc
    .integer({ min: LIMITS.metadataChars + 10, max: 300_000 })
    .map((length) => ({ note: 'm'.repeat(length) })),
  fc
    .tuple(unstorableText(40), fc.boolean())
    .map(([text, inKey]) => (inKey ? ownObject([[text, 1]]) : { note: { list: [text] } })),
  fc.constantFrom([], 'metadata', 42, [{ a: 1 }]),
);

/** Raw request bodies that no endpoint accepts: malformed, truncated, scalar, nested beyond reason, or keys that reach for prototypes. */
export const malformedBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"session":',
    '{"session":"seed",}',
    "{'session':'seed'}",
    '{"session":NaN}',
    '{"size":1e999}',
    'NaN',
    'null',
    '[]',
    '"seed"',
    '42',
    'true',
    '\u0000',
    '\uFEFF{',
    '{"a":"\\ud800"',
    '<?xml version="1.0"?><session>seed</session>',
    'session=seed&peer=ada',
    "'; DROP TABLE messages;--",
    '{"__proto__":{"session":"seed"}}',
    '{"constructor":{"prototype":{"admin":true}}}',
  ),
  fc.integer({ min: 1, max: 100_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.integer({ min: 1, max: 100_000 }).map((depth) => '{"a":'.repeat(depth)),
  headerGarbage,
);
