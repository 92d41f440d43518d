import { SignatureEnvelope, TxEnvelopeTempo } from 'ox/tempo';
import { type Address, getAddress } from 'viem';

/** What the gateway itself reads off a signed Tempo transfer, rather than taking a credential's word. */
export type SignedTransfer = {
  /** Recovered from the signature: the wallet that pays and whose workspace the call uses. */
  signer: Address;
  /** Unix seconds after which the transaction can no longer be mined. */
  validBefore: number | undefined;
};

/**
 * Reads a serialized Tempo transaction (type 0x76) and recovers who signed it. Only a plain
 * secp256k1 signature by the sending account is accepted: keychain (access key) and multisig
 * signatures name an account that the signature alone does not prove, so the workspace could
 * not be trusted before the transfer settles. Returns a reason when the transaction is refused.
 */
export function readSignedTransfer(serialized: string): SignedTransfer | string {
  let envelope: TxEnvelopeTempo.TxEnvelopeTempo;
  try {
    envelope = TxEnvelopeTempo.deserialize(serialized as TxEnvelopeTempo.Serialized);
  } catch {
    return 'the signed transaction cannot be read';
  }
  const signature = envelope.signature;
  if (signature === undefined) return 'the transaction is not signed';
  if (signature.type !== 'secp256k1')
    return `a ${signature.type} signature is not accepted; sign with the paying account's own key`;
  let signer: Address;
  try {
    signer = getAddress(
      SignatureEnvelope.extractAddress({ payload: TxEnvelopeTempo.getSignPayload(envelope), signature }),
    );
  } catch {
    return 'the transaction signature cannot be recovered';
  }
  return {
    signer,
    validBefore: envelope.validBefore === undefined ? undefined : Number(envelope.validBefore),
  };
}
