import { LIMITS } from '../../schemas/limits.js';
import { formatBytes } from '../format-bytes.js';

/**
 * The bounds of the gateway's inputs and answers, one sentence each, written from `LIMITS` for
 * /llms.txt and /openapi.json.
 */
export function gatewayLimits(): string[] {
  return [
    `Request body: at most ${formatBytes(LIMITS.requestBodyBytes)}; a larger one is answered 413 before any sign-in or payment is asked for.`,
    `Ids (session, peer, target, peer_perspective, peer_target): 1 to ${LIMITS.idChars} characters.`,
    `query (/search, /chat): 1 to ${LIMITS.queryChars} characters, of which the ${LIMITS.queryTerms} rarest distinct words count.`,
    `POST /messages: 1 to ${LIMITS.messagesPerCall} messages per call; each content 1 to ${LIMITS.messageChars} characters.`,
    `metadata of a message: at most ${LIMITS.metadataChars} characters as JSON, objects and arrays nested at most ${LIMITS.metadataDepth} deep.`,
    `card (/card/set): 1 to ${LIMITS.cardEntries} entries, each 1 to ${LIMITS.cardEntryChars} characters.`,
    `peers (/sessions/peers/add, /sessions/peers/remove): 1 to ${LIMITS.peersPerCall} per call.`,
    `Answers: the message contents of one answer total at most ${LIMITS.answerChars} characters; past that, each content is cut with a marker that says how to read it whole (ask for a smaller page).`,
  ];
}
