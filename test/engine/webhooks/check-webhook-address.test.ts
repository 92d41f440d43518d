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
    ['64:ff9b::a00:1', 'an unspecified, multicast or reserved address'],
  ])('refuses %s as %s', (address, kind) => {
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
