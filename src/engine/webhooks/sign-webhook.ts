import { createHmac, randomBytes } from 'node:crypto';

/** A new endpoint's signing secret: 32 random bytes, prefixed so that it is recognised in a leak. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * The headers that let a receiver check a delivery came from this server, unchanged and recently:
 * `X-Peermem-Signature: v1=<hex HMAC-SHA256 of "<timestamp>.<raw body>">` keyed with the endpoint's
 * secret, with the timestamp (Unix seconds) in `X-Peermem-Timestamp`, so that an old delivery
 * replayed later is refused by a receiver that checks its age. `X-Honcho-Signature` (the hex HMAC
 * of the raw body alone) is what receivers written for Honcho check.
 */
export function signWebhook(secret: string, body: string, timestamp: number): Record<string, string> {
  const hmac = (text: string) => createHmac('sha256', secret).update(text).digest('hex');
  return {
    'X-Peermem-Timestamp': String(timestamp),
    'X-Peermem-Signature': `v1=${hmac(`${timestamp}.${body}`)}`,
    'X-Honcho-Signature': hmac(body),
  };
}
