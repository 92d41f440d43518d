import type { ProofKind } from '../../service/gateway-backend.js';
import type { Database } from '../database/database.js';

/**
 * Makes a spent proof usable again: a payment whose operation failed before settlement was
 * never charged, so the payer may retry with the same authorization.
 */
export async function releaseNonce(db: Database, kind: ProofKind, nonce: string): Promise<void> {
  await db.query('DELETE FROM spent_nonces WHERE kind = $1 AND nonce = $2', [kind, nonce]);
}
