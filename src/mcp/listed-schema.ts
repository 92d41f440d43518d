import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import { portableJsonSchema } from './portable-schema.js';

type JsonSchema = { [key: string]: unknown };

/** The bounds zod writes on every `z.int()`: JavaScript's safe integers, which say nothing to a client. */
const SAFE_INTEGER_BOUNDS: JsonSchema = {
  minimum: Number.MIN_SAFE_INTEGER,
  maximum: Number.MAX_SAFE_INTEGER,
};

/** What the server guarantees of its own answers, which a client never has to check. */
const OUTPUT_CONSTRAINTS = new Set([
  'pattern',
  'format',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
]);

/**
 * A listed schema as small as it can be while accepting the same input: every client sends the
 * tool list to its model at the start of each conversation, so each byte here is paid there
 * (31 tools were 63 KB before this, about 15,700 tokens). Dropped: `$schema` (MCP's default
 * dialect is the one zod writes), the safe-integer bounds of every integer, and the 400-character
 * pattern zod writes beside `format: date-time`. An output schema keeps what a client checks an
 * answer against: each field's name, type, `required` and enum values; the prose (kept in the zod
 * schemas of src/schemas) and the server's own constraints would cost every conversation 5.5 KB
 * for answers whose field names say what they hold.
 */
function leanJsonSchema(schema: JsonSchema, role: 'input' | 'output'): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema') continue;
    if (key in SAFE_INTEGER_BOUNDS && value === SAFE_INTEGER_BOUNDS[key]) continue;
    if (key === 'pattern' && schema.format === 'date-time') continue;
    if (role === 'output') {
      if (OUTPUT_CONSTRAINTS.has(key)) continue;
      if (key === 'additionalProperties' && value === false) continue;
      if (key === 'description') continue;
    }
    out[key] = leanValue(key, value, role);
  }
  return out;
}

function leanValue(key: string, value: unknown, role: 'input' | 'output'): unknown {
  if (key === 'properties' && isObject(value))
    return Object.fromEntries(Object.entries(value).map(([name, child]) => [name, leanChild(child, role)]));
  if (key === 'enum' || key === 'required' || key === 'default') return value;
  if (Array.isArray(value)) return value.map((child) => leanChild(child, role));
  return leanChild(value, role);
}

const leanChild = (child: unknown, role: 'input' | 'output') =>
  isObject(child) ? leanJsonSchema(child, role) : child;

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A zod schema as the MCP server lists it: validated by zod, as everywhere else (so the errors
 * name the field), and described by the lean, portable form of zod's JSON Schema.
 */
export function listedSchema<Schema extends z.ZodType>(
  schema: Schema,
  role: 'input' | 'output',
): StandardSchemaWithJSON {
  const standard = schema['~standard'] as unknown as StandardSchemaWithJSON['~standard'];
  const describe = (json: JsonSchema) => leanJsonSchema(portableJsonSchema(json), role);
  return {
    '~standard': {
      ...standard,
      validate: standard.validate,
      jsonSchema: {
        input: (options) => describe(standard.jsonSchema.input(options)),
        output: (options) => describe(standard.jsonSchema.output(options)),
      },
    },
  } as StandardSchemaWithJSON;
}
