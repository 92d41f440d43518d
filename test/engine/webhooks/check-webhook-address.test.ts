import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, refusedAddressKind } from '../../../src/engine/webhooks/check-webhook-address.js';

describe('refusedAddressKind', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.255.0.9', 'a loopback address'],
    ['::1', 'a loopback address'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['10.20.30.40', 'a private address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.255', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['100.64.0.1', 'a private address'],
    ['fd12:3456::1', 'a private address'],
    ['169.254.169.254', 'a link-local address'],
    ['fe80::1', 'a link-local address'],
    ['0.0.0.0', 'an unspecified, multicast or reserved address'],
    ['::', 'an unspecified, multicast or reserved address'],
    ['224.0.0.1', 'an unspecified, multicast or reserved address'],
    ['255.255.255.255', 'an unspecified, multicast or reserved address'],
    ['64:ff9b::8.8.8.8', 'an unspecified, multicast or reserved address'],
    ['2002:808:808::1', 'an unspecified, multicast or reserved address'],
    ['::8.8.8.8', 'an unspecified, multicast or reserved address'],
  ])('refuses %s as %s', (address, kind) => {
    expect(refusedAddressKind(address)).toBe(kind);
  });

  // An IPv6 address that carries a refused IPv4 one is refused as that IPv4 address.
  it.each([
    ['::127.0.0.1', 'IPv4-compatible', 'a loopback address'],
    ['::7f00:1', 'IPv4-compatible, as URL parsing writes it', 'a loopback address'],
    ['::a9fe:a9fe', 'IPv4-compatible', 'a link-local address'],
    ['::ffff:10.0.0.1', 'IPv4-mapped', 'a private address'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped, in hex', 'a link-local address'],
    ['::ffff:0:127.0.0.1', 'SIIT-translated', 'a loopback address'],
    ['64:ff9b::a00:1', 'NAT64', 'a private address'],
    ['64:ff9b::169.254.169.254', 'NAT64', 'a link-local address'],
    ['64:ff9b:1::c0a8:101', 'local-use NAT64', 'a private address'],
    ['2002:7f00:1::', '6to4', 'a loopback address'],
    ['2002:a9fe:a9fe::1', '6to4', 'a link-local address'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'Teredo (client 127.0.0.1, inverted)', 'a loopback address'],
    ['2001:db9::5efe:10.0.0.1', 'ISATAP', 'a private address'],
    ['2606:4700::200:5efe:c0a8:101', 'ISATAP, universal interface id', 'a private address'],
    ['fe80::5efe:10.0.0.1%eth0', 'ISATAP, link-local with a zone', 'a private address'],
  ])('refuses %s (%s) as %s', (address, _form, kind) => {
    expect(refusedAddressKind(address)).toBe(kind);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    'lets the public address %s through',
    (address) => {
      expect(refusedAddressKind(address)).toBeUndefined();
    },
  );
});

describe('checkWebhookUrl', () => {
  it('refuses what is not an absolute http(s) URL, whatever the setting', async () => {
    for (const allowPrivate of [false, true]) {
      expect(await checkWebhookUrl('not a url', allowPrivate)).toEqual({
        ok: false,
        reason: 'must be an absolute http or https URL',
      });
      expect(await checkWebhookUrl('ftp://example.com/hook', allowPrivate)).toEqual({
        ok: false,
        reason: 'must be an http or https URL, not ftp',
      });
      expect(await checkWebhookUrl('file:///etc/passwd', allowPrivate)).toMatchObject({ ok: false });
    }
  });

  it('resolves a name and refuses it when an address is loopback, naming the setting that allows it', async () => {
    const refused = await checkWebhookUrl('http://localhost:8080/hook', false);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.reason).toMatch(
      /^its host localhost is a loopback address \((127\.0\.0\.1|::1)\); .*PEERMEM_WEBHOOK_ALLOW_PRIVATE/,
    );
  });

  it('judges address literals, including IPv4 written in other forms, without resolving', async () => {
    expect(await checkWebhookUrl('http://[::1]:9/', false)).toMatchObject({ ok: false });
    // WHATWG URL parsing turns 0x7f.1 and 2130706433 into 127.0.0.1 before the check sees them.
    expect(await checkWebhookUrl('http://0x7f.1/', false)).toMatchObject({ ok: false });
    expect(await checkWebhookUrl('http://2130706433/', false)).toMatchObject({ ok: false });
    const publicLiteral = await checkWebhookUrl('https://8.8.8.8/hook', false);
    expect(publicLiteral.ok && publicLiteral.url.href).toBe('https://8.8.8.8/hook');
  });

  it('refuses a URL whose IPv6 literal carries a refused IPv4 address, in every form', async () => {
    for (const [url, shown] of [
      ['http://[::127.0.0.1]/', '::7f00:1'],
      ['http://[::ffff:169.254.169.254]/latest', '::ffff:a9fe:a9fe'],
      ['http://[64:ff9b::10.0.0.1]/hook', '64:ff9b::a00:1'],
      ['http://[2002:c0a8:101::1]/hook', '2002:c0a8:101::1'],
    ] as const) {
      const refused = await checkWebhookUrl(url, false);
      expect(refused.ok, url).toBe(false);
      expect(!refused.ok && refused.reason, url).toMatch(
        new RegExp(`^its host ${shown.replaceAll('.', '\\.')} is a (loopback|link-local|private) address`),
      );
    }
  });

  it('allows loopback when private addresses are allowed', async () => {
    const allowed = await checkWebhookUrl('http://127.0.0.1:9/hook', true);
    expect(allowed.ok && allowed.url.href).toBe('http://127.0.0.1:9/hook');
  });

  it('refuses a host that does not resolve', async () => {
    expect(await checkWebhookUrl('http://no-such-host.invalid/hook', false)).toEqual({
      ok: false,
      reason: 'its host no-such-host.invalid does not resolve',
    });
  });
});
