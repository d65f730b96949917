import { InvalidInputError } from './errors.js';

/** How often and how patiently a failed request is tried again. */
export interface RetryPolicy {
  /** Attempts in total, the first included: 1 means no retry. */
  readonly maxAttempts: number;
  /** Backoff before the first retry; doubles with each further retry. */
  readonly baseDelayMs: number;
  /** Cap on the exponential backoff. */
  readonly maxDelayMs: number;
  /**
   * A `Retry-After` longer than this is not waited for: the 429 or 5xx is reported instead, because a
   * command-line run that silently sleeps for minutes looks hung.
   */
  readonly maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

export function resolveRetryPolicy(overrides: Partial<RetryPolicy> | undefined): RetryPolicy {
  const policy = { ...DEFAULT_RETRY_POLICY, ...overrides };
  if (!Number.isSafeInteger(policy.maxAttempts) || policy.maxAttempts < 1 || policy.maxAttempts > 20) {
    throw new InvalidInputError(
      'retry.maxAttempts',
      `retry.maxAttempts must be an integer from 1 to 20, got ${String(policy.maxAttempts)}`,
    );
  }
  for (const field of ['baseDelayMs', 'maxDelayMs', 'maxRetryAfterMs'] as const) {
    const value = policy[field];
    if (!Number.isFinite(value) || value < 0) {
      throw new InvalidInputError(`retry.${field}`, `retry.${field} must be a number >= 0, got ${String(value)}`);
    }
  }
  return policy;
}

/**
 * Exponential backoff with "equal jitter" for retry number `retry` (1 for the first retry): half of
 * the exponential step is fixed, half random. The fixed half keeps a retry from hitting a struggling
 * server at once; the random half keeps many clients from retrying in lockstep.
 */
export function backoffDelayMs(policy: RetryPolicy, retry: number, random: () => number): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return step / 2 + random() * (step / 2);
}

/**
 * The wait a `Retry-After` header asks for, in milliseconds: delay-seconds or an HTTP-date
 * (RFC 9110 10.2.3). Undefined when absent or unreadable.
 */
export function parseRetryAfterMs(header: string | null, nowMs: number): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

/**
 * How long to wait before retry number `retry`, or undefined when the server asked for a longer wait
 * than the policy allows. A `Retry-After` is honoured as given: the server knows when it will accept
 * requests again, so it replaces the backoff rather than adding to it.
 */
export function retryDelayMs(
  policy: RetryPolicy,
  retry: number,
  retryAfterMs: number | undefined,
  random: () => number,
): number | undefined {
  if (retryAfterMs === undefined) return backoffDelayMs(policy, retry, random);
  return retryAfterMs > policy.maxRetryAfterMs ? undefined : retryAfterMs;
}
