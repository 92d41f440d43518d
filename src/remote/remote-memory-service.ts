import type { AddMessagesInput } from '../schemas/message.js';
import type { Peer } from '../schemas/peer.js';
import { MemoryError } from '../service/errors.js';
import {
  GATEWAY_ENDPOINT_OF,
  type GatewayEndpoint,
  type GatewayMethod,
} from '../service/gateway-endpoints.js';
import { MEMORY_METHODS, type MemoryService } from '../service/memory-service.js';
import { pageOfPeers } from '../service/peer-pages.js';
import type { UpstreamClient } from './upstream-client.js';

/**
 * The memory the upstream gateway keeps for the wallet (its workspace is the wallet's address),
 * drawn from the gateway's endpoints (gateway-endpoints.ts): each method an endpoint serves is one
 * request to its path under `/api/memory`, signed in or paid by `client` as the endpoint says, with
 * the method's input and answer as they are; each method none serves is not sold there. Only the
 * methods whose shapes differ from the gateway's are written here.
 */
export function createRemoteMemoryService(client: UpstreamClient): MemoryService {
  const request = <Output>(endpoint: GatewayEndpoint, body: unknown) =>
    endpoint.access === 'paid'
      ? client.paid<Output>(endpoint.path, body)
      : client.signed<Output>(endpoint.path, body);
  const send = <Output>(method: GatewayMethod, body: unknown) =>
    request<Output>(GATEWAY_ENDPOINT_OF[method], body);
  const derived = Object.fromEntries(
    MEMORY_METHODS.map((method) => {
      const endpoint = GATEWAY_ENDPOINT_OF[method];
      return [method, endpoint ? (input: unknown) => request(endpoint, input) : notSoldByGateway(method)];
    }),
  ) as unknown as MemoryService;
  const translated: Partial<MemoryService> = {
    addMessages: async (input) => send('addMessages', gatewayMessages(input)),
    // The gateway answers every peer at once (the spec's /peers); the tool gives a page of them.
    listPeers: async (input) => pageOfPeers((await send<{ peers: Peer[] }>('listPeers', {})).peers, input),
    getSpending: () => client.spending(),
    async getDeriverStatus() {
      throw new MemoryError(
        'unavailable',
        'the learning progress is not reported by the upstream gateway: this server runs in remote mode (--upstream), and learning happens upstream',
        {
          hint: 'Memory written upstream is learned there; get_context and get_representation show what has been learned.',
        },
      );
    },
  };
  return { ...derived, ...translated };
}

/**
 * An operation of the platform API that the gateway's `/api/memory` does not sell: its tool (the
 * method's name in snake case) is listed in every mode, and here answers how to reach a memory
 * that has it.
 */
function notSoldByGateway(method: keyof MemoryService): () => Promise<never> {
  const tool = method.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  return async () => {
    throw new MemoryError(
      'unavailable',
      `${tool} is not offered by the upstream gateway: its /api/memory endpoints sell messages, search, context, chat, cards and sessions only`,
      {
        hint: 'A platform upstream offers it: start this server with --upstream URL --api-key KEY (a peermem platform and its API key), or run it with its own database.',
      },
    );
  };
}

/** The gateway stamps each message's time itself: a `created_at` given here cannot be kept. */
function gatewayMessages(input: AddMessagesInput) {
  if (input.idempotency_key !== undefined) {
    // Said rather than dropped: a caller counting on the key would store a repeat twice.
    throw new MemoryError(
      'invalid_input',
      'idempotency_key cannot be used in remote mode with a gateway: the gateway takes no idempotency key; a paid write is never sent again with a new payment, so a lost answer is reported, not repeated',
      {
        field: 'idempotency_key',
        hint: 'Leave idempotency_key out; after a lost answer, read the session back (list_messages) before writing again.',
      },
    );
  }
  const index = input.messages.findIndex((message) => message.created_at !== undefined);
  if (index !== -1) {
    throw new MemoryError(
      'invalid_input',
      'created_at cannot be set in remote mode: the upstream gateway stamps each message with the time it receives it',
      { field: `messages.${index}.created_at`, hint: 'Leave created_at out.' },
    );
  }
  return {
    session: input.session,
    messages: input.messages.map(({ created_at: _, ...message }) => message),
  };
}
