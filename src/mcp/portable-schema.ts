type JsonSchema = { [key: string]: unknown };

/**
 * Any JSON value, each branch typed: the same set of values as the empty schema `{}`, which strict
 * function-calling checkers (Gemini, OpenAI) refuse because it names no type.
 */
const ANY_JSON_VALUE: JsonSchema = {
  anyOf: [
    { type: 'string' },
    { type: 'number' },
    { type: 'boolean' },
    { type: 'null' },
    { type: 'array' },
    { type: 'object' },
  ],
};

/** Keywords whose value is one schema. */
const SCHEMA_KEYWORDS = ['items', 'additionalProperties', 'not', 'contains'] as const;
/** Keywords whose value is a list of schemas. */
const SCHEMA_LIST_KEYWORDS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;

/**
 * Rewrites a JSON Schema into the subset strict checkers accept, describing exactly the same
 * values: a `type` list such as `["string", "null"]` becomes an `anyOf` of one type each,
 * `propertyNames: {type: "string"}` is dropped (JSON keys are always strings), and an untyped
 * schema (`{}`, as zod writes a free-form metadata value) becomes an `anyOf` of every JSON type.
 */
export function portableJsonSchema(schema: JsonSchema): JsonSchema {
  if (Object.keys(schema).filter((key) => key !== 'description').length === 0)
    return { ...ANY_JSON_VALUE, ...schema };
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'propertyNames' && isStringTypeOnly(value)) continue;
    if (key === 'properties' && isObject(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [name, portableChild(child)]),
      );
    } else if ((SCHEMA_KEYWORDS as readonly string[]).includes(key) && isObject(value)) {
      out[key] = portableJsonSchema(value);
    } else if ((SCHEMA_LIST_KEYWORDS as readonly string[]).includes(key) && Array.isArray(value)) {
      out[key] = value.map(portableChild);
    } else {
      out[key] = value;
    }
  }
  if (Array.isArray(out.type)) return splitTypeList(out, out.type as string[]);
  return out;
}

/** `{type: [a, b], ...constraints}` as `{anyOf: [{type: a, ...its constraints}, {type: b, ...}]}`. */
function splitTypeList(schema: JsonSchema, types: string[]): JsonSchema {
  const { type: _types, description, ...constraints } = schema;
  return {
    ...(description === undefined ? {} : { description }),
    anyOf: types.map((type) => (type === 'null' ? { type } : { type, ...constraints })),
  };
}

const portableChild = (child: unknown) => (isObject(child) ? portableJsonSchema(child) : child);

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isStringTypeOnly = (value: unknown) =>
  isObject(value) && value.type === 'string' && Object.keys(value).length === 1;
