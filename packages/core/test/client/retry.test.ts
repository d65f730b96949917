import { describe, expect, test } from 'vitest';
import { DEFAULT_RETRY_POLICY, backoffDelayMs, parseRetryAfterMs } from '../../src/client/index.js';

describe('backoff and Retry-After', () => {
  const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 1_000 };

  test('exponential with equal jitter: each delay lies in [step/2, step], step doubling up to the cap', () => {
    expect(backoffDelayMs(policy, 1, () => 0)).toBe(50);
    expect(backoffDelayMs(policy, 1, () => 0.999999)).toBeCloseTo(100, 3);
    expect(backoffDelayMs(policy, 2, () => 0)).toBe(100);
    expect(backoffDelayMs(policy, 3, () => 0.5)).toBe(300);
    expect(backoffDelayMs(policy, 10, () => 1)).toBe(1_000);
  });

  test('Retry-After as delay-seconds or HTTP-date; unreadable or absent means no hint', () => {
    const now = Date.parse('2024-05-01T10:00:00Z');
    expect(parseRetryAfterMs('3', now)).toBe(3_000);
    expect(parseRetryAfterMs(' 0 ', now)).toBe(0);
    expect(parseRetryAfterMs('Wed, 01 May 2024 10:00:02 GMT', now)).toBe(2_000);
    expect(parseRetryAfterMs('Wed, 01 May 2024 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfterMs('soon', now)).toBeUndefined();
    expect(parseRetryAfterMs(null, now)).toBeUndefined();
  });
});
