import { type Client, ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import fc from 'fast-check';
import { resources } from '../../resources/index.js';
import { HOSTILE_IDS, PROMPT_INJECTIONS } from './hostile-text.js';
import type { CaseOutcome, FuzzTarget } from './run-fuzz.js';
import { SEEDED } from './tool-fuzz.js';

/** One resource read: the resource it aims at and the URI sent. */
export type ResourceRead = { resource: string; uri: string };

/**
 * What goes in place of a template variable, as sent: well-formed escapes of seeded and hostile
 * ids, escapes that decode to NUL or to no text at all, malformed escapes, raw characters a URI
 * should not hold, separators that change the path, and ids far past the length limit.
 */
const SEGMENTS: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...SEEDED.sessions, ...SEEDED.peers), weight: 2 },
  { arbitrary: fc.constantFrom(...HOSTILE_IDS, ...PROMPT_INJECTIONS).map(encodeURIComponent), weight: 3 },
  {
    arbitrary: fc.constantFrom(
      '%00',
      'a%00b',
      'seed%00',
      '%E0%A4%A',
      '%',
      '%zz',
      '%C0%80',
      '%ED%A0%80',
      '%F0%9F%98',
      '%FF',
      '%25',
      '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '..',
      '.',
      'a/b',
      '',
      '%20',
      "'; DROP TABLE messages;--",
      '\u202Eevil',
      '😀',
      '?x=1',
      '#frag',
      'seed?page=2',
    ),
    weight: 4,
  },
  {
    arbitrary: fc.integer({ min: 257, max: 100_000 }).map((length) => 'x'.repeat(length)),
    weight: 1,
  },
);

/** Reads of every resource in the registry, template variables filled with hostile segments. */
const resourceReadArbitrary: fc.Arbitrary<ResourceRead> = fc.oneof(
  ...resources.map((resource) =>
    'uri' in resource
      ? fc
          .constantFrom('', '/', '?page=2', '#x', '/%00', '/..')
          .map((suffix) => ({ resource: resource.name, uri: `${resource.uri}${suffix}` }))
      : fc.tuple(SEGMENTS, SEGMENTS).map(([first, second]) => {
          let used = 0;
          const uri = resource.template.replace(/\{[^}]+\}/g, () => (used++ === 0 ? first : second));
          return { resource: resource.name, uri };
        }),
  ),
);

/** Database and runtime wording that must never reach a client. */
const RAW_ERROR =
  /invalid byte sequence|syntax error|violates|relation "|column "|duplicate key|pglite|postgres|URI malformed|stack|at [\w.]+ \(/i;

/**
 * Every resource through `client`: a read answers in time with the resource, or with a
 * resource error (not found, invalid params) in words of its own, never a JSON-RPC internal
 * error nor a database's or runtime's message; and the server answers the next read.
 */
export function resourceFuzzTarget(
  label: string,
  client: Client,
  timeoutMs: number,
): FuzzTarget<ResourceRead> {
  return {
    label,
    arbitrary: resourceReadArbitrary,
    operation: (read) => read.resource,
    check: (read) => checkResourceRead(client, read, timeoutMs),
  };
}

async function checkResourceRead(
  client: Client,
  read: ResourceRead,
  timeoutMs: number,
): Promise<CaseOutcome> {
  let failure: unknown;
  try {
    await client.readResource({ uri: read.uri }, { timeout: timeoutMs });
  } catch (error) {
    failure = error;
  }
  if (failure instanceof SdkError && failure.code === SdkErrorCode.RequestTimeout)
    return {
      result: 'hang',
      violations: [{ property: `answers within ${timeoutMs} ms`, detail: failure.message }],
    };
  const alive = await client
    .readResource({ uri: 'memory://sessions' }, { timeout: timeoutMs })
    .then(() => true)
    .catch(() => false);
  const message = failure instanceof Error ? failure.message : String(failure);
  if (!alive)
    return {
      result: 'crash',
      violations: [{ property: 'the server answers the next read', detail: message }],
    };
  if (failure === undefined) return { result: 'accepted', violations: [] };
  if (!(failure instanceof ProtocolError))
    return {
      result: 'crash',
      violations: [{ property: 'a resource error is a JSON-RPC error', detail: message }],
    };
  if (failure.code === -32603)
    return { result: 'server error', violations: [{ property: 'no internal error', detail: message }] };
  if (RAW_ERROR.test(message))
    return { result: 'refused', violations: [{ property: 'no raw database error', detail: message }] };
  return { result: 'refused', violations: [] };
}
