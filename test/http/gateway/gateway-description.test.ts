import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GATEWAY_ROUTES } from '../../../src/http/gateway/gateway-routes.js';
import { formatUsd, priceOfChat, priceOfMessages } from '../../../src/payments/gateway-prices.js';
import { LIMITS } from '../../../src/schemas/limits.js';
import { startTestGateway, type TestGateway } from '../../support/gateway.js';

describe('prices, from the body', () => {
  const messages = (...contents: string[]) => ({
    session: 's',
    messages: contents.map((content) => ({ peer: 'p', content })),
  });
  test.each([
    [['hi'], 1_000n, '0.001'], // floor
    [['x'.repeat(2_000)], 1_000n, '0.001'], // 500 tokens = 0.001: a 2,000-character turn settles at the floor
    [['x'.repeat(2_004)], 1_002n, '0.001002'], // 501 tokens
    [['x'.repeat(3), 'y'.repeat(3)], 1_000n, '0.001'],
    [['x'.repeat(20_000_000)], 5_000_000n, '5'], // ceiling
    [['😀'.repeat(4_000)], 2_000n, '0.002'], // characters are code points, not UTF-16 units
  ])('/messages with %#', (contents, price, usd) => {
    expect(priceOfMessages(messages(...contents))).toBe(price);
    expect(formatUsd(price)).toBe(usd);
  });
  test('/chat by reasoning level', () => {
    expect(
      ['minimal', 'low', 'medium', 'high', 'max'].map((level) =>
        formatUsd(priceOfChat({ reasoning_level: level as 'low' })),
      ),
    ).toEqual(['0.001', '0.01', '0.05', '0.1', '0.5']);
  });
});

