import { parseAbi } from 'viem';

/**
 * The part of Circle's FiatTokenV2_2 the devnet and its tests call, typed; the artifact's JSON ABI
 * would reach TypeScript untyped.
 */
export const fiatTokenAbi = parseAbi([
  'function initialize(string tokenName, string tokenSymbol, string tokenCurrency, uint8 tokenDecimals, address newMasterMinter, address newPauser, address newBlacklister, address newOwner)',
  'function initializeV2(string newName)',
  'function initializeV2_1(address lostAndFound)',
  'function initializeV2_2(address[] accountsToBlacklist, string newSymbol)',
  'function configureMinter(address minter, uint256 minterAllowedAmount) returns (bool)',
  'function mint(address to, uint256 amount) returns (bool)',
  'function name() view returns (string)',
  'function version() view returns (string)',
  'function decimals() view returns (uint8)',
  'function balanceOf(address account) view returns (uint256)',
  'function authorizationState(address authorizer, bytes32 nonce) view returns (bool)',
  'function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature)',
]);
