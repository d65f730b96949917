import { setTimeout as delay } from 'node:timers/promises';
import { EdgeNetworkError, type RequestLine } from './errors.js';
import type { RawResponse } from './envelope.js';
import { createRedactor } from './redact.js';
import { parseRetryAfterMs, resolveRetryPolicy, retryDelayMs, type RetryPolicy } from './retry.js';
import { validateBaseUrl, validateByteLimit, validateDuration, validateToken } from './validation.js';

/** The `fetch` signature the transport needs; Node 20's global fetch (undici) by default. */
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

export interface TransportOptions {
  /** Including the version segment, e.g. `https://api.cloudflare.com/client/v4`. */
  readonly baseUrl: string;
  readonly token: string;
  readonly fetch?: FetchFunction;
  /** Per attempt, covering the response headers and the whole body. Default 30 s. */
  readonly timeoutMs?: number;
  readonly retry?: Partial<RetryPolicy>;
  /** Waits between attempts; injectable so tests do not wait for real. */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Source of jitter, in [0, 1). */
  readonly random?: () => number;
  /** Clock in epoch milliseconds, for `Retry-After` dates and request durations. */
  readonly now?: () => number;
  /** Receives one line per request, response and retry. Never given the token. */
  readonly log?: (line: string) => void;
  readonly userAgent?: string;
  /**
   * The most a response body may hold, in bytes (default MAX_RESPONSE_BYTES, 16 MiB). A body past it
   * is refused as soon as its declared length or the bytes read pass it, never read whole or again.
   */
  readonly maxResponseBytes?: number;
}

/**
 * Which failures a request may be retried on by the transport itself.
 * - `idempotent` (reads): 429, 5xx, timeouts and connection failures; sending a GET again cannot
 *   change anything.
 * - `rejected-only` (writes): 429 only, the one answer that says the request was turned away
 *   unprocessed. After a 5xx, a timeout or a dropped connection a write may or may not have been
 *   applied; whether it can be sent again is decided by the caller, who can re-read the state
 *   (see safe-write.ts).
 * - `never`: every answer goes back to the caller, who re-reads before sending again. Used for the
 *   update of an execute rule, whose body is computed from a read: after a 429's wait it would be
 *   older than what another writer may have written meanwhile (procedures.ts).
 */
export type RetryMode = 'idempotent' | 'rejected-only' | 'never';

export interface TransportRequest {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Relative to the base URL, starting with '/'; ids already validated and encoded. */
  readonly path: string;
  readonly body?: unknown;
  readonly retry: RetryMode;
}

export const DEFAULT_BASE_URL = 'https://api.cloudflare.com/client/v4';
export const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_USER_AGENT = 'sunset-lint-reference-client';

function gaveUp(attempts: number): string {
  return `gave up after ${attempts} attempts`;
}

function isRetryableStatus(status: number, mode: RetryMode): boolean {
  if (mode === 'never') return false;
  if (status === 429) return true;
  return mode === 'idempotent' && status >= 500 && status <= 599;
}

/**
 * Sends requests to the API: authentication and content headers, a timeout per attempt, retries with
 * exponential backoff and jitter, `Retry-After`. Returns the raw status and body; decoding the
 * envelope is the caller's job (envelope.ts), so this module knows nothing about rulesets.
 */
export class HttpTransport {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly retryPolicy: RetryPolicy;
  readonly maxResponseBytes: number;
  /** Private field: not enumerable, not shown by util.inspect or JSON.stringify of the transport. */
  readonly #token: string;
  readonly #fetch: FetchFunction;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #random: () => number;
  readonly #now: () => number;
  readonly #log: ((line: string) => void) | undefined;
  readonly #userAgent: string;
  /** Removes the token from anything that came from the server or the network stack. */
  readonly redact: (text: string) => string;

