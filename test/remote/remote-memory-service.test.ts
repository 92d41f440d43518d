import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteMemoryService } from '../../src/remote/remote-memory-service.js';
import { SpendingLedger } from '../../src/remote/spending-ledger.js';
import { UpstreamClient } from '../../src/remote/upstream-client.js';
import { GATEWAY_ENDPOINT_OF, GATEWAY_ENDPOINTS } from '../../src/service/gateway-endpoints.js';
import { MEMORY_METHODS, type MemoryService } from '../../src/service/memory-service.js';
import { deadPort } from '../support/dead-port.js';
import { makeTempDir } from '../support/temp-dir.js';

// The gateway upstream's client is drawn from the gateway's endpoints: these check the table it
// is drawn from, and that what the table lacks is answered as not sold there.

describe('the gateway’s endpoints, as the remote client reads them', () => {
  it('serve each MemoryService method from one endpoint at most', () => {
    const methods = GATEWAY_ENDPOINTS.map((endpoint) => endpoint.serves);
    expect(new Set(methods).size).toBe(methods.length);
    for (const method of methods) expect(GATEWAY_ENDPOINT_OF[method]?.serves).toBe(method);
  });

  describe('a method no endpoint serves', () => {
    let dir: Awaited<ReturnType<typeof makeTempDir>>;
    let memory: MemoryService;
    beforeAll(async () => {
      dir = await makeTempDir();
      memory = createRemoteMemoryService(
        new UpstreamClient({
          upstream: `http://127.0.0.1:${await deadPort()}`,
          privateKey: generatePrivateKey(),
          ledger: new SpendingLedger(dir.path, { maxPerCall: 50_000n, dailyBudget: 1_000_000n }),
          payWith: 'x402',
        }),
      );
    });
    afterAll(async () => dir?.remove());

    it('is answered as not sold by the gateway, naming its tool, without a request', async () => {
      // getSpending is answered from the local ledger and getDeriverStatus says why it cannot be.
      const answeredHere = new Set<keyof MemoryService>(['getSpending', 'getDeriverStatus']);
      const notSold = MEMORY_METHODS.filter(
        (method) => !GATEWAY_ENDPOINT_OF[method] && !answeredHere.has(method),
      );
      expect(notSold.length).toBeGreaterThan(0);
      for (const method of notSold) {
        const tool = method.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
        await expect((memory[method] as (input: unknown) => Promise<unknown>)({}), method).rejects.toThrow(
          new RegExp(`^${tool} is not offered by the upstream gateway`),
        );
      }
    });

    it('getDeriverStatus says learning happens upstream', async () => {
      await expect(memory.getDeriverStatus({})).rejects.toThrow(/not reported by the upstream gateway/);
    });
  });
});
