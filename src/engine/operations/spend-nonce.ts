import type { ProofKind } from '../../service/gateway-backend.js';
import type { Database } from '../database/database.js';

/**
 * Marks a single-use proof as used. True when this call spent it, false when it was spent
 * before (a replay). Proofs past their expiry are pruned on the way: they are refused as
 * expired before they ever reach this table.
 */
export async function spendNonce(
  db: Database,
  kind: ProofKind,
  nonce: string,
  expiresAt: Date,
): Promise<boolean> {
  const rows = await db.query(
    `WITH pruned AS (DELETE FROM spent_nonces WHERE expires_at < now() - interval '1 minute')
     INSERT INTO spent_nonces (kind, nonce, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT (kind, nonce) DO NOTHING
     RETURNING nonce`,
    [kind, nonce, expiresAt.toISOString()],
  );
  return rows.length === 1;
}
