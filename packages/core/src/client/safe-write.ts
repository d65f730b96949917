import {
  ConcurrentModificationError,
  EdgeApiError,
  EdgeClientError,
  EdgeNetworkError,
  EdgeResponseError,
} from './errors.js';
import { retryDelayMs } from './retry.js';
import type { HttpTransport } from './transport.js';

/*
 * Retrying a write only when it is safe.
 *
 * The transport already retries a write on 429, which turns the request away unprocessed. After a
 * 5xx, a timeout or a dropped connection the write may or may not have been applied, and the spec
 * shows no precondition header (no ETag/If-Match) that would let the server refuse a stale write.
 * Sending the same body again blindly could overwrite a change someone else made in between. So the
 * state is read again first, and the verdict decides:
 * - the server holds what we sent: the write was applied, nothing more is sent;
 * - the server still holds what we read before writing: the write was not applied, and sending the
 *   same body again is exactly the write we meant (our bodies are complete rule states, not deltas,
 *   so even a duplicate application would be harmless);
 * - anything else: someone changed the rule meanwhile; stop with ConcurrentModificationError.
 */

export type WriteVerdict =
  | { readonly state: 'applied' }
  | { readonly state: 'not-applied' }
  | { readonly state: 'conflict'; readonly reason: string };

/** True when a failed write may nevertheless have been applied by the server. */
export function isOutcomeUnknown(error: unknown): error is EdgeClientError {
  // A refused answer (a redirect, a body over the size limit) is not a failed connection: asking
  // again gets the same answer, so it is reported at once (see refusedWrite).
  if (error instanceof EdgeNetworkError) return error.reason !== 'refused';
  if (error instanceof EdgeApiError) return error.status >= 500;
  // A body that is not the envelope (e.g. a proxy's page) says nothing about what happened behind it,
  // unless its status is a 4xx: those are refusals.
  if (error instanceof EdgeResponseError) return error.status >= 500 || error.status < 400;
  return false;
}

export interface SafeWriteOutcome<T> {
  /** The write's response result, or undefined when the write was confirmed by re-reading. */
  readonly result: T | undefined;
  /** True when an attempt failed and a re-read showed it had in fact been applied. */
  readonly confirmedByReread: boolean;
  /** How many times the write was sent. */
  readonly attempts: number;
}

/**
 * A write whose answer was refused (a redirect, a body over the size limit) is reported as it is,
 * never sent again: the note says that the server may have applied it all the same.
 */
export function refusedWrite(error: unknown): unknown {
  return error instanceof EdgeNetworkError && error.reason === 'refused'
    ? error.withNote(
        "not sent again; the write may or may not have been applied (check with a read, e.g. 'sunset-lint ruleset show')",
      )
    : error;
}

/**
 * Sends `write`; after a failure whose outcome is unknown, waits (backoff with jitter), asks
 * `verify` what the server now holds, and either stops (applied), sends again (not applied), or
 * throws ConcurrentModificationError. Any other failure is thrown as is. Bounded by the transport's
 * retry policy.
 */
export async function writeSafely<T>(
  transport: HttpTransport,
  description: string,
  write: () => Promise<T>,
  verify: () => Promise<WriteVerdict>,
): Promise<SafeWriteOutcome<T>> {
  const policy = transport.retryPolicy;
  for (let attempt = 1; ; attempt += 1) {
    let failure: EdgeClientError;
    try {
      return { result: await write(), confirmedByReread: false, attempts: attempt };
    } catch (error) {
      if (!isOutcomeUnknown(error) || attempt >= policy.maxAttempts) throw refusedWrite(error);
      failure = error;
    }
    const waitMs = retryDelayMs(policy, attempt, undefined, () => transport.random()) ?? 0;
    transport.log(
      `${failure.message}; the write may or may not have been applied: re-reading in ${Math.round(waitMs)} ms before deciding`,
    );
    await transport.sleep(waitMs);
    let verdict: WriteVerdict;
    try {
      verdict = await verify();
    } catch (verifyError) {
      // The state cannot be read either: report the write's own failure, the one that matters.
      transport.log(
        `${description}: re-read failed too (${verifyError instanceof Error ? verifyError.message : String(verifyError)})`,
      );
      throw failure;
    }
    if (verdict.state === 'applied') {
      transport.log(`${description}: the re-read shows the write was applied`);
      return { result: undefined, confirmedByReread: true, attempts: attempt };
    }
    if (verdict.state === 'conflict')
      throw new ConcurrentModificationError(`${description}: ${verdict.reason}; not retried`, failure);
    transport.log(`${description}: the re-read shows the write was not applied; sending it again`);
  }
}
