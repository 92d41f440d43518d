import { x402Facilitator } from '@x402/core/facilitator';
import type { FacilitatorClient } from '@x402/core/server';
import { HTTPFacilitatorClient } from '@x402/core/server';
import { toFacilitatorEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/facilitator';
import { ExactEvmSchemeV1 } from '@x402/evm/exact/v1/facilitator';
import { createWalletClient, defineChain, http, nonceManager, publicActions } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { PaymentSettings } from '../payment-settings.js';
import { v1NetworkName } from './v1-network-name.js';

/**
 * The facilitator that verifies and settles x402 payments: a remote one by URL, or the built-in
 * one, which checks signatures itself and submits `transferWithAuthorization` with its own key
 * through its own RPC endpoint (and so pays the gas).
 */
export function createFacilitator(settings: PaymentSettings): FacilitatorClient {
  const { facilitator, x402 } = settings;
  if (facilitator.kind === 'remote') return new HTTPFacilitatorClient({ url: facilitator.url });

  const chainId = Number(x402.network.slice('eip155:'.length));
  const chain = defineChain({
    id: chainId,
    name: x402.network,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [facilitator.rpcUrl] } },
  });
  // Payments settle concurrently from this one key: without a nonce manager, two transfers sent at
  // once both took the pending nonce and one failed ("transaction failed", the payment refused).
  const account = privateKeyToAccount(facilitator.privateKey as `0x${string}`, { nonceManager });
  // viem polls for a receipt every 4 s unless told otherwise: up to 4 s added to a paid call whose
  // transfer is mined in one block (2 s on Base, at once on a local node).
  const client = createWalletClient({
    account,
    chain,
    transport: http(facilitator.rpcUrl),
    pollingInterval: 250,
  }).extend(publicActions);
  // viem's own parameter types are stricter unions than the signer's plain records; the calls
  // are passed through unchanged.
  const signer = toFacilitatorEvmSigner({
    address: account.address,
    readContract: (args) => client.readContract(args as never),
    verifyTypedData: (args) => client.verifyTypedData(args as never),
    writeContract: (args) => client.writeContract(args as never),
    sendTransaction: (args) => client.sendTransaction(args),
    waitForTransactionReceipt: (args) => client.waitForTransactionReceipt(args),
    getCode: (args) => client.getCode(args),
  });

  const local = new x402Facilitator().register(
    x402.network as `eip155:${number}`,
    new ExactEvmScheme(signer),
  );
  const v1Name = v1NetworkName(chainId);
  if (v1Name !== undefined) local.registerV1(v1Name as never, new ExactEvmSchemeV1(signer));
  return {
    verify: (payload, requirements) => local.verify(payload, requirements),
    settle: (payload, requirements) => local.settle(payload, requirements),
    getSupported: async () => local.getSupported() as Awaited<ReturnType<FacilitatorClient['getSupported']>>,
  };
}
