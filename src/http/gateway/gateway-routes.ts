import { type MicroUsd, priceOfChat, priceOfMessages } from '../../payments/gateway-prices.js';
import type { ChatInput } from '../../schemas/chat.js';
import type { GatewayAddMessagesInput } from '../../schemas/gateway.js';
import type { GatewayBackend, ProvisionalWrite } from '../../service/gateway-backend.js';
import {
  GATEWAY_ENDPOINTS,
  type GatewayEndpoint,
  type PaidGatewayMethod,
} from '../../service/gateway-endpoints.js';
import type { MemoryService } from '../../service/memory-service.js';
import { allPeers } from '../../service/peer-pages.js';

/** A gateway endpoint as the server runs it: its description, and the one call it makes. */
export type GatewayRoute = GatewayEndpoint &
  (
    | { access: 'signed'; call(memory: MemoryService, input: unknown): Promise<unknown> }
    | {
        access: 'paid';
        /** Read from the validated body, before anything runs. */
        price(input: unknown): MicroUsd;
        /** How the price is set, for the OpenAPI document and llms.txt. */
        priceRule: string;
        /** Runs before settlement; what it stores is kept or withdrawn by how settlement ends. */
        run(backend: GatewayBackend, workspace: string, input: unknown): Promise<ProvisionalWrite<unknown>>;
      }
  );

type PaidRun<Input> = {
  price(input: Input): MicroUsd;
  priceRule: string;
  run(backend: GatewayBackend, workspace: string, input: Input): Promise<ProvisionalWrite<unknown>>;
};

/** How each paid endpoint is priced and run: by the payment gate (see charge-for.ts). */
const PAID = {
  addMessages: {
    price: priceOfMessages,
    priceRule:
      '2 USD per 1,000,000 input tokens, tokens = ceil(total characters of message content / 4); floor 0.001 USD, ceiling 5.00 USD',
    run: (backend, workspace, input) => backend.addMessagesProvisionally(workspace, input),
  } satisfies PaidRun<GatewayAddMessagesInput>,
  chat: {
    price: priceOfChat,
    priceRule: 'by reasoning_level: minimal 0.001, low 0.01 (default), medium 0.05, high 0.10, max 0.50 USD',
    run: (backend, workspace, input) => backend.chatProvisionally(workspace, input),
  } satisfies PaidRun<ChatInput>,
} satisfies Record<PaidGatewayMethod, unknown>;

/**
 * The one call of a signed endpoint: the method it serves, given the body as it is (its schemas
 * are held to the method's types in gateway-endpoints.ts), except /peers, which answers every peer.
 */
function callOf(method: keyof MemoryService) {
  if (method === 'listPeers') return (memory: MemoryService) => allPeers(memory);
  return (memory: MemoryService, input: unknown) =>
    (memory[method] as (input: unknown) => Promise<unknown>).call(memory, input);
}

/** The endpoints of area A, in the spec's order (gateway-endpoints.ts), each with what it runs. */
export const GATEWAY_ROUTES: readonly GatewayRoute[] = GATEWAY_ENDPOINTS.map(
  (endpoint): GatewayRoute =>
    endpoint.access === 'paid'
      ? ({ ...endpoint, ...PAID[endpoint.serves] } as GatewayRoute)
      : { ...endpoint, call: callOf(endpoint.serves) },
);
