import { describe, expect, test } from 'vitest';
import { createRateLimiter } from '../../src/http/rate-limiter.js';

/** A clock the test moves by hand, in seconds, so refills are exact. */
const manualClock = () => {
  const clock = { seconds: 0, now: () => clock.seconds };
  return clock;
};

describe('createRateLimiter', () => {
  test('a key gets its burst at once, then waits for the bucket to refill at the rate', () => {
    const clock = manualClock();
    const limiter = createRateLimiter({ requestsPerSecond: 2, burst: 3 }, clock.now);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 0]);
    expect(limiter.take('a')).toBe(0.5);
    clock.seconds = 0.25;
    expect(limiter.take('a')).toBe(0.25);
    clock.seconds = 0.5;
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(0.5);
  });

  test('keys are counted apart, and an idle key is back to its full burst', () => {
    const clock = manualClock();
    const limiter = createRateLimiter({ requestsPerSecond: 1, burst: 2 }, clock.now);
    limiter.take('a');
    limiter.take('a');
    expect(limiter.take('a')).toBeGreaterThan(0);
    expect(limiter.take('b')).toBe(0);
    clock.seconds = 100;
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 1]);
  });

  test('at most 10,000 buckets are kept: past that the least recently used is forgotten', () => {
    const clock = manualClock();
    const limiter = createRateLimiter({ requestsPerSecond: 1, burst: 1 }, clock.now);
    limiter.take('oldest');
    limiter.take('recent');
    for (let i = 0; i < 9_998; i++) limiter.take(`wallet-${i}`);
    // 'recent' is used again, so it is no longer the least recently used.
    expect(limiter.take('recent')).toBeGreaterThan(0);
    limiter.take('one more');
    expect(limiter.take('oldest')).toBe(0);
    expect(limiter.take('recent')).toBeGreaterThan(0);
  });

  test('refuses a rate or burst that could never admit a request', () => {
    expect(() => createRateLimiter({ requestsPerSecond: 0, burst: 1 })).toThrow(RangeError);
    expect(() => createRateLimiter({ requestsPerSecond: 1, burst: 0 })).toThrow(RangeError);
  });
});