type JsonSchema = {
  type?: string;
  enum?: unknown[];
  maxLength?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
};
type Operation = {
  requestBody: { description?: string; content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, { description: string }>;
};

/** Every field of a request schema with its own schema, by dotted name (`messages[].peer`). */
function fieldsOf(schema: JsonSchema, name = ''): [string, JsonSchema][] {
  const fields: [string, JsonSchema][] = name === '' ? [] : [[name, schema]];
  for (const [key, property] of Object.entries(schema.properties ?? {}))
    fields.push(...fieldsOf(property, name === '' ? key : `${name}.${key}`));
  if (schema.items !== undefined) fields.push(...fieldsOf(schema.items, `${name}[]`));
  return fields;
}

const requestSchema = (paths: Record<string, { post: Operation }>, path: string) =>
  paths[`/api/memory${path}`]?.post.requestBody.content['application/json'].schema ?? {};

describe('the gateway describes itself and refuses bad bodies', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startTestGateway();
  });
  afterAll(async () => gateway?.close());
  const post = (path: string, body: string) =>
    fetch(`${gateway.url}/api/memory${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });

  test('/openapi.json: OpenAPI 3.1, version 1.0.0, a path per route of the table, SIWX security, x-payment-info on the paid two', async () => {
    const document = (await (await fetch(`${gateway.url}/openapi.json`)).json()) as {
      openapi: string;
      info: { version: string };
      paths: Record<string, { post: Record<string, unknown> }>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.0.0');
    expect(Object.keys(document.paths).sort()).toEqual(
      GATEWAY_ROUTES.map((route) => `/api/memory${route.path}`).sort(),
    );
    expect(document.components.securitySchemes.siwx).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'header', name: 'SIGN-IN-WITH-X' }),
    );
    const paid = Object.entries(document.paths)
      .filter(([, item]) => 'x-payment-info' in item.post)
      .map(([path]) => path);
    expect(paid.sort()).toEqual(['/api/memory/chat', '/api/memory/messages']);
    expect(document.paths['/api/memory/sessions']?.post.security).toEqual([{ siwx: [] }]);
    expect(document.paths['/api/memory/messages']?.post).toHaveProperty(['responses', '402']);
    expect(document.paths['/api/memory/messages']?.post).toHaveProperty(
      ['x-payment-info', 'protocols', 0, 'protocol'],
      'x402',
    );
    const paidResponses = document.paths['/api/memory/messages']?.post.responses as Record<
      string,
      { headers?: Record<string, unknown> }
    >;
    expect(Object.keys(paidResponses['402']?.headers ?? {})).toEqual([
      'PAYMENT-REQUIRED',
      'WWW-Authenticate',
    ]);
    expect(Object.keys(paidResponses['200']?.headers ?? {})).toEqual([
      'PAYMENT-RESPONSE',
      'X-PAYMENT-RESPONSE',
      'Payment-Receipt',
    ]);
    expect(document.paths['/api/memory/chat']?.post).toHaveProperty(['x-payment-info', 'protocols', 1], {
      protocol: 'mpp',
      method: 'tempo',
      intent: 'charge',
      chainId: gateway.devnet.tempo.chainId,
      currency: gateway.devnet.tempo.currency.address,
      recipient: gateway.devnet.payee.address,
    });
  });

  test('/openapi.json bounds every input from LIMITS, and gives each endpoint its body limit and 413', async () => {
    const document = (await (await fetch(`${gateway.url}/openapi.json`)).json()) as {
      info: { description: string };
      paths: Record<string, { post: Operation }>;
    };
    const bounds = new Set<number>(Object.values(LIMITS));
    const ids = new Set(['session', 'peer', 'target', 'peer_perspective', 'peer_target', 'peers[]']);
    for (const [path, { post }] of Object.entries(document.paths)) {
      expect(post.requestBody.description, path).toContain(String(LIMITS.requestBodyBytes));
      expect(post.responses['413']?.description, path).toContain(String(LIMITS.requestBodyBytes));
      for (const [field, schema] of fieldsOf(post.requestBody.content['application/json'].schema)) {
        const where = `${path} ${field}`;
        if (schema.type === 'string' && schema.enum === undefined) {
          expect(bounds, where).toContain(schema.maxLength);
          if (ids.has(field.replace(/^.*\./, ''))) expect(schema.maxLength, where).toBe(LIMITS.idChars);
        }
        if (schema.type === 'array') expect(bounds, where).toContain(schema.maxItems);
      }
    }
    expect(fieldsOf(requestSchema(document.paths, '/messages'))).toContainEqual([
      'messages[].content',
      expect.objectContaining({ maxLength: LIMITS.messageChars }),
    ]);
    // Bounds a JSON schema cannot state (metadata's size and depth) are in the description.
    const limits = document.info.description.slice(document.info.description.indexOf('Limits:'));
    for (const [name, value] of Object.entries(LIMITS)) expect(limits, name).toContain(String(value));
  });

  test('/llms.txt tells an agent how to sign in, pay and what it costs', async () => {
    const text = await (await fetch(`${gateway.url}/llms.txt`)).text();
    for (const needle of [
      'SIGN-IN-WITH-X',
      'PAYMENT-SIGNATURE',
      'X-PAYMENT',
      'Authorization: Payment',
      'Payment-Receipt',
      '/messages',
      '/chat',
      'minimal 0.001',
      '/sessions/summaries',
      '413',
    ]) {
      expect(text).toContain(needle);
    }
    const limits = text.slice(text.indexOf('## Limits'), text.indexOf('## Errors'));
    for (const [name, value] of Object.entries(LIMITS)) expect(limits, name).toContain(String(value));
  });

  test.each([
    ['/messages', '{"session":"s","messages":[]}', 'messages'],
    ['/chat', '{"peer":"p","query":"q","reasoning_level":"extreme"}', 'reasoning_level'],
    ['/search', '{"query":"q","limit":101}', 'limit'],
    ['/sessions', '{"page":0}', 'page'],
    ['/card/set', '{"peer":"p","card":[""]}', 'card.0'],
    ['/context', '{"session":"s","tokens":0}', 'tokens'],
  ])('%s with %s: 400 naming %s', async (path, body, field) => {
    const response = await post(path, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_input', field } });
  });

  test('an unknown field, malformed JSON and an unknown path get the same error shape', async () => {
    expect(await (await post('/peers', '{"workspace":"someone-else"}')).json()).toMatchObject({
      error: { code: 'invalid_input', message: expect.stringContaining('"workspace"') },
    });
    const malformed = await post('/sessions', '{');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: { code: 'invalid_input' } });
    // The spec's card holds at least one entry; an empty one, which the card tool takes to clear, is refused here.
    const empty = await post('/card/set', '{"peer":"alice","card":[]}');
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: { code: 'invalid_input', field: 'card' } });
    const missing = await post('/nothing', '{}');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});
