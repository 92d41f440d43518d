import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startAnvil } from '../../src/devnet/start-anvil.js';

async function chainIdAt(rpcUrl: string): Promise<number> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
  });
  return Number(((await response.json()) as { result: string }).result);
}

describe('startAnvil', () => {
  it('answers JSON-RPC on a free port with the chain id asked for, and stops listening on stop()', async () => {
    const [first, second] = await Promise.all([startAnvil({ chainId: 84532 }), startAnvil()]);
    expect(first.rpcUrl).not.toBe(second.rpcUrl);
    expect(await chainIdAt(first.rpcUrl)).toBe(84532);
    expect(await chainIdAt(second.rpcUrl)).toBe(31337);

    await Promise.all([first.stop(), second.stop()]);
    // Nothing accepts a connection any more: the node is gone, not just unresponsive.
    await expect(fetch(first.rpcUrl)).rejects.toThrow('fetch failed');
    await expect(fetch(second.rpcUrl)).rejects.toThrow('fetch failed');
    // Stopping twice is harmless.
    await first.stop();
  });

  it('says why when its port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const address = taken.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      await expect(startAnvil({ port })).rejects.toThrow(
        /anvil: exited before answering.*address already in use/i,
      );
    } finally {
      taken.close();
    }
  });
});
