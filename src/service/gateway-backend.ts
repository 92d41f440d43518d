import type { ChatInput, ChatOutput } from '../schemas/chat.js';
import type { GatewayAddMessagesInput } from '../schemas/gateway.js';
import type { AddMessagesOutput } from '../schemas/message.js';
import type { MemoryService } from './memory-service.js';

/**
 * Single-use proofs: a sign-in nonce, the nonce of an x402 payment authorization, or the id of
 * the MPP challenge a payment credential answers.
 */
export type ProofKind = 'siwx' | 'x402' | 'mpp';

/** A write stored before its payment settles: kept once it has, withdrawn whole if it fails. */
export type ProvisionalWrite<Output> = {
  output: Output;
  keep(): Promise<void>;
  withdraw(): Promise<void>;
};

/**
 * What the pay-per-call gateway needs of the service: the memory of each wallet's workspace,
 * paid writes that can wait for settlement, and a shared record of spent proofs (shared, so
 * that several server processes behind one load balancer refuse the same replay).
 */
export interface GatewayBackend {
  memory(workspace: string): MemoryService;
  addMessagesProvisionally(
    workspace: string,
    input: GatewayAddMessagesInput,
  ): Promise<ProvisionalWrite<AddMessagesOutput>>;
  /** A paid chat: what it creates on first reference (peer, target, session) can be withdrawn. */
  chatProvisionally(workspace: string, input: ChatInput): Promise<ProvisionalWrite<ChatOutput>>;
  /** True when this call spent the proof, false when it had been spent (a replay). */
  spendProof(kind: ProofKind, nonce: string, expiresAt: Date): Promise<boolean>;
  /** Makes a spent proof usable again (its payment was never settled). */
  releaseProof(kind: ProofKind, nonce: string): Promise<void>;
}
