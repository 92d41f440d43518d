import {
  type Address,
  encodeAbiParameters,
  keccak256,
  maxUint256,
  type PublicClient,
  type TestClient,
} from 'viem';

/** Tempo's nonce precompile: sequence nonces per (account, nonce key) in `mapping => mapping` at slot 0. */
const NONCE_MANAGER: Address = '0x4e4F4E4345000000000000000000000000000000';
const ZERO_WORD = `0x${'0'.repeat(64)}` as const;

/** The storage slot of `account`'s sequence under the expiring nonce key (2^256 - 1). */
function expiringNonceSlot(account: Address) {
  const inner = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [account, 0n]));
  return keccak256(encodeAbiParameters([{ type: 'uint256' }, { type: 'bytes32' }], [maxUint256, inner]));
}

/**
 * Works around anvil 1.7's Tempo mode, which counts an expiring-nonce transaction as a sequence
 * nonce of key 2^256 - 1: after a sender's first one the counter is 1, and every later one (nonce
 * 0 again, as Tempo requires) is never mined. A Tempo charge is always such a transaction, so a
 * wallet could pay one MPP charge only. Tempo itself checks expiring nonces by transaction hash
 * within their validity window; this puts the counter back to 0 for the senders of every new
 * block. Returns a function that stops watching.
 */
export function reopenExpiringNonces(node: TestClient & PublicClient, pollingInterval = 50): () => void {
  return node.watchBlockNumber({
    emitMissed: true,
    pollingInterval,
    onBlockNumber: async (blockNumber) => {
      // Nothing awaits this callback: a failure (the node stopping under it) must end here.
      try {
        const block = await node.getBlock({ blockNumber, includeTransactions: true });
        const senders = new Set(block.transactions.map((transaction) => transaction.from));
        for (const sender of senders) {
          const slot = expiringNonceSlot(sender);
          const value = await node.getStorageAt({ address: NONCE_MANAGER, slot });
          if (value !== undefined && BigInt(value) !== 0n)
            await node.setStorageAt({ address: NONCE_MANAGER, index: slot, value: ZERO_WORD });
        }
      } catch {}
    },
    // A poll that fails (the node stopping) is followed by the next one.
    onError: () => {},
  });
}
