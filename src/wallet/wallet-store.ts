import { chmod, mkdir, open, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AsyncEntry } from '@napi-rs/keyring';
import type { Hex } from 'viem';

/** Where a wallet key was found or kept, as every `peermem wallet` command names it. */
export type WalletStoreKind = 'keychain' | 'environment' | 'file';

export type StoredKey = { privateKey: Hex; store: WalletStoreKind; where: string };

/** The keychain entry: one wallet per user. */
const KEYCHAIN_SERVICE = 'peermem';
const KEYCHAIN_ACCOUNT = 'wallet';
const KEY = /^0x[0-9a-fA-F]{64}$/;

/** A wallet store that cannot be used: the message names it and says what to do, never the key. */
export class WalletStoreError extends Error {
  override name = 'WalletStoreError';
}

export type WalletStoreOptions = {
  /** The folder of the key file (and of the spending ledger beside it). */
  dir: string;
  /** PEERMEM_PRIVATE_KEY, when set. */
  environmentKey?: string | undefined;
  /** Whether to try the OS keychain; tests of the file fallback turn it off. */
  keychain?: boolean;
};

/** The file that holds the key where no keychain is available. */
export const walletFile = (dir: string) => join(dir, 'wallet.key');

/**
 * The wallet key, looked up in order: PEERMEM_PRIVATE_KEY (a key given for this run wins over a
 * kept one), the OS keychain, then the key file, which is refused when anyone but its owner may
 * read it. Undefined when none holds a key.
 */
export async function findWalletKey(options: WalletStoreOptions): Promise<StoredKey | undefined> {
  if (options.environmentKey !== undefined) {
    return {
      privateKey: checkKey(options.environmentKey, 'PEERMEM_PRIVATE_KEY'),
      store: 'environment',
      where: 'PEERMEM_PRIVATE_KEY',
    };
  }
  const entry = options.keychain === false ? undefined : await keychainEntry();
  if (entry !== undefined) {
    const kept = await entry.getPassword().catch(() => null);
    if (kept !== null)
      return {
        privateKey: checkKey(kept, 'the keychain entry'),
        store: 'keychain',
        where: 'the OS keychain',
      };
  }
  const file = walletFile(options.dir);
  const info = await stat(file).catch(() => undefined);
  if (info === undefined) return undefined;
  if ((info.mode & 0o077) !== 0) {
    throw new WalletStoreError(
      `${file}: readable by others (mode ${(info.mode & 0o777).toString(8)}); refused. Run chmod 600 ${file}, and move the funds to a new wallet if others may have read it`,
    );
  }
  const text = (await readFile(file, 'utf8')).trim();
  return { privateKey: checkKey(text, file), store: 'file', where: file };
}

/**
 * Keeps a key: in the OS keychain where one is available, else in the key file, created with
 * mode 0600 (an existing file is never overwritten).
 */
export async function keepWalletKey(
  privateKey: Hex,
  options: Pick<WalletStoreOptions, 'dir' | 'keychain'>,
): Promise<{ store: WalletStoreKind; where: string }> {
  const entry = options.keychain === false ? undefined : await keychainEntry();
  if (
    entry !== undefined &&
    (await entry.setPassword(privateKey).then(
      () => true,
      () => false,
    ))
  ) {
    return { store: 'keychain', where: 'the OS keychain' };
  }
  const file = walletFile(options.dir);
  await mkdir(options.dir, { recursive: true, mode: 0o700 });
  const handle = await open(file, 'wx', 0o600).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EEXIST')
      throw new WalletStoreError(`${file} already holds a wallet; run peermem wallet forget first`);
    throw new WalletStoreError(`${file}: cannot be created (${error.code ?? 'unwritable'})`);
  });
  try {
    await handle.writeFile(`${privateKey}\n`);
  } finally {
    await handle.close();
  }
  await chmod(file, 0o600);
  return { store: 'file', where: file };
}

/** Removes the kept key from the keychain and the key file; says where one was removed from. */
export async function forgetWalletKey(
  options: Pick<WalletStoreOptions, 'dir' | 'keychain'>,
): Promise<{ store: WalletStoreKind; where: string }[]> {
  const removed: { store: WalletStoreKind; where: string }[] = [];
  const entry = options.keychain === false ? undefined : await keychainEntry();
  if (entry !== undefined && (await entry.deleteCredential().catch(() => false))) {
    removed.push({ store: 'keychain', where: 'the OS keychain' });
  }
  const file = walletFile(options.dir);
  if ((await stat(file).catch(() => undefined)) !== undefined) {
    await rm(file);
    removed.push({ store: 'file', where: file });
  }
  return removed;
}

/**
 * The keychain entry of the wallet, or undefined where the platform offers no keychain that
 * can be used (a headless Linux without a secret service, CI). On Linux only the Secret Service
 * counts: the kernel keyring the library would fall back to forgets its keys at reboot.
 */
async function keychainEntry(): Promise<AsyncEntry | undefined> {
  try {
    const entry = new AsyncEntry(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT, { linux: { store: 'secret-service' } });
    await entry.getPassword();
    return entry;
  } catch {
    return undefined;
  }
}

function checkKey(value: string, source: string): Hex {
  if (!KEY.test(value)) throw new WalletStoreError(`${source}: is not a private key (0x and 64 hex digits)`);
  return value as Hex;
}
