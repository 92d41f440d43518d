import { BaseError, type Hex } from 'viem';
import type { Config } from '../config.js';
import { createWalletFetch } from '../wallet/create-wallet-fetch.js';
import { findWalletKey, WalletStoreError } from '../wallet/wallet-store.js';

/**
 * `peermem call PATH [JSON]`: one gateway request made with the wallet (PEERMEM_PRIVATE_KEY, or
 * the one kept by `peermem wallet`),
 * signing in or paying (x402, or MPP with --pay-with mpp) as the gateway asks. Prints the answer; exits 1 unless it is a 200.
 */
export async function runCall(config: Config): Promise<number> {
  const wallet = config.wallet;
  const [path, body = '{}'] = config.args;
  if (wallet === undefined || path === undefined) {
    console.error("peermem: usage: peermem call PATH [JSON]   e.g. peermem call /sessions '{}'");
    return 2;
  }
  let privateKey: Hex;
  try {
    const found = await findWalletKey({
      dir: wallet.dir,
      keychain: wallet.keychain,
      environmentKey: wallet.privateKey,
    });
    if (found === undefined) {
      console.error(
        'peermem: no wallet: set PEERMEM_PRIVATE_KEY, in the environment or in a KEY=value file given with --env-file (as peermem devnet prints), or run peermem wallet init (or import)',
      );
      return 2;
    }
    privateKey = found.privateKey;
  } catch (error) {
    if (!(error instanceof WalletStoreError)) throw error;
    console.error(`peermem: ${error.message}`);
    return 1;
  }
  const allowed = wallet.allowedAsset;
  const walletFetch = createWalletFetch(privateKey, {
    payWith: wallet.payWith,
    tempoRpcUrls: { [wallet.tempo.chainId]: wallet.tempo.rpcUrl },
    maxMppAmount: 5_000_000n,
    ...(wallet.tempo.currency === undefined ? {} : { allowedMppCurrencies: [wallet.tempo.currency] }),
    // A token the configuration names (a devnet's, a testnet's) may be paid in, up to 5 USD.
    ...(allowed === undefined
      ? {}
      : {
          allowedAssets: [
            {
              network: allowed.network as `${string}:${string}`,
              asset: allowed.asset,
              maxAmountPerPayment: '5000000',
            },
          ],
        }),
  });
  const url = new URL(
    `/api/memory/${path.replace(/^\/+/, '').replace(/^api\/memory\//, '')}`,
    wallet.upstream,
  );
  let response: Response;
  try {
    response = await walletFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
  } catch (error) {
    console.error(`peermem: ${callFailure(url, error)}`);
    return 1;
  }
  const transaction = paidTransaction(response.headers);
  if (transaction !== undefined) console.error(`peermem: paid, transaction ${transaction}`);
  process.stdout.write(`${await response.text()}\n`);
  return response.status === 200 ? 0 : 1;
}

/** The settlement transaction a paid answer names: x402 `transaction`, MPP `reference`. */
function paidTransaction(headers: Headers): string | undefined {
  const x402 = headers.get('payment-response') ?? headers.get('x-payment-response');
  const mpp = headers.get('payment-receipt');
  const encoded = x402 ?? mpp;
  if (encoded === null) return undefined;
  const receipt = JSON.parse(
    Buffer.from(encoded, x402 === null ? 'base64url' : 'base64').toString('utf8'),
  ) as {
    transaction?: string;
    reference?: string;
  };
  return receipt.transaction ?? receipt.reference ?? 'unknown';
}

/**
 * One line naming the URL called (without any credentials in it) and why the call failed: a
 * gateway that cannot be reached, or the chain or payment step that went wrong.
 */
function callFailure(url: URL, error: unknown): string {
  const where = `${url.origin}${url.pathname}`;
  let code: string | undefined;
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof BaseError) break;
    const errno = (cause as NodeJS.ErrnoException).code;
    // A socket's code (ECONNREFUSED, ENOTFOUND, UND_ERR_CONNECT_TIMEOUT), not a payment step's.
    if (typeof errno === 'string' && /^(E[A-Z]+|UND_ERR_\w+)$/.test(errno)) code = errno;
  }
  if (code !== undefined)
    return `cannot reach the gateway at ${where} (${code}): is it running? Name it with --upstream (PEERMEM_UPSTREAM)`;
  return `the call to ${where} failed: ${safeMessage(error)}`;
}

/**
 * What went wrong, without a node's full error text: viem puts the RPC URL (and any key in it)
 * there, so the short message of the innermost viem error is shown instead.
 */
function safeMessage(error: unknown): string {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof BaseError) return cause.shortMessage;
  }
  return error instanceof Error ? error.message : String(error);
}
