import { LIMITS } from '../../schemas/limits.js';
import { formatBytes } from '../format-bytes.js';
import type { GatewayRateLimits, RateLimit } from '../rate-limiter.js';

/**
 * The bounds of the gateway's inputs, answers and request rates, one sentence each, written from
 * `LIMITS` and the rate limits in force for /llms.txt and /openapi.json.
 */
export function gatewayLimits(rateLimits: GatewayRateLimits): string[] {
  return [
    rateSentence(
      rateLimits.wallet,
      'per wallet (the one signed in, or the payer), counted once its sign-in or payment is verified',
      'a payment refused for it is not spent or charged, and nothing is stored: send it again after the wait',
    ),
    rateSentence(
      rateLimits.ip,
      'per client IP address for requests that carry no sign-in or payment yet (such as the first call that fetches a 402 challenge)',
      'nothing is stored',
    ),
    `Request body: at most ${formatBytes(LIMITS.requestBodyBytes)}; a larger one is answered 413 before any sign-in or payment is asked for.`,
    `Ids (session, peer, target, peer_perspective, peer_target): 1 to ${LIMITS.idChars} characters.`,
    `query (/search, /chat): 1 to ${LIMITS.queryChars} characters, of which the ${LIMITS.queryTerms} rarest distinct words count.`,
    `POST /messages: 1 to ${LIMITS.messagesPerCall} messages per call; each content 1 to ${LIMITS.messageChars} characters.`,
    `metadata of a message: at most ${LIMITS.metadataChars} characters as JSON, objects and arrays nested at most ${LIMITS.metadataDepth} deep.`,
    `card (/card/set): at most ${LIMITS.cardEntries} entries ([] clears the card), each 1 to ${LIMITS.cardEntryChars} characters.`,
    `peers (/sessions/peers/add, /sessions/peers/remove): 1 to ${LIMITS.peersPerCall} per call.`,
    `Documents that peermem's import_text and import_file split into messages before sending them to /messages: stored as at most ${LIMITS.documentChars} characters, JSON nested at most ${LIMITS.documentDepth} deep; a PDF at most ${LIMITS.pdfPages} pages whose streams decode to at most ${LIMITS.pdfInflatedBytes} bytes, read within ${LIMITS.pdfReadMs} ms and ${LIMITS.pdfHeapBytes} bytes of heap.`,
    `Answers: the message contents of one answer total at most ${LIMITS.answerChars} characters; past that, each content is cut with a marker that says how to read it whole (ask for a smaller page).`,
  ];
}

function rateSentence(limit: RateLimit, per: string, refused: string): string {
  if (limit.requestsPerSecond === 0) return `Requests ${per}: no rate limit.`;
  return `Requests ${per}: ${limit.requestsPerSecond} per second, in bursts of up to ${limit.burst}; past that, 429 with a Retry-After header (seconds) and error code "unavailable"; ${refused}.`;
}
