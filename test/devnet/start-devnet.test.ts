import { createPublicClient, createWalletClient, http, parseEther, toHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devnetChain } from '../../src/devnet/devnet-chain.js';
import { fiatTokenAbi } from '../../src/devnet/fiat-token-abi.js';
import { type Devnet, startDevnet } from '../../src/devnet/start-devnet.js';

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet();
});
// The last test stops it; this covers a failure before then.
afterAll(() => devnet?.stop());

const authorizationTypes = {
  TransferWithAuthorization: [
    { name: 'from', type: 'address' },
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'validAfter', type: 'uint256' },
    { name: 'validBefore', type: 'uint256' },
    { name: 'nonce', type: 'bytes32' },
  ],
} as const;

describe('startDevnet', () => {
  it('deploys USDC with the EIP-712 domain of Circle’s token and funds the payer', async () => {
    const client = createPublicClient({ transport: http(devnet.rpcUrl) });
    const read = (functionName: 'name' | 'version' | 'decimals') =>
      client.readContract({ address: devnet.usdc.address, abi: fiatTokenAbi, functionName });
    expect([await read('name'), await read('version'), await read('decimals')]).toEqual(['USD Coin', '2', 6]);
    expect(devnet.usdc).toMatchObject({ name: 'USD Coin', version: '2', decimals: 6 });
    expect(devnet.network).toBe(`eip155:${devnet.chainId}`);
    expect(await client.getChainId()).toBe(devnet.chainId);

    expect(await devnet.balanceOf(devnet.payer.address)).toBe(1_000_000_000n);
    expect(await devnet.balanceOf(devnet.payee.address)).toBe(0n);
    expect(await client.getBalance({ address: devnet.payer.address })).toBe(parseEther('10'));
    expect(await client.getBalance({ address: devnet.facilitator.address })).toBe(parseEther('10'));
  });

  it('gives every role a fresh key, none of them an anvil dev account', () => {
    const wellKnownFirstAccount = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
    const addresses = [devnet.payer.address, devnet.payee.address, devnet.facilitator.address];
    expect(new Set(addresses).size).toBe(3);
    expect(addresses).not.toContain(wellKnownFirstAccount);
    expect(privateKeyToAccount(devnet.payer.privateKey).address).toBe(devnet.payer.address);
    expect(privateKeyToAccount(devnet.facilitator.privateKey).address).toBe(devnet.facilitator.address);
  });

  it('settles an EIP-3009 transfer the payer signed and the facilitator submitted', async () => {
    const chain = devnetChain(devnet.rpcUrl, devnet.chainId);
    const payer = privateKeyToAccount(devnet.payer.privateKey);
    const facilitator = createWalletClient({
      account: privateKeyToAccount(devnet.facilitator.privateKey),
      chain,
      transport: http(devnet.rpcUrl),
    });
    const publicClient = createPublicClient({ chain, transport: http(devnet.rpcUrl) });
    const before = {
      payer: await devnet.balanceOf(devnet.payer.address),
      payee: await devnet.balanceOf(devnet.payee.address),
    };
    const authorization = {
      from: payer.address,
      to: devnet.payee.address,
      value: 12_345n,
      validAfter: 0n,
      validBefore: BigInt(Math.floor(Date.now() / 1000) + 600),
      nonce: toHex(crypto.getRandomValues(new Uint8Array(32))),
    };
    const signature = await payer.signTypedData({
      domain: {
        name: devnet.usdc.name,
        version: devnet.usdc.version,
        chainId: devnet.chainId,
        verifyingContract: devnet.usdc.address,
      },
      types: authorizationTypes,
      primaryType: 'TransferWithAuthorization',
      message: authorization,
    });

    // The `bytes signature` overload runs the linked SignatureChecker library.
    const args = [
      authorization.from,
      authorization.to,
      authorization.value,
      authorization.validAfter,
      authorization.validBefore,
      authorization.nonce,
      signature,
    ] as const;
    const hash = await facilitator.writeContract({
      address: devnet.usdc.address,
      abi: fiatTokenAbi,
      functionName: 'transferWithAuthorization',
      args,
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(receipt.from.toLowerCase()).toBe(devnet.facilitator.address.toLowerCase());

    expect(await devnet.balanceOf(devnet.payer.address)).toBe(before.payer - 12_345n);
    expect(await devnet.balanceOf(devnet.payee.address)).toBe(before.payee + 12_345n);
    expect(await devnet.balanceOf(devnet.facilitator.address)).toBe(0n);
    // The payer spent no gas: the facilitator paid it.
    expect(await publicClient.getBalance({ address: devnet.payer.address })).toBe(parseEther('10'));

    // A used authorization cannot move money twice.
    await expect(
      facilitator.writeContract({
        address: devnet.usdc.address,
        abi: fiatTokenAbi,
        functionName: 'transferWithAuthorization',
        args,
      }),
    ).rejects.toThrow(/authorization is used or canceled/);
  });

  it('runs a Tempo node beside it: pathUSD for the payer and the fee payer, fresh funded wallets', async () => {
    const { tempo } = devnet;
    const client = createPublicClient({ transport: http(tempo.rpcUrl) });
    expect(await client.getChainId()).toBe(tempo.chainId);
    expect(tempo.currency).toEqual({ address: '0x20c0000000000000000000000000000000000000', decimals: 6 });
    expect(await tempo.balanceOf(devnet.payer.address)).toBe(1_000_000_000n);
    expect(await tempo.balanceOf(tempo.feePayer.address)).toBe(1_000_000_000n);
    const wallet = await tempo.fundWallet(7_000n);
    expect(privateKeyToAccount(wallet.privateKey).address).toBe(wallet.address);
    expect(await tempo.balanceOf(wallet.address)).toBe(7_000n);
    expect(devnet.mppSecretKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it('leaves no node listening once stopped', async () => {
    await devnet.stop();
    await expect(fetch(devnet.rpcUrl)).rejects.toThrow('fetch failed');
    await expect(fetch(devnet.tempo.rpcUrl)).rejects.toThrow('fetch failed');
  });
});
