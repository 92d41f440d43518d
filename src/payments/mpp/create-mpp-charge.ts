import { Challenge, Credential, Errors, Receipt } from 'mppx';
import { Mppx, tempo } from 'mppx/server';
import {
  type Address,
  BaseError,
  type Client,
  erc20Abi,
  getAddress,
  HttpRequestError,
  TimeoutError,
  WebSocketRequestError,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { readContract } from 'viem/actions';
import { UnavailableError } from '../../service/errors.js';
import { formatUsd, type MicroUsd } from '../gateway-prices.js';
import type { PaymentCheck, Settlement } from '../payment-check.js';
import type { PaymentSettings } from '../payment-settings.js';
import { readSignedTransfer } from './signed-transfer.js';
import { tempoClient } from './tempo-chain.js';

/**
 * A charge whose signed transfer lapses sooner than this is refused before the operation runs:
 * the transfer must still be minable when the operation is done. mppx clients sign for 25 s.
 */
const MIN_SECONDS_TO_SETTLE = 5;

/** MPP (method `tempo`, intent `charge`) as the gateway takes it. */
export type MppCharge = {
  /** The `WWW-Authenticate: Payment` value asking for `price`, good for the route `scope` only. */
  challenge(price: MicroUsd, scope: string): Promise<string>;
  /** Reads the `Authorization: Payment` credential of a request and verifies it, without settling. */
  check(request: Request, price: MicroUsd, scope: string): Promise<PaymentCheck>;
};

/**
 * The gateway's MPP charge. Challenges are HMAC-bound to their contents with the secret key and
 * scoped to one route, so a credential cannot be replayed against a dearer request or another
 * endpoint. Only pull mode is offered: the payer signs a transfer and the gateway broadcasts it
 * after the operation ran, which keeps the order verify, run, settle. In push mode the payer
 * would broadcast first and be charged even when the operation fails.
 */
export function createMppCharge(
  mpp: NonNullable<PaymentSettings['mpp']>,
  payTo: string,
  realm: string,
): MppCharge {
  const client = tempoClient(mpp.chainId, mpp.rpcUrl);
  const server = Mppx.create({
    methods: [
      tempo.charge({
        chainId: mpp.chainId,
        currency: mpp.currency as `0x${string}`,
        decimals: mpp.decimals,
        recipient: getAddress(payTo),
        supportedModes: ['pull'],
        getClient: () => client,
        ...(mpp.feePayerKey === undefined
          ? {}
          : { feePayer: privateKeyToAccount(mpp.feePayerKey as `0x${string}`) }),
      }),
    ],
    secretKey: mpp.secretKey,
    realm,
  });

  return {
    async challenge(price, scope) {
      return Challenge.serialize(await server.challenge.tempo.charge({ amount: formatUsd(price), scope }));
    },

    async check(request, price, scope) {
      // Prices are in micro-USD; a 6-decimal stablecoin's base unit is one.
      const priceInBaseUnits = price * 10n ** BigInt(mpp.decimals - 6);
      const header = request.headers.get('authorization');
      const serialized = header === null ? null : Credential.extractPaymentScheme(header);
      if (serialized === null) return { status: 'absent' };
      let credential: Credential.Credential;
      try {
        credential = Credential.deserialize(serialized);
      } catch {
        return { status: 'refused', reason: 'the Authorization: Payment credential is malformed' };
      }
      const options = { request: { amount: formatUsd(price) }, scope };
      let payer: Address;
      try {
        const validation = await server.validateCredential(credential, options);
        const payerOrReason = await payerOf(validation.details, client, mpp.currency, priceInBaseUnits);
        if (typeof payerOrReason === 'object') return { status: 'refused', reason: payerOrReason.refused };
        payer = payerOrReason;
      } catch (error) {
        return { status: 'refused', reason: refusalReason(error) };
      }
      // The gateway's challenges always expire; one without an expiry could never be pruned.
      const { id, expires } = credential.challenge;
      if (expires === undefined) return { status: 'refused', reason: 'the challenge has no expiry' };
      return {
        status: 'verified',
        payment: {
          payer,
          proof: { kind: 'mpp', nonce: id, expiresAt: new Date(expires) },
          async settle(): Promise<Settlement> {
            try {
              const receipt = await server.broadcastCredential(credential, options);
              return { ok: true, headers: { 'Payment-Receipt': Receipt.serialize(receipt) } };
            } catch (error) {
              return { ok: false, reason: settleFailureReason(error) };
            }
          },
        },
      };
    },
  };
}

/**
 * The gateway's own checks of a credential mppx validated: a signed transfer (pull mode) whose
 * signer is the sender it names, with time left to settle, from an account that holds the price.
 * Returns the paying address, or why the credential is refused.
 */
async function payerOf(
  validated: unknown,
  client: Client,
  currency: string,
  priceInBaseUnits: bigint,
): Promise<Address | { refused: string }> {
  const details = validated as { mode?: string; sender?: string; serializedTransaction?: string };
  if (details.mode !== 'pull' || details.serializedTransaction === undefined) {
    return {
      refused:
        'only a signed transfer (pull mode) is accepted: the gateway broadcasts it once the operation has run',
    };
  }
  // The sender a credential names is its own claim; the workspace goes to who signed.
  const transfer = readSignedTransfer(details.serializedTransaction);
  if (typeof transfer === 'string') return { refused: transfer };
  if (details.sender === undefined || getAddress(details.sender) !== transfer.signer)
    return { refused: 'the transaction names a sender other than its signer' };
  const secondsLeft = (transfer.validBefore ?? Number.POSITIVE_INFINITY) - Date.now() / 1000;
  if (secondsLeft < MIN_SECONDS_TO_SETTLE)
    return { refused: 'the signed transfer expires too soon to settle; sign a new one' };
  // Sponsored transfers are not simulated by mppx, so an empty wallet would get the work done.
  const balance = await readContract(client, {
    address: currency as Address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [transfer.signer],
  });
  if (balance < priceInBaseUnits) return { refused: 'the paying account holds less than the price' };
  return transfer.signer;
}

/**
 * Why a credential is refused, in words safe to show: a payment error's own message, or a node's
 * short message (never the full one, which holds the RPC URL and with it any key in that URL),
 * or a plain "invalid". A node that cannot be reached is not the payer's fault: that becomes a 503.
 */
function refusalReason(error: unknown): string {
  if (error instanceof Errors.PaymentError) return error.message;
  if (isUnreachable(error))
    throw new UnavailableError('the Tempo node could not be reached; nothing was charged', { cause: error });
  if (error instanceof BaseError) return error.shortMessage;
  // A credential whose payload does not parse (mppx raises schema and decoding errors for it).
  return 'the payment credential is invalid';
}

function settleFailureReason(error: unknown): string {
  if (error instanceof Errors.PaymentError) return error.message;
  if (error instanceof BaseError && error.walk((cause) => cause instanceof TimeoutError) !== null)
    return 'the Tempo node did not confirm the transfer in time';
  if (isUnreachable(error)) return 'the Tempo node could not be reached';
  if (error instanceof BaseError) return error.shortMessage;
  return 'the transfer could not be broadcast';
}

const isUnreachable = (error: unknown) =>
  error instanceof BaseError &&
  error.walk(
    (cause) =>
      cause instanceof HttpRequestError ||
      cause instanceof TimeoutError ||
      cause instanceof WebSocketRequestError,
  ) !== null;
