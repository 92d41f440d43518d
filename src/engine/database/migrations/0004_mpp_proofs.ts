/**
 * MPP payments are single use too: the id of the challenge a credential answers is spent like an
 * x402 authorization's nonce. The constraint is the unnamed CHECK of 0003, which Postgres named.
 */
export const mppProofs = `
ALTER TABLE spent_nonces DROP CONSTRAINT spent_nonces_kind_check;
ALTER TABLE spent_nonces ADD CONSTRAINT spent_nonces_kind_check CHECK (kind IN ('siwx', 'x402', 'mpp'));
`;
