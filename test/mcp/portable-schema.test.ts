import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { portableJsonSchema } from '../../src/mcp/portable-schema.js';
import { tools } from '../../tools/index.js';
import { type ConnectedClient, connectClient } from '../support/mcp-targets.js';

type Schema = { [key: string]: unknown };

/**
 * Keywords strict function-calling checkers refuse. Gemini's function declarations take an
 * OpenAPI-style subset (no references, no combinators but anyOf, no conditions, no key schemas);
 * OpenAI's strict mode refuses the same references-free subset's outside keywords.
 */
const REFUSED_KEYWORDS = [
  'propertyNames',
  'patternProperties',
  'unevaluatedProperties',
  'dependentSchemas',
  '$ref',
  '$defs',
  'definitions',
  'oneOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
];

/**
 * What is not portable in one schema node, with its path:
 * - `type` as a list (`["string", "null"]`): Gemini takes one type per schema;
 * - a node naming no type and no `anyOf` of typed branches (`{}`, as zod writes a free-form
 *   value): Gemini requires a type on every property;
 * - `additionalProperties: true` or an untyped `additionalProperties` (a free-form object's values);
 * - any of REFUSED_KEYWORDS.
 */
function portabilityProblems(node: unknown, path: string): string[] {
  if (typeof node !== 'object' || node === null || Array.isArray(node))
    return [`${path}: not a schema object`];
  const schema = node as Schema;
  const problems: string[] = [];
  if (Array.isArray(schema.type)) problems.push(`${path}: type is a list ${JSON.stringify(schema.type)}`);
  if (
    schema.type === undefined &&
    !Array.isArray(schema.anyOf) &&
    schema.const === undefined &&
    schema.enum === undefined
  )
    problems.push(`${path}: names no type`);
  if (schema.additionalProperties === true) problems.push(`${path}: additionalProperties is true`);
  for (const keyword of REFUSED_KEYWORDS) if (keyword in schema) problems.push(`${path}: uses ${keyword}`);
  const children: [string, unknown][] = [];
  if (typeof schema.properties === 'object' && schema.properties !== null)
    for (const [name, child] of Object.entries(schema.properties)) children.push([`${path}.${name}`, child]);
  if (typeof schema.additionalProperties === 'object')
    children.push([`${path}[*]`, schema.additionalProperties]);
  if (schema.items !== undefined) children.push([`${path}[]`, schema.items]);
  if (Array.isArray(schema.anyOf))
    for (const [index, branch] of schema.anyOf.entries()) children.push([`${path}|${index}`, branch]);
  for (const [childPath, child] of children) problems.push(...portabilityProblems(child, childPath));
  return problems;
}

describe('tool schemas as a client sees them', () => {
  let connected: ConnectedClient;
  let listed: { name: string; inputSchema: Schema; outputSchema?: Schema }[];
  beforeAll(async () => {
    connected = await connectClient('in-process', 'pglite');
    listed = (await connected.client.listTools()).tools as typeof listed;
  });
  afterAll(() => connected.close());

  it('pass the strict portability checks, input and output, for every tool', () => {
    expect(listed.map((tool) => tool.name)).toEqual(tools.map((tool) => tool.name));
    const problems = listed.flatMap((tool) => [
      ...portabilityProblems(tool.inputSchema, `${tool.name} input`),
      ...portabilityProblems(tool.outputSchema, `${tool.name} output`),
    ]);
    expect(problems).toEqual([]);
  });

  it('would have caught what zod writes by itself: type lists and free-form metadata', () => {
    const raw = tools.flatMap((tool) => [
      ...portabilityProblems(z.toJSONSchema(tool.inputSchema, { io: 'input' }), `${tool.name} input`),
      ...portabilityProblems(z.toJSONSchema(tool.outputSchema, { io: 'output' }), `${tool.name} output`),
    ]);
    expect(raw.some((problem) => problem.includes('type is a list'))).toBe(true);
    expect(raw.some((problem) => problem.includes('metadata') && problem.includes('propertyNames'))).toBe(
      true,
    );
  });

  it('accept and refuse exactly what the original schemas do', async () => {
    // A draft 2020-12 validator (the dialect MCP names), as a client checking arguments would use.
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const validator = (schema: Schema) => {
      const validate = ajv.compile(schema);
      return async (value: unknown) => validate(value);
    };
    const outcomes = new Set<boolean>();
    const values: unknown[] = [
      null,
      'text',
      42,
      true,
      [],
      [[1, [2]], { a: null }],
      {},
      { note: 'x', nested: { list: [1, 'two', null, { deep: [[]] }] }, flag: false },
      { peer_card: null },
      { peer_card: ['Name: Ada'] },
      { peer_card: 'not a list' },
      { content: null },
      { content: 7 },
    ];
    for (const tool of tools) {
      for (const original of [
        z.toJSONSchema(tool.inputSchema, { io: 'input' }),
        z.toJSONSchema(tool.outputSchema, { io: 'output' }),
      ]) {
        const before = validator(original as Schema);
        const after = validator(portableJsonSchema(original as Schema));
        // Every value at the top and in place of each property, so metadata and nullable fields are reached.
        const properties = Object.keys((original as { properties?: Schema }).properties ?? {});
        for (const value of values) {
          const candidates = [
            value,
            ...properties.map((name) => ({ [name]: value })),
            { session: 's', messages: [{ peer: 'p', content: 'c', metadata: value }] },
            {
              items: [{ id: 'x', metadata: value, created_at: 't', is_active: true }],
              page: 1,
              size: 1,
              total: 1,
            },
          ];
          for (const candidate of candidates) {
            const accepted = await before(candidate);
            outcomes.add(accepted);
            expect(await after(candidate), `${tool.name} ${JSON.stringify(candidate)}`).toBe(accepted);
          }
        }
      }
    }
    // Both kinds of answer occurred: the comparison is not between two validators refusing everything.
    expect([...outcomes].sort()).toEqual([false, true]);
  });
});
