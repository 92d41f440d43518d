import { randomBytes } from 'node:crypto';
import {
  type Address,
  createTestClient,
  createWalletClient,
  type Hex,
  http,
  parseEther,
  publicActions,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { deployUsdc } from './deploy-usdc.js';
import { devnetChain } from './devnet-chain.js';
import { fiatTokenAbi } from './fiat-token-abi.js';
import { startAnvil } from './start-anvil.js';
import { startTempoDevnet, type TempoDevnet } from './start-tempo-devnet.js';

export type StartDevnetParameters = {
  /** 0 or absent: a free port. */
  port?: number;
  /** The payer's USDC in base units (6 decimals); 1000 USDC when absent. */
  payerUsdc?: bigint;
  /**
   * 84532 when absent: Base Sepolia's id, because x402 v1 clients only pay on chains they know
   * by name. The token's address differs from the real chain's, so no signature made for this
   * chain is valid on Base Sepolia.
   */
  chainId?: number;
};

const DEVNET_CHAIN_ID = 84532;

/** A local chain with USDC and three funded roles for x402 payments. */
export type Devnet = {
  rpcUrl: string;
  chainId: number;
  /** CAIP-2 id, as x402 names networks. */
  network: `eip155:${number}`;
  usdc: { address: Address; name: string; version: string; decimals: 6 };
  /** The Tempo chain MPP payments settle on; the payer holds pathUSD there too. */
  tempo: TempoDevnet;
  /** For the gateway to bind its MPP challenges with, shared by every server on this devnet. */
  mppSecretKey: string;
  /** Signs payments; holds the USDC and 10 ETH, and as much pathUSD on the Tempo chain. */
  payer: { privateKey: Hex; address: Address };
  /** Receives payments. */
  payee: { address: Address };
  /** Submits signed transfers on chain and pays their gas from its 10 ETH. */
  facilitator: { privateKey: Hex; address: Address };
  /** USDC balance in base units. */
  balanceOf(address: Address): Promise<bigint>;
  stop(): Promise<void>;
};

const GAS_MONEY = parseEther('10');

/**
 * Starts anvil, deploys USDC and funds a fresh payer and facilitator, and starts a Tempo node
 * beside it for MPP. Every key is new, so no role
 * shares a well-known anvil key that other software on the machine also signs with.
 */
export async function startDevnet(parameters: StartDevnetParameters = {}): Promise<Devnet> {
  const anvil = await startAnvil({
    chainId: parameters.chainId ?? DEVNET_CHAIN_ID,
    ...(parameters.port === undefined ? {} : { port: parameters.port }),
  });
  let tempo: TempoDevnet | undefined;
  try {
    const { rpcUrl, chainId } = anvil;
    tempo = await startTempoDevnet();
    const chain = devnetChain(rpcUrl, chainId);
    const deployerKey = generatePrivateKey();
    const payerKey = generatePrivateKey();
    const facilitatorKey = generatePrivateKey();
    const deployer = privateKeyToAccount(deployerKey);
    const payer = privateKeyToAccount(payerKey);
    const facilitator = privateKeyToAccount(facilitatorKey);
    const payee = privateKeyToAccount(generatePrivateKey());

    // Setting balances needs no funding transactions, hence no dev account in any role.
    const node = createTestClient({ mode: 'anvil', chain, transport: http(rpcUrl) });
    await Promise.all(
      [deployer, payer, facilitator].map((account) =>
        node.setBalance({ address: account.address, value: GAS_MONEY }),
      ),
    );

    const usdc = await deployUsdc(rpcUrl, chainId, deployerKey);
    const minter = createWalletClient({ account: deployer, chain, transport: http(rpcUrl) }).extend(
      publicActions,
    );
    const payerUsdc = parameters.payerUsdc ?? 1_000_000_000n;
    // FiatToken refuses to mint nothing.
    if (payerUsdc > 0n) {
      const hash = await minter.writeContract({
        address: usdc.address,
        abi: fiatTokenAbi,
        functionName: 'mint',
        args: [payer.address, payerUsdc],
      });
      const receipt = await minter.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success')
        throw new Error(`devnet: minting the payer's USDC reverted (${hash})`);
      await tempo.fund(payer.address, payerUsdc);
    }

    return {
      rpcUrl,
      chainId,
      network: `eip155:${chainId}`,
      usdc: { ...usdc, decimals: 6 },
      tempo,
      mppSecretKey: randomBytes(32).toString('hex'),
      payer: { privateKey: payerKey, address: payer.address },
      payee: { address: payee.address },
      facilitator: { privateKey: facilitatorKey, address: facilitator.address },
      balanceOf: (address) =>
        minter.readContract({
          address: usdc.address,
          abi: fiatTokenAbi,
          functionName: 'balanceOf',
          args: [address],
        }),
      stop: async () => {
        await Promise.all([anvil.stop(), tempo?.stop()]);
      },
    };
  } catch (error) {
    await Promise.all([anvil.stop(), tempo?.stop()]);
    throw error;
  }
}
