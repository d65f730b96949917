import { jsonSyntaxErrorOffset, lineAndColumn } from '../json-syntax.js';
import { EdgeApiError, EdgeResponseError, type RequestLine } from './errors.js';
import type { ApiErrorObject } from './types.js';

/*
 * Turning an HTTP response into a checked result (spec 2.1 and 7). Anything that is not a success
 * envelope with a well-formed `result` becomes a typed error carrying the HTTP status.
 */

/** Checks a `result` and returns it typed, or returns a sentence saying what is wrong with it. */
export type ResultDecoder<T> = (result: unknown) => { ok: true; value: T } | { ok: false; problem: string };

/** What the transport hands over: the status and the body text, with the token already redacted. */
export interface RawResponse {
  readonly status: number;
  readonly contentType: string | null;
  readonly body: string;
  /**
   * Why the transport stopped retrying an answer it would otherwise have retried (a 429 after the
   * last attempt, a `Retry-After` past the policy's limit): part of the error message, so that a
   * user knows the answer was not a one-off.
   */
  readonly retryNote?: string;
  /** The `Retry-After` header, when the response has one. */
  readonly retryAfter?: string;
}

const SNIPPET_LENGTH = 160;

/** The start of a body, whitespace collapsed, for an error message. */
export function bodySnippet(body: string): string {
  const collapsed = body.replace(/\s+/g, ' ').trim();
  return collapsed.length > SNIPPET_LENGTH ? `${collapsed.slice(0, SNIPPET_LENGTH)}…` : collapsed;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An error object as sent, normalised just enough to be typed: a missing or non-numeric code
 * becomes 0 and a missing message becomes '', rather than the whole error being lost.
 */
function toErrorObject(value: unknown): ApiErrorObject {
  if (!isRecord(value)) return { code: 0, message: JSON.stringify(value) ?? String(value) };
  const code = typeof value['code'] === 'number' ? value['code'] : Number(value['code']);
  const message = typeof value['message'] === 'string' ? value['message'] : '';
  const chain = value['error_chain'];
  return {
    ...value,
    code: Number.isFinite(code) ? code : 0,
    message,
    ...(Array.isArray(chain) ? { error_chain: chain.map(toErrorObject) } : {}),
  };
}

function withNote(problem: string, note: string | undefined): string {
  return note ? `${problem}; ${note}` : problem;
}

/**
 * Where declared JSON breaks, in our words rather than the parser's (whose wording changes between
 * Node versions): most often a body cut short, which says how much arrived.
 */
function jsonProblem(body: string): string {
  const offset = jsonSyntaxErrorOffset(body) ?? 0;
  if (offset >= body.length) return `cut short: the body ends after ${body.length} characters, inside the JSON`;
  const { line, column } = lineAndColumn(body, offset);
  return `unexpected ${JSON.stringify(body.charAt(offset))} at line ${line}, column ${column}`;
}

/**
 * Decodes one response: the body must be JSON, shaped like the envelope, successful with a 2xx
 * status, and its `result` must pass `decode`. Throws EdgeApiError for an error envelope (or an
 * envelope with a non-2xx status) and EdgeResponseError for anything that is not an envelope.
 */
export function decodeEnvelope<T>(request: RequestLine, response: RawResponse, decode: ResultDecoder<T>): T {
  const { status, contentType, body, retryNote, retryAfter } = response;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    const type = `content-type: ${contentType ?? 'none'}`;
    const what =
      body.trim() === ''
        ? 'empty response body'
        : /json/i.test(contentType ?? '')
          ? `response is not valid JSON (${jsonProblem(body)}; ${type})`
          : `response is not JSON (${type})`;
    throw new EdgeResponseError(request, status, withNote(what, retryNote), bodySnippet(body));
  }
  if (!isRecord(parsed) || typeof parsed['success'] !== 'boolean' || !Array.isArray(parsed['errors'])) {
    throw new EdgeResponseError(
      request,
      status,
      withNote('response is not the API envelope (success, errors, result)', retryNote),
      bodySnippet(body),
    );
  }
  const errors = parsed['errors'].map(toErrorObject);
  const ok = status >= 200 && status < 300;
  if (!parsed['success'] || !ok) {
    throw new EdgeApiError(request, status, errors, retryNote, retryAfter);
  }
  const decoded = decode(parsed['result'] ?? null);
  if (!decoded.ok) {
    throw new EdgeResponseError(request, status, `unexpected result: ${decoded.problem}`, bodySnippet(body));
  }
  return decoded.value;
}
