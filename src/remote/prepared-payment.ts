import { BaseError } from 'viem';
import { MemoryError } from '../service/errors.js';
import type { MicroUsd, PaymentMethod } from './spending-ledger.js';

/**
 * A payment a payer has counted in the ledger and signed, ready to send: the headers carry it,
 * the reservation is settled or released once the upstream has answered.
 */
export type PreparedPayment = {
  headers: Record<string, string>;
  amount: MicroUsd;
  reservation: string;
  method: PaymentMethod;
};

/** A payment that could not be signed: the caller learns nothing was paid, never a key or node URL. */
export function paymentFailed(path: string, error: unknown): MemoryError {
  if (error instanceof MemoryError) return error;
  return new MemoryError(
    'unavailable',
    `the payment for ${path} could not be made: ${safeMessage(error)}; nothing was paid`,
  );
}

/** A node's short message, never its full text: viem puts the RPC URL (and any key in it) there. */
export function safeMessage(error: unknown): string {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof BaseError) return cause.shortMessage;
  }
  return error instanceof Error ? error.message : String(error);
}
