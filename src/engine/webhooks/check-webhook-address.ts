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
      // IPv6 forms that carry an IPv4 address could reach a private one; those that carry a
      // refused IPv4 are named by it (embeddedIpv4), and these, deprecated or translated through
      // a gateway, are refused whatever they carry: IPv4-compatible, SIIT-translated, NAT64
      // (well-known and local-use), 6to4, Teredo.
      ['::', 96],
      ['::ffff:0:0:0', 96],
      ['64:ff9b::', 96],
      ['64:ff9b:1::', 48],
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
 * undefined for a public one. An IPv6 address that carries an IPv4 one (`::ffff:127.0.0.1`,
 * `::127.0.0.1`, `64:ff9b::10.0.0.1`, `2002:7f00:1::`) is refused as the IPv4 it carries.
 */
export function refusedAddressKind(address: string): string | undefined {
  const family = isIP(address);
  if (family === 0) return 'not an IP address';
  if (family === 6) {
    const carried = embeddedIpv4(address);
    const kind = carried === undefined ? undefined : refusedAddressKind(carried);
    if (kind !== undefined) return kind;
  }
  return BLOCKS.find(({ block }) => block.check(address, family === 6 ? 'ipv6' : 'ipv4'))?.name;
}

/**
 * The IPv4 address an IPv6 address carries, in the forms that reach it: IPv4-mapped
 * (::ffff:0:0/96), IPv4-compatible (::/96 but :: and ::1), SIIT-translated (::ffff:0:0:0/96),
 * NAT64 (64:ff9b::/96, and the last 32 bits under 64:ff9b:1::/48), 6to4 (2002::/16, bits 16 to
 * 47), Teredo (2001::/32, the client's address inverted in the last 32 bits), and ISATAP
 * (interface id 0:5efe or 200:5efe, under any prefix).
 */
function embeddedIpv4(address: string): string | undefined {
  const bytes = ipv6Bytes(address);
  if (bytes === undefined) return undefined;
  const word = (index: number) => ((bytes[index] ?? 0) << 8) | (bytes[index + 1] ?? 0);
  const zero = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  const ipv4 = (from: number, invert = false) =>
    bytes
      .slice(from, from + 4)
      .map((byte) => (invert ? byte ^ 0xff : byte))
      .join('.');
  const mapped = zero(0, 10) && word(10) === 0xffff;
  const compatible = zero(0, 12) && !zero(12, 15);
  const translated = zero(0, 8) && word(8) === 0xffff && word(10) === 0;
  const nat64 = word(0) === 0x64 && word(2) === 0xff9b && (word(4) === 1 || zero(4, 12));
  const isatap = (word(8) & 0xfdff) === 0 && word(10) === 0x5efe;
  if (mapped || compatible || translated || nat64 || isatap) return ipv4(12);
  if (word(0) === 0x2002) return ipv4(2);
  if (word(0) === 0x2001 && word(2) === 0) return ipv4(12, true);
  return undefined;
}

/** The 16 bytes of an IPv6 address in any textual form (`::`, a dotted IPv4 tail, a zone). */
function ipv6Bytes(address: string): number[] | undefined {
  const text = address.replace(/%.*$/, '');
  if (isIP(text) !== 6) return undefined;
  const [head = '', tail] = text.split('::');
  const groups = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const words = [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
  return words.flatMap((value) => [value >> 8, value & 0xff]);
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
