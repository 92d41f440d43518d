import type { AddMessagesInput } from '../schemas/message.js';
import type { Peer } from '../schemas/peer.js';
import { MemoryError } from '../service/errors.js';
import type { MemoryService } from '../service/memory-service.js';
import { pageOfPeers } from '../service/peer-pages.js';
import type { UpstreamClient } from './upstream-client.js';

/**
 * The memory the upstream gateway keeps for the wallet (its workspace is the wallet's address):
 * every method is one request to `/api/memory/...`, signed in or paid by `client`. Inputs and
 * answers are the gateway's, which are the tools' own shapes.
 */
export function createRemoteMemoryService(client: UpstreamClient): MemoryService {
  return {
    addMessages: async (input) => client.paid('/messages', gatewayMessages(input)),
    chat: (input) => client.paid('/chat', input),
    listMessages: (input) => client.signed('/messages/list', input),
    // The gateway answers every peer at once (the spec's /peers); the tool gives a page of them.
    listPeers: async (input) =>
      pageOfPeers((await client.signed<{ peers: Peer[] }>('/peers', {})).peers, input),
    listPeerSessions: (input) => client.signed('/peers/sessions', input),
    getRepresentation: (input) => client.signed('/representation', input),
    getPeerCard: (input) => client.signed('/card', input),
    setPeerCard: (input) => client.signed('/card/set', input),
    listSessions: (input) => client.signed('/sessions', input),
    listSessionPeers: (input) => client.signed('/sessions/peers', input),
    addSessionPeers: (input) => client.signed('/sessions/peers/add', input),
    removeSessionPeers: (input) => client.signed('/sessions/peers/remove', input),
    deleteSession: (input) => client.signed('/sessions/delete', input),
    getSessionSummaries: (input) => client.signed('/sessions/summaries', input),
    getContext: (input) => client.signed('/context', input),
    search: (input) => client.signed('/search', input),
    getSpending: () => client.spending(),
    getMessage: notSoldByGateway('get_message'),
    updateMessageMetadata: notSoldByGateway('update_message_metadata'),
    updatePeerMetadata: notSoldByGateway('update_peer_metadata'),
    deletePeer: notSoldByGateway('delete_peer'),
    updateSessionMetadata: notSoldByGateway('update_session_metadata'),
    cloneSession: notSoldByGateway('clone_session'),
    getSessionPeerConfig: notSoldByGateway('get_session_peer_config'),
    setSessionPeerConfig: notSoldByGateway('set_session_peer_config'),
    listObservations: notSoldByGateway('list_observations'),
    queryObservations: notSoldByGateway('query_observations'),
    createObservations: notSoldByGateway('create_observations'),
    deleteObservation: notSoldByGateway('delete_observation'),
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
}

/**
 * An operation of the platform API that the gateway's `/api/memory` does not sell: the tool is
 * listed in every mode, and here answers how to reach a memory that has it.
 */
function notSoldByGateway(tool: string): () => Promise<never> {
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
