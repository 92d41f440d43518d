import { type LookupAddress, type LookupOptions, lookup } from 'node:dns';
import { lookup as lookupAll } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Ranges a webhook is never sent to unless allowed, each with what it is called in a refusal. */
const RANGES: readonly [name: string, subnets: readonly (readonly [string, number])[]][] = [
  [
    'a loopback address',
    [
      ['127.0.0.0', 8],
      ['::1', 128],
    ],
  ],
  [
    'a private address',
    [
      ['10.0.0.0', 8],
      ['172.16.0.0', 12],
      ['192.168.0.0', 16],
      ['100.64.0.0', 10],
      ['fc00::', 7],
      ['fec0::', 10],
    ],
  ],
  [
    'a link-local address',
    [
      ['169.254.0.0', 16],
      ['fe80::', 10],
    ],
  ],
  [
    'an unspecified, multicast or reserved address',
    [
      ['0.0.0.0', 8],
      ['192.0.0.0', 24],
      ['192.0.2.0', 24],
      ['198.18.0.0', 15],
      ['198.51.100.0', 24],
      ['203.0.113.0', 24],
      ['224.0.0.0', 4],
      ['240.0.0.0', 4],
      ['::', 128],
      ['100::', 64],
      ['2001:db8::', 32],
      ['ff00::', 8],
      // IPv6 forms that carry an IPv4 address (NAT64, 6to4, Teredo) could reach a private one.
      ['64:ff9b::', 96],
      ['2002::', 16],
      ['2001::', 32],
    ],
  ],
];

const BLOCKS = RANGES.map(([name, subnets]) => {
  const block = new BlockList();
  for (const [network, prefix] of subnets)
    block.addSubnet(network, prefix, isIP(network) === 6 ? 'ipv6' : 'ipv4');
  return { name, block };
});

/**
 * What kind of address a webhook may not be sent to this is (`"a loopback address"`), or
 * undefined for a public one. IPv4-mapped IPv6 addresses are judged as the IPv4 they carry.
 */
export function refusedAddressKind(address: string): string | undefined {
  const family = isIP(address);
  if (family === 0) return 'not an IP address';
  return BLOCKS.find(({ block }) => block.check(address, family === 6 ? 'ipv6' : 'ipv4'))?.name;
}

export type WebhookUrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

/**
 * Whether webhooks may be sent to `raw`: an absolute http(s) URL whose host resolves, and, unless
 * `allowPrivate`, only to public addresses (every address is checked: a name with one private
 * address among public ones is refused). The reason is a phrase for `url: <reason>`.
 */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<WebhookUrlCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'must be an absolute http or https URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, reason: `must be an http or https URL, not ${url.protocol.slice(0, -1)}` };
  if (allowPrivate) return { ok: true, url };
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookupAll(host, { all: true })).map((found) => found.address);
  } catch {
    return { ok: false, reason: `its host ${host} does not resolve` };
  }
  for (const address of addresses) {
    const kind = refusedAddressKind(address);
    if (kind !== undefined)
      return {
        ok: false,
        reason: `its host ${host} is ${kind} (${address}); webhooks go to public addresses only unless PEERMEM_WEBHOOK_ALLOW_PRIVATE is on`,
      };
  }
  return { ok: true, url };
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for the HTTP client that refuses a name resolving to an address `refusedAddressKind`
 * names: the connection goes to the very addresses checked, so a name that resolved to a public
 * address when the endpoint was created cannot be pointed at an internal one later.
 */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  const family = typeof options.family === 'number' ? { family: options.family } : {};
  lookup(hostname, { all: true, ...family }, (error, found) => {
    if (error) return callback(error, []);
    const refused = found.find((entry) => refusedAddressKind(entry.address) !== undefined);
    if (refused)
      return callback(
        Object.assign(new Error(`${hostname} resolves to ${refusedAddressKind(refused.address)}`), {
          code: 'EWEBHOOKADDRESS',
        }),
        [],
      );
    if (options.all) return callback(null, found);
    const [first] = found;
    if (!first)
      return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
    callback(null, first.address, first.family);
  });
}
