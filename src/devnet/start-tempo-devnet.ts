import {
  type Address,
  createTestClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  publicActions,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { TEMPO_PATH_USD } from '../payments/mpp/tempo-chain.js';
import { devnetChain } from './devnet-chain.js';
import { reopenExpiringNonces } from './reopen-expiring-nonces.js';
import { startAnvil } from './start-anvil.js';

/** viem's id for a local Tempo node. */
const TEMPO_DEVNET_CHAIN_ID = 1337;
// A sponsor's fees over a few thousand test payments; the payer holds what it pays.
const FEE_PAYER_TEMPO_PATH_USD = 1_000_000_000n;

/** A local Tempo chain for MPP payments (method `tempo`, intent `charge`) in pathUSD. */
export type TempoDevnet = {
  rpcUrl: string;
  chainId: number;
  currency: { address: Address; decimals: 6 };
  /** Pays the Tempo fee of each charge, so a payer's balance moves by the price alone. */
  feePayer: { privateKey: Hex; address: Address };
  /** Sends `amount` pathUSD (base units) to `address`. */
  fund(address: Address, amount: bigint): Promise<void>;
  /** A new wallet holding `amount` pathUSD (base units). */
  fundWallet(amount: bigint): Promise<{ privateKey: Hex; address: Address }>;
  /** pathUSD balance in base units. */
  balanceOf(address: Address): Promise<bigint>;
  stop(): Promise<void>;
};

/**
 * Starts anvil in Tempo mode and funds a fee payer. Funds come from one of the node's unlocked
 * development accounts, which sends them without a key of ours. A watcher keeps every wallet able
 * to pay again (see reopen-expiring-nonces.ts); it acts once per block, so a wallet's next charge
 * sent within a few tens of milliseconds of its last one can still be refused.
 */
export async function startTempoDevnet(parameters: { port?: number } = {}): Promise<TempoDevnet> {
  const anvil = await startAnvil({
    network: 'tempo',
    chainId: TEMPO_DEVNET_CHAIN_ID,
    ...(parameters.port === undefined ? {} : { port: parameters.port }),
  });
  let stopWatching = () => {};
  try {
    const { rpcUrl, chainId } = anvil;
    // Plain Ethereum transactions, which a Tempo node takes too, sent by the node's own accounts.
    const chain = devnetChain(rpcUrl, chainId);
    const node = createTestClient({ mode: 'anvil', chain, transport: http(rpcUrl) }).extend(publicActions);
    // The genesis block's timestamp is far behind the clock; expiring nonces are checked against it.
    await node.mine({ blocks: 1 });
    const accounts = await createWalletClient({ chain, transport: http(rpcUrl) }).getAddresses();
    const source = accounts[0];
    stopWatching = reopenExpiringNonces(node);
    if (source === undefined) throw new Error('tempo devnet: the node has no development accounts');
    const bank = createWalletClient({ account: source, chain, transport: http(rpcUrl) });

    const send = async (address: Address, amount: bigint) => {
      const hash = await bank.writeContract({
        address: TEMPO_PATH_USD,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [address, amount],
      });
      const receipt = await node.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success')
        throw new Error(`tempo devnet: funding ${address} reverted (${hash})`);
    };
    // One account sends every transfer: concurrent sends would take the same nonce, so they queue.
    let queue: Promise<unknown> = Promise.resolve();
    const fund = (address: Address, amount: bigint) => {
      const sent = queue.then(() => send(address, amount));
      queue = sent.catch(() => {});
      return sent;
    };
    const fundWallet = async (amount: bigint) => {
      const privateKey = generatePrivateKey();
      const { address } = privateKeyToAccount(privateKey);
      await fund(address, amount);
      return { privateKey, address };
    };

    return {
      rpcUrl,
      chainId,
      currency: { address: TEMPO_PATH_USD, decimals: 6 },
      feePayer: await fundWallet(FEE_PAYER_TEMPO_PATH_USD),
      fund,
      fundWallet,
      balanceOf: (address) =>
        node.readContract({
          address: TEMPO_PATH_USD,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [address],
        }),
      stop: async () => {
        stopWatching();
        await anvil.stop();
      },
    };
  } catch (error) {
    stopWatching();
    await anvil.stop();
    throw error;
  }
}
