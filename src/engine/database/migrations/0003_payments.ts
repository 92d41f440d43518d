/**
 * What the pay-per-call gateway remembers: proofs already used. A sign-in nonce and a payment
 * authorization are each accepted once, by every server process sharing the database.
 */
export const payments = `
CREATE TABLE spent_nonces (
  kind text NOT NULL CHECK (kind IN ('siwx', 'x402')),
  nonce text NOT NULL,
  -- After this the proof is refused as expired anyway, so the row can go.
  expires_at timestamptz NOT NULL,
  spent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, nonce)
);
CREATE INDEX spent_nonces_expiry ON spent_nonces (expires_at);
`;
