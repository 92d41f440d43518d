import type { PaymentSettings } from '../../payments/payment-settings.js';
import type { GatewayRateLimits } from '../rate-limiter.js';
import { gatewayLimits } from './gateway-limits.js';
import type { GatewayRoute } from './gateway-routes.js';

/** /llms.txt: what an agent needs to use the gateway, in the order it needs it. */
export function gatewayLlmsTxt(
  publicUrl: URL,
  payments: PaymentSettings,
  routes: readonly GatewayRoute[],
  rateLimits: GatewayRateLimits,
): string {
  const base = `${publicUrl.origin}/api/memory`;
  const paid = routes.filter((route) => route.access === 'paid');
  const signed = routes.filter((route) => route.access === 'signed');
  const mppGuidance =
    payments.mpp === undefined
      ? ''
      : `- MPP: WWW-Authenticate: Payment (method "tempo", intent "charge"): sign, with the paying account's own key, a Tempo transaction whose call is a TIP-20 transferWithMemo of the challenge's amount of ${payments.mpp.currency} to ${payments.payTo} on Tempo chain ${payments.mpp.chainId}, the memo bound to the challenge id; do not broadcast it (pull mode: the gateway does${payments.mpp.feePayerKey === undefined ? '' : ', and pays its fee'}) and resend with Authorization: Payment <credential> within the transaction's validity window. A challenge pays for one request to the endpoint that issued it. mppx (Mppx.create with tempo.charge, mode "pull") does this.\n`;
  return `# peermem memory gateway

> Persistent memory for AI agents, paid per call with a wallet. Store conversations as sessions of messages written by peers; the service learns from them (observations, peer cards, representations, summaries) and answers questions about them. Each wallet has one private workspace: nobody else can read or change it.

Every endpoint is POST ${base}/<path> with a JSON body and a JSON answer. Machine-readable description: ${publicUrl.origin}/openapi.json

## Identity

- Paid endpoints act on the workspace of the wallet that pays.
- Free endpoints act on the workspace of the wallet that signs in.
- Sessions and peers are created on first reference; there are no create calls.

## Sign-in (free endpoints)

1. Call the endpoint. Without a sign-in the answer is 402 with a PAYMENT-REQUIRED header (base64 JSON) whose extensions["sign-in-with-x"].info holds domain, uri, nonce, issuedAt and expirationTime.
2. Build the EIP-4361 (Sign-In with Ethereum) message from those fields and your address, and sign it with EIP-191 (personal_sign).
3. Send the same request again with header SIGN-IN-WITH-X (X-SIWX works too): base64 of the JSON {domain, address, uri, version, chainId, type: "eip191", nonce, issuedAt, expirationTime, statement, signature}. The domain must be ${publicUrl.host}; chainId is CAIP-2 (e.g. ${payments.x402.network}).
4. A sign-in is good for one request, to the endpoint whose 402 gave the challenge, and for five minutes: its nonce is issued by the gateway for that endpoint (a nonce of your own, or one from another endpoint's 402, is refused) and spent on use. createSIWxPayload and encodeSIWxHeader of @x402/extensions do steps 2 and 3 (its wrapFetchWithSIWx does not: it signs only when the 402 also offers a payment, and a free endpoint's offers none).

## Payment (paid endpoints)

The price is computed from the request body. Without payment the answer is 402 offering:
- x402 v2: PAYMENT-REQUIRED header; pay with the "exact" scheme (an EIP-3009 transferWithAuthorization of exactly "amount" of asset ${payments.x402.asset} to ${payments.payTo} on ${payments.x402.network}) and resend with PAYMENT-SIGNATURE. @x402/fetch does this.
- x402 v1: the 402 body; resend with X-PAYMENT.
${mppGuidance}The payment is verified, the operation runs, then the payment settles: a failed operation is not charged, and a payment that fails to settle stores nothing. A 200 carries the settlement receipt (PAYMENT-RESPONSE, X-PAYMENT-RESPONSE for v1, or Payment-Receipt for MPP).

## Prices (USD)

${paid.map((route) => `- ${route.path}: ${route.access === 'paid' ? route.priceRule : ''}`).join('\n')}
- every other endpoint: free (sign-in required)

## Endpoints

${[...paid, ...signed].map((route) => `- POST ${route.path} (${route.access === 'paid' ? 'paid' : 'sign-in'}): ${route.summary}. ${route.description}`).join('\n')}

## Limits

${gatewayLimits(rateLimits)
  .map((limit) => `- ${limit}`)
  .join('\n')}

## Errors

- 400 {error: {code: "invalid_input", message, field, hint}}: fix the named field.
- 402: sign in or pay (see above); "error" says what was wrong with the sign-in or payment.
- 404 {error: {code: "not_found", ...}}: the session or peer does not exist yet.
- 413 {error: {code: "invalid_input", field: "body", ...}}: the body is over the limit above; send less per call.
- 429 {error: {code: "unavailable", message: "rate limit: ...", hint: "retry after S s"}} with a Retry-After header: too many requests; wait that many seconds and send again; nothing was charged or stored.
- 503 {error: {code: "unavailable", ...}}: the service, the facilitator or the Tempo node is unreachable; try again later; nothing was charged.
`;
}
