import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A sign-in link's token: usable once, until it expires. */
export type OneTimeSignIn = {
  readonly token: string;
  /** Whether `given` is the token, still unused and unexpired; a true answer uses it up. */
  consume(given: string): boolean;
};

/** A fresh one-time token, valid for `ttlMs` from now. */
export function createOneTimeSignIn(ttlMs: number, now: () => number = Date.now): OneTimeSignIn {
  const token = randomBytes(32).toString('base64url');
  const expected = createHash('sha256').update(token).digest();
  const expiresAt = now() + ttlMs;
  let used = false;
  return {
    token,
    consume(given) {
      const matches = timingSafeEqual(createHash('sha256').update(given).digest(), expected);
      if (!matches || used || now() > expiresAt) return false;
      used = true;
      return true;
    },
  };
}
