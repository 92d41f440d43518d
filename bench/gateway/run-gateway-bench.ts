import { x402Client } from '@x402/core/client';
import { decodePaymentRequiredHeader } from '@x402/core/http';
import type { PaymentRequired, PaymentRequirements } from '@x402/core/types';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { privateKeyToAccount } from 'viem/accounts';
import { devnetPaymentSettings } from '../../src/devnet/devnet-payment-settings.js';
import { startDevnet } from '../../src/devnet/start-devnet.js';
import { createEngine } from '../../src/engine/create-engine.js';
import { createGatewayBackend } from '../../src/engine/create-gateway-backend.js';
import { openDatabase } from '../../src/engine/database/open-database.js';
import { createLearning, OFFLINE_LEARNING } from '../../src/engine/learning/create-learning.js';
import { serveGateway } from '../../src/http/gateway/serve-gateway.js';
import { createFacilitator } from '../../src/payments/x402/create-facilitator.js';
import { createWalletFetch } from '../../test/support/wallet-fetch.js';
import { type Latency, measureLatency } from '../measure-latency.js';
import { runScript } from '../run-script.js';

const ITERATIONS = Number(process.argv[2] ?? 200);

/**
 * `npm run bench:gateway`: the gateway on loopback (embedded PGlite in memory, deriver off), paid
 * on local chains: x402 on anvil with Circle's USDC through the built-in facilitator, MPP on
 * anvil in Tempo mode. Measures, one call at a time as an agent makes them: a signed free
 * endpoint, a paid /messages with each protocol, and the facilitator's verification of one x402
 * payment alone. Prints a markdown table.
 */
async function main(): Promise<void> {
  const devnet = await startDevnet();
  const database = openDatabase({ kind: 'memory' });
  const engine = createEngine(database, {
    learning: createLearning(OFFLINE_LEARNING),
    contextTokens: 8192,
    deriver: false,
  });
  const payments = devnetPaymentSettings(devnet);
  const facilitator = createFacilitator(payments);
  const server = await serveGateway({
    backend: createGatewayBackend(database, engine),
    payments,
    host: '127.0.0.1',
    port: 0,
  });

  const wallet = createWalletFetch(devnet.payer.privateKey, {
    allowedAssets: [{ network: devnet.network, asset: devnet.usdc.address }],
  });
  const post = async (path: string, body: unknown, pay = wallet) => {
    const response = await pay(`${server.url}/api/memory${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  };
  const options = { warmup: 10, iterations: ITERATIONS, timeLimitMs: 120_000 };

  console.error('peermem bench:gateway: paid /messages ...');
  const paid = await measureLatency(
    (index) =>
      post('/messages', {
        session: 'bench',
        messages: [{ peer: 'alice', content: `Message number ${index} of the benchmark.` }],
      }),
    options,
  );
  // Back-to-back charges from one wallet would race the devnet's reopening of its expiring nonce
  // (see reopen-expiring-nonces.ts), so each call pays from a wallet of its own, funded before
  // the clock starts.
  console.error('peermem bench:gateway: paid /messages with MPP ...');
  const mppWallets = await Promise.all(
    Array.from({ length: options.warmup + ITERATIONS }, async () => {
      const { privateKey } = await devnet.tempo.fundWallet(1_000_000n);
      return createWalletFetch(privateKey, {
        payWith: 'mpp',
        tempoRpcUrls: { [devnet.tempo.chainId]: devnet.tempo.rpcUrl },
      });
    }),
  );
  const paidMpp = await measureLatency(
    (index) =>
      post(
        '/messages',
        {
          session: 'bench-mpp',
          messages: [{ peer: 'alice', content: `Message number ${index} of the benchmark.` }],
        },
        mppWallets[index],
      ),
    options,
  );
  console.error('peermem bench:gateway: signed /sessions/peers ...');
  const signed = await measureLatency(() => post('/sessions/peers', { session: 'bench' }), options);

  console.error('peermem bench:gateway: verification alone ...');
  const challenge = await fetch(`${server.url}/api/memory/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session: 'bench', messages: [{ peer: 'alice', content: 'hi' }] }),
  });
  const required = decodePaymentRequiredHeader(
    challenge.headers.get('payment-required') ?? '',
  ) as PaymentRequired;
  const client = registerExactEvmScheme(new x402Client(), {
    signer: privateKeyToAccount(devnet.payer.privateKey),
  }).setSpendControls(false);
  const payload = await client.createPaymentPayload(required);
  const verification = await measureLatency(async () => {
    const result = await facilitator.verify(payload, required.accepts[0] as PaymentRequirements);
    if (!result.isValid) throw new Error(`verification failed: ${result.invalidReason}`);
  }, options);

  const row = (name: string, latency: Latency, note: string) =>
    `| ${name} | ${((latency.count / latency.totalMs) * 1000).toFixed(1)} | ${latency.p50.toFixed(1)} | ${latency.p95.toFixed(1)} | ${note} |`;
  process.stdout.write(
    [
      `peermem bench:gateway, ${ITERATIONS} calls each, one at a time (Node ${process.version})`,
      '',
      '| measurement | requests/s | p50 ms | p95 ms | what one call is |',
      '|---|---|---|---|---|',
      row(
        'signed free endpoint (/sessions/peers)',
        signed,
        '402 challenge, SIWX signature, signed request (2 HTTP round trips)',
      ),
      row(
        'paid /messages with x402 (0.001 USD)',
        paid,
        '402 offer, EIP-3009 signature, verify, store, settle on chain (2 round trips)',
      ),
      row(
        'paid /messages with MPP (0.001 USD)',
        paidMpp,
        '402 challenge, Tempo transfer signed, signer and balance checked, store, fee payer co-signs and broadcasts (2 round trips)',
      ),
      row(
        'verification alone (x402)',
        verification,
        'built-in facilitator: signature, payee, amount, window, on-chain simulation',
      ),
      '',
    ].join('\n'),
  );
  await server.close();
  await engine.stop();
  await database.close();
  await devnet.stop();
}

await runScript(main);
