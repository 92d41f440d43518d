import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signWebhook } from '../../../src/engine/webhooks/sign-webhook.js';

describe('signWebhook', () => {
  const secret = 'whsec_test-secret';
  const body =
    '{"id":"e1","type":"test.event","data":{"workspace_id":"w"},"timestamp":"2026-01-01T00:00:00.000Z"}';

  it('signs "<timestamp>.<raw body>" with HMAC-SHA256, as docs/platform.md tells a receiver to check', () => {
    const headers = signWebhook(secret, body, 1_767_225_600);
    expect(headers['X-Peermem-Timestamp']).toBe('1767225600');
    expect(headers['X-Peermem-Signature']).toBe(
      `v1=${createHmac('sha256', secret).update(`1767225600.${body}`).digest('hex')}`,
    );
    expect(headers['X-Honcho-Signature']).toBe(createHmac('sha256', secret).update(body).digest('hex'));
  });

  it('changes with the timestamp, the body and the secret', () => {
    const signature = (s: string, b: string, t: number) => signWebhook(s, b, t)['X-Peermem-Signature'];
    const base = signature(secret, body, 1);
    expect(signature(secret, body, 2)).not.toBe(base);
    expect(signature(secret, `${body} `, 1)).not.toBe(base);
    expect(signature('whsec_other', body, 1)).not.toBe(base);
  });
});

describe('newWebhookSecret', () => {
  it('makes a different 256-bit secret each time', () => {
    const secrets = new Set(Array.from({ length: 50 }, newWebhookSecret));
    expect(secrets.size).toBe(50);
    for (const secret of secrets) expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  });
});
