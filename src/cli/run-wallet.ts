import { createPublicClient, erc20Abi, type Hex, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Config } from '../config.js';
import { BASE_MAINNET_USDC } from '../payments/payment-settings.js';
import { formatUsd, SpendingLedger } from '../remote/spending-ledger.js';
import {
  findWalletKey,
  forgetWalletKey,
  keepWalletKey,
  WalletStoreError,
  type WalletStoreOptions,
} from '../wallet/wallet-store.js';

const USAGE = 'peermem: usage: peermem wallet init | import | address | balance | spending | forget';
const KEY = /^0x[0-9a-fA-F]{64}$/;

/** The public node `balance` reads Base mainnet from when --rpc-url is not set. */
const BASE_MAINNET_RPC = 'https://mainnet.base.org';

/**
 * `peermem wallet ACTION`: the wallet that signs in and pays in remote mode and in `call`. Its
 * key is kept in the OS keychain, or in a 0600 file where there is none; every action says which
 * store it used. The key itself is never printed.
 */
export async function runWallet(config: Config): Promise<number> {
  const wallet = config.wallet;
  const [action] = config.args;
  if (wallet === undefined || action === undefined) {
    console.error(USAGE);
    return 2;
  }
  const store: WalletStoreOptions = {
    dir: wallet.dir,
    keychain: wallet.keychain,
    environmentKey: wallet.privateKey,
  };
  try {
    switch (action) {
      case 'init':
      case 'import':
        return await keep(action, store);
      case 'address':
      case 'balance': {
        const found = await findWalletKey(store);
        if (found === undefined) {
          console.error(
            'peermem: no wallet: run peermem wallet init (or import), or set PEERMEM_PRIVATE_KEY',
          );
          return 1;
        }
        const address = privateKeyToAccount(found.privateKey).address;
        console.error(`peermem: the wallet from ${found.where}`);
        if (action === 'address') {
          process.stdout.write(`${address}\n`);
          return 0;
        }
        return await balance(address, wallet);
      }
      case 'spending':
        return await spending(wallet);
      case 'forget': {
        const removed = await forgetWalletKey(store);
        if (removed.length === 0) {
          console.error(
            'peermem: no kept wallet to forget (PEERMEM_PRIVATE_KEY, if set, is not kept by peermem)',
          );
          return 1;
        }
        for (const { where } of removed) console.error(`peermem: removed the wallet from ${where}`);
        return 0;
      }
      default:
        console.error(USAGE);
        return 2;
    }
  } catch (error) {
    if (!(error instanceof WalletStoreError)) throw error;
    console.error(`peermem: ${error.message}`);
    return 1;
  }
}

/** `init` makes a key, `import` reads one from standard input (never from the command line). */
async function keep(action: 'init' | 'import', store: WalletStoreOptions): Promise<number> {
  const existing = await findWalletKey({ ...store, environmentKey: undefined });
  if (existing !== undefined) {
    console.error(
      `peermem: ${existing.where} already holds wallet ${privateKeyToAccount(existing.privateKey).address}; run peermem wallet forget first`,
    );
    return 1;
  }
  let privateKey: Hex;
  if (action === 'init') {
    privateKey = generatePrivateKey();
  } else {
    const given = (await readStdin()).trim();
    if (!KEY.test(given)) {
      console.error(
        'peermem: wallet import reads the private key (0x and 64 hex digits) from standard input, e.g. peermem wallet import < key.txt',
      );
      return 1;
    }
    privateKey = given as Hex;
  }
  const kept = await keepWalletKey(privateKey, store);
  const address = privateKeyToAccount(privateKey).address;
  console.error(`peermem: wallet ${address} kept in ${kept.where}`);
  if (store.environmentKey !== undefined)
    console.error('peermem: PEERMEM_PRIVATE_KEY is set, and is used instead of the kept wallet while it is');
  process.stdout.write(`${address}\n`);
  return 0;
}

/** The wallet's balance of the configured token (--x402-asset on --x402-network; Base USDC). */
async function balance(address: Hex, wallet: NonNullable<Config['wallet']>): Promise<number> {
  const asset = wallet.allowedAsset ?? BASE_MAINNET_USDC;
  const rpcUrl =
    wallet.rpcUrl ?? (asset.network === BASE_MAINNET_USDC.network ? BASE_MAINNET_RPC : undefined);
  if (rpcUrl === undefined) {
    console.error(`peermem: --rpc-url (PEERMEM_RPC_URL): is required to read a balance on ${asset.network}`);
    return 2;
  }
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: 10_000, retryCount: 1 }) });
  try {
    const token = asset.asset as Hex;
    const [units, decimals, symbol] = await Promise.all([
      client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [address] }),
      client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }),
      client.readContract({ address: token, abi: erc20Abi, functionName: 'symbol' }),
    ]);
    const scale = 10n ** BigInt(decimals);
    const fraction = (units % scale).toString().padStart(decimals, '0');
    process.stdout.write(`${units / scale}.${fraction} ${symbol}\n`);
    console.error(`peermem: token ${token} on ${asset.network}, ${units} base units`);
    return 0;
  } catch {
    // The node's error text may carry its URL, and a key in it: only the token and chain are named.
    console.error(
      `peermem: cannot read the balance of ${asset.asset} on ${asset.network}: the node did not answer`,
    );
    return 1;
  }
}

/**
 * What the wallet spent today (UTC) in remote mode, by endpoint, what remains of the daily budget,
 * and the last payments, as JSON in US dollars.
 */
async function spending(wallet: NonNullable<Config['wallet']>): Promise<number> {
  const ledger = new SpendingLedger(wallet.dir, {
    maxPerCall: wallet.maxPerCall,
    dailyBudget: wallet.dailyBudget,
  });
  const report = await ledger.report();
  console.error(`peermem: the spending ledger ${ledger.file}`);
  const usd = (amount: bigint) => formatUsd(amount);
  process.stdout.write(
    `${JSON.stringify(
      {
        day: report.day,
        spent_usd: usd(report.total),
        daily_budget_usd: usd(wallet.dailyBudget),
        remaining_usd: usd(report.remaining),
        max_per_call_usd: usd(wallet.maxPerCall),
        by_endpoint_usd: Object.fromEntries(
          Object.entries(report.byEndpoint).map(([path, amount]) => [path, usd(amount)]),
        ),
        recent: report.recent.map(({ amount, ...payment }) => ({ ...payment, amount_usd: usd(amount) })),
      },
      null,
      2,
    )}\n`,
  );
  return 0;
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
