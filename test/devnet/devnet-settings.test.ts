import { describe, expect, it } from 'vitest';
import { devnetSettings } from '../../src/devnet/devnet-settings.js';
import type { Devnet } from '../../src/devnet/start-devnet.js';

// A pure function of the devnet's description: no chain needs to run for it.
const devnet: Devnet = {
  rpcUrl: 'http://127.0.0.1:40123',
  chainId: 31337,
  network: 'eip155:31337',
  usdc: {
    address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    name: 'USD Coin',
    version: '2',
    decimals: 6,
  },
  tempo: {
    rpcUrl: 'http://127.0.0.1:40124',
    chainId: 1337,
    currency: { address: '0x20c0000000000000000000000000000000000000', decimals: 6 },
    feePayer: {
      privateKey: '0x3333333333333333333333333333333333333333333333333333333333333333',
      address: '0x4Ea02A1d1E3E2A5b1C5B0f0E9D8A7B6C5D4E3F21',
    },
    fund: async () => {},
    fundWallet: async () => ({ privateKey: '0x44', address: '0x44' }),
    balanceOf: async () => 0n,
    stop: async () => {},
  },
  mppSecretKey: 'a'.repeat(64),
  payer: {
    privateKey: '0x1111111111111111111111111111111111111111111111111111111111111111',
    address: '0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A',
  },
  payee: { address: '0x1563915e194D8CfBA1943570603F7606A3115508' },
  facilitator: {
    privateKey: '0x2222222222222222222222222222222222222222222222222222222222222222',
    address: '0x5CbDd86a2FA8Dc4bDdd8a8f69dBa48572EeC07FB',
  },
  balanceOf: async () => 0n,
  stop: async () => {},
};

describe('devnetSettings', () => {
  it('points the server at the devnet’s USDC, Tempo node and payee, and the paying client at the server', () => {
    expect(devnetSettings(devnet, 'http://127.0.0.1:3000')).toEqual([
      ['PEERMEM_X402_NETWORK', 'eip155:31337'],
      ['PEERMEM_X402_ASSET', '0x5FbDB2315678afecb367f032d93F642f64180aa3'],
      ['PEERMEM_X402_ASSET_NAME', 'USD Coin'],
      ['PEERMEM_X402_ASSET_VERSION', '2'],
      ['PEERMEM_PAY_TO', '0x1563915e194D8CfBA1943570603F7606A3115508'],
      ['PEERMEM_RPC_URL', 'http://127.0.0.1:40123'],
      [
        'PEERMEM_FACILITATOR_PRIVATE_KEY',
        '0x2222222222222222222222222222222222222222222222222222222222222222',
      ],
      ['PEERMEM_MPP_CHAIN_ID', '1337'],
      ['PEERMEM_MPP_CURRENCY', '0x20c0000000000000000000000000000000000000'],
      ['PEERMEM_MPP_RPC_URL', 'http://127.0.0.1:40124'],
      [
        'PEERMEM_MPP_FEE_PAYER_PRIVATE_KEY',
        '0x3333333333333333333333333333333333333333333333333333333333333333',
      ],
      ['PEERMEM_MPP_SECRET_KEY', 'a'.repeat(64)],
      ['PEERMEM_PRIVATE_KEY', '0x1111111111111111111111111111111111111111111111111111111111111111'],
      ['PEERMEM_UPSTREAM', 'http://127.0.0.1:3000'],
    ]);
  });
});