  constructor(options: TransportOptions) {
    this.#token = validateToken(options.token);
    this.baseUrl = validateBaseUrl(options.baseUrl);
    this.timeoutMs = validateDuration('timeoutMs', options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    this.retryPolicy = resolveRetryPolicy(options.retry);
    this.maxResponseBytes = validateByteLimit('maxResponseBytes', options.maxResponseBytes ?? MAX_RESPONSE_BYTES);
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#sleep = options.sleep ?? ((ms) => delay(ms));
    this.#random = options.random ?? Math.random;
    this.#now = options.now ?? Date.now;
    this.#log = options.log;
    this.#userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
    this.redact = createRedactor(this.#token);
  }

  /** The sleep function, shared with callers that pace their own retries (safe-write.ts). */
  sleep(ms: number): Promise<void> {
    return this.#sleep(ms);
  }

  random(): number {
    return this.#random();
  }

  /** The clock, shared with callers that read a `Retry-After` date themselves. */
  now(): number {
    return this.#now();
  }

  log(line: string): void {
    this.#log?.(this.redact(line));
  }

  /**
   * Sends the request, retrying as `request.retry` allows. Resolves with the last response (which
   * may be an error status for the caller to decode), or rejects with EdgeNetworkError when the last
   * attempt got no response.
   */
  async send(request: TransportRequest): Promise<RawResponse> {
    const line: RequestLine = { method: request.method, path: request.path };
    const maxAttempts = this.retryPolicy.maxAttempts;
    for (let attempt = 1; ; attempt += 1) {
      const lastAttempt = attempt >= maxAttempts;
      let waitMs: number | undefined;
      let outcome: string;
      try {
        const { response, retryAfter } = await this.#attempt(request, line);
        if (!isRetryableStatus(response.status, request.retry)) return response;
        if (lastAttempt) return maxAttempts > 1 ? { ...response, retryNote: gaveUp(maxAttempts) } : response;
        const askedMs = parseRetryAfterMs(retryAfter, this.#now());
        waitMs = retryDelayMs(this.retryPolicy, attempt, askedMs, () => this.#random());
        // The server asked for a longer pause than the policy allows: report its answer now.
        if (waitMs === undefined) return { ...response, retryNote: this.#tooLongNote(askedMs) };
        outcome = `HTTP ${response.status}`;
      } catch (error) {
        // A redirect or an oversized body is the same answer again: reported at once.
        if (!(error instanceof EdgeNetworkError) || request.retry !== 'idempotent' || error.reason === 'refused')
          throw error;
        if (lastAttempt) throw maxAttempts > 1 ? error.withNote(gaveUp(maxAttempts)) : error;
        waitMs = retryDelayMs(this.retryPolicy, attempt, undefined, () => this.#random());
        outcome = error.reason === 'timeout' ? 'timeout' : 'connection failure';
      }
      if (waitMs === undefined) throw new Error('unreachable: a retry without a delay');
      this.log(
        `${line.method} ${line.path}: ${outcome}; retry ${attempt} of ${maxAttempts - 1} in ${Math.round(waitMs)} ms`,
      );
      await this.#sleep(waitMs);
    }
  }

  #tooLongNote(askedMs: number | undefined): string {
    const seconds = (ms: number) => `${Math.ceil(ms / 1000)} s`;
    return `not retried: Retry-After asks for ${askedMs === undefined ? 'a longer wait' : seconds(askedMs)}, more than the ${seconds(this.retryPolicy.maxRetryAfterMs)} allowed (retry.maxRetryAfterMs)`;
  }

  async #attempt(
    request: TransportRequest,
    line: RequestLine,
  ): Promise<{ response: RawResponse; retryAfter: string | null }> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.#token}`,
      Accept: 'application/json',
      'User-Agent': this.#userAgent,
    };
    let body: string | undefined;
    if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    const started = this.#now();
    this.log(`${line.method} ${line.path}`);
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      const response = await this.#fetch(`${this.baseUrl}${request.path}`, {
        method: request.method,
        headers,
        ...(body === undefined ? {} : { body }),
        signal,
        // The API does not redirect; following one would send the bearer token somewhere unplanned.
        // Taken as an answer (not a failed connection) so that it is reported, not retried.
        redirect: 'manual',
      });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        const to = response.headers.get('location');
        throw new EdgeNetworkError(
          line,
          'refused',
          this.redact(
            `HTTP ${response.status}: a redirect${to ? ` to ${to}` : ''} (the API does not redirect; not followed)`,
          ),
        );
      }
      // Read the body under the same signal: a server that sends headers and then stalls must time
      // out too. At most maxResponseBytes: no answer of this API is near the default.
      const text = await readAtMost(response, this.maxResponseBytes, line);
      const retryAfter = response.headers.get('retry-after');
      this.log(`${line.method} ${line.path}: HTTP ${response.status} (${Math.round(this.#now() - started)} ms)`);
      return {
        response: {
          status: response.status,
          contentType: response.headers.get('content-type'),
          body: this.redact(text),
          ...(retryAfter === null ? {} : { retryAfter }),
        },
        retryAfter,
      };
    } catch (error) {
      if (error instanceof EdgeNetworkError) throw error;
      throw this.#networkError(line, error, signal);
    }
  }

  #networkError(line: RequestLine, error: unknown, signal: AbortSignal): EdgeNetworkError {
    if (signal.aborted) {
      return new EdgeNetworkError(line, 'timeout', `no complete response within ${this.timeoutMs} ms (timeout)`);
    }
    // undici reports "fetch failed" and puts the socket-level reason in `cause`.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const code = typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : undefined;
    const message = cause instanceof Error ? cause.message : String(cause);
    return new EdgeNetworkError(
      line,
      'connection',
      this.redact(`connection failed: ${message}${code ? ` (${code})` : ''}`),
    );
  }
}

/** The most a response body may hold by default (the largest answer of these endpoints is a ruleset's rules). */
export const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/** A byte count for a message: `16 MiB`, or the bytes when it is not a whole number of MiB. */
function formatBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return Number.isInteger(mib) ? `${mib} MiB` : `${bytes} bytes`;
}

/** The body as text, refused (and the connection dropped) once it passes `limit` bytes. */
async function readAtMost(response: Response, limit: number, line: RequestLine): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  const refuse = (size: string) => {
    return new EdgeNetworkError(
      line,
      'refused',
      `HTTP ${response.status}: the response is ${size}, more than the ${formatBytes(limit)} allowed (maxResponseBytes; CLI --max-response-mib); not read further`,
    );
  };
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel();
    throw refuse(`${declared} bytes (Content-Length)`);
  }
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > limit) {
      await response.body.cancel().catch(() => undefined);
      throw refuse(`over ${limit} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total).toString('utf8');
}
