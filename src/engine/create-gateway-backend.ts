import { capMessageContents } from '../service/cap-message-contents.js';
import type { GatewayBackend } from '../service/gateway-backend.js';
import type { Engine } from './create-engine.js';
import type { Database } from './database/database.js';
import { addMessages } from './operations/add-messages.js';
import { ensureChatSubjects } from './operations/ensure-chat-subjects.js';
import { keepMessages } from './operations/keep-messages.js';
import { releaseNonce } from './operations/release-nonce.js';
import { spendNonce } from './operations/spend-nonce.js';
import { withdrawChatSubjects } from './operations/withdraw-chat-subjects.js';
import { withdrawMessages } from './operations/withdraw-messages.js';

/** The gateway's view of the embedded engine: `engine`'s memories plus paid writes and proofs. */
export function createGatewayBackend(db: Database, engine: Engine): GatewayBackend {
  return {
    memory: (workspace) => engine.memory(workspace),
    async addMessagesProvisionally(workspace, input) {
      const output = await addMessages(db, workspace, input, { held: true });
      const ids = output.messages.map((message) => message.id);
      return {
        output: { messages: capMessageContents(output.messages) },
        async keep() {
          await keepMessages(db, workspace, ids);
          engine.deriver?.nudge();
        },
        withdraw: () => withdrawMessages(db, workspace, input.session, ids),
      };
    },
    async chatProvisionally(workspace, input) {
      // Created here, so that what this chat made is known and can be taken back.
      const created = await ensureChatSubjects(db, workspace, input);
      const withdraw = () =>
        withdrawChatSubjects(db, workspace, { peer: input.peer, session: input.session ?? null }, created);
      try {
        return { output: await engine.answerChat(workspace, input), keep: async () => {}, withdraw };
      } catch (error) {
        // A failed chat is not paid for, so it leaves nothing behind either.
        await withdraw();
        throw error;
      }
    },
    spendProof: (kind, nonce, expiresAt) => spendNonce(db, kind, nonce, expiresAt),
    releaseProof: (kind, nonce) => releaseNonce(db, kind, nonce),
  };
}
