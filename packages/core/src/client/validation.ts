import { InvalidInputError } from './errors.js';
import { PARANOIA_LEVELS, RULE_ACTIONS, type ParanoiaLevel, type RuleAction } from './types.js';

/*
 * Input checks that run before any request: invalid input must send nothing. Each check throws an
 * InvalidInputError naming the library option, with a message a CLI can show as it is.
 */

const HEX_32 = /^[0-9a-fA-F]{32}$/;
// The spec gives a format only for ruleset ids (2.2). Other ids (zone, account, rule) are only
// required to be a single safe path segment, so they cannot change the path they are put into.
const PATH_SEGMENT_ID = /^[A-Za-z0-9_-]{1,128}$/;
// Visible ASCII only: anything else cannot go into an HTTP header, and fetch's own complaint about
// an invalid header value could quote the value.
const TOKEN_CHARACTERS = /^[\x21-\x7e]+$/;

/** A ruleset id: 32 hexadecimal characters (spec 2.2). */
export function validateRulesetId(field: string, value: string): string {
  if (!HEX_32.test(value)) {
    throw new InvalidInputError(field, `${field} must be 32 hexadecimal characters, got ${JSON.stringify(value)}`);
  }
  return value;
}

/** A zone, account or rule id: one path segment of letters, digits, '-' or '_'. */
export function validatePathId(field: string, value: string): string {
  if (!PATH_SEGMENT_ID.test(value)) {
    throw new InvalidInputError(
      field,
      `${field} must be an identifier of letters, digits, '-' or '_' (1 to 128 characters), got ${JSON.stringify(value)}`,
    );
  }
  return value;
}

export function validateParanoiaLevel(value: number): ParanoiaLevel {
  const level = PARANOIA_LEVELS.find((candidate) => candidate === value);
  if (level === undefined) {
    throw new InvalidInputError('paranoiaLevel', `paranoia level must be 1, 2, 3 or 4, got ${String(value)}`);
  }
  return level;
}

export function validateScoreThreshold(value: number): number {
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new InvalidInputError('scoreThreshold', `score threshold must be a positive integer, got ${String(value)}`);
  }
  return value;
}

export function isRuleAction(value: string): value is RuleAction {
  return (RULE_ACTIONS as readonly string[]).includes(value);
}

export function validateRuleAction(value: string): RuleAction {
  if (!isRuleAction(value)) {
    throw new InvalidInputError(
      'action',
      `action must be one of ${RULE_ACTIONS.join(', ')}, got ${JSON.stringify(value)}`,
    );
  }
  return value;
}

/**
 * The API token must be present and header-safe. The message never repeats the value: a token with
 * a stray newline is still a secret.
 */
export function validateToken(token: string | undefined): string {
  if (token === undefined || token.length === 0) {
    throw new InvalidInputError('token', 'an API token is required');
  }
  if (!TOKEN_CHARACTERS.test(token)) {
    throw new InvalidInputError(
      'token',
      'the API token contains whitespace or characters that cannot be sent in a header',
    );
  }
  return token;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The base URL, without a trailing slash. Plain `http:` is accepted only for loopback hosts (tests,
 * local proxies): anywhere else the bearer token would travel in clear text.
 */
export function validateBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidInputError('baseUrl', `base URL is not a valid URL: ${JSON.stringify(value)}`);
  }
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
  if (!secure) {
    throw new InvalidInputError(
      'baseUrl',
      `base URL must use https (plain http only for localhost/127.0.0.1/[::1]), got ${JSON.stringify(value)}`,
    );
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw new InvalidInputError('baseUrl', 'base URL must not contain credentials, a query or a fragment');
  }
  return url.href.replace(/\/+$/, '');
}

/** A positive finite number of milliseconds. */
export function validateDuration(field: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0) {
    throw new InvalidInputError(field, `${field} must be a positive number of milliseconds, got ${String(value)}`);
  }
  return value;
}

/** A positive whole number of bytes. */
export function validateByteLimit(field: string, value: number): number {
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new InvalidInputError(field, `${field} must be a positive whole number of bytes, got ${String(value)}`);
  }
  return value;
}
