import { inspect } from 'node:util';
import { expect } from 'vitest';
import { EdgeApiClient, type EdgeApiClientOptions } from '../../src/client/index.js';
import { TEST_TOKEN, type FakeApi } from './fake-api.js';

export interface TestClient {
  readonly client: EdgeApiClient;
  /** Every wait the client asked for, in ms; nothing really waits. */
  readonly sleeps: number[];
  readonly logs: string[];
}

/**
 * A client against the fake with small, recorded waits (the injected sleep returns at once), a short
 * timeout, and a log collector.
 */
export function testClient(fake: FakeApi, options: Partial<EdgeApiClientOptions> = {}): TestClient {
  const sleeps: number[] = [];
  const logs: string[] = [];
  const client = new EdgeApiClient({
    baseUrl: fake.baseUrl,
    token: TEST_TOKEN,
    timeoutMs: 2_000,
    retry: { maxAttempts: 4, baseDelayMs: 8, maxDelayMs: 64 },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    log: (line) => logs.push(line),
    ...options,
  });
  return { client, sleeps, logs };
}

/**
 * The token as an echo may change it on the way (each computed here independently of the client's
 * redaction): cased, split by zero-width characters, percent-encoded, base64 at each byte offset.
 */
export function tokenEchoes(token: string = TEST_TOKEN): [string, string][] {
  const percentAll = (text: string, hex: (byte: string) => string) =>
    [...Buffer.from(text)].map((byte) => `%${hex(byte.toString(16).padStart(2, '0'))}`).join('');
  return [
    ['as it is', token],
    ['upper-cased', token.toUpperCase()],
    ['lower-cased', token.toLowerCase()],
    ['split by zero-width spaces', [...token].join('\u200b')],
    ['split by zero-width joiners and word joiners, upper-cased', [...token.toUpperCase()].join('\u200d\u2060')],
    ['split by zero-width spaces as JSON escapes', [...token].join('\\u200B')],
    ['percent-encoded (encodeURIComponent)', encodeURIComponent(token)],
    ['every byte percent-encoded, lower-case hex', percentAll(token, (hex) => hex)],
    ['every byte percent-encoded, upper-case hex', percentAll(token, (hex) => hex.toUpperCase())],
    ['base64', Buffer.from(token).toString('base64')],
    ['base64url', Buffer.from(token).toString('base64url')],
    ['base64 of the upper-cased token', Buffer.from(token.toUpperCase()).toString('base64')],
    ['base64 inside a Basic credential (offset 1)', `Basic ${Buffer.from(`u:${token}`).toString('base64')}`],
    ['base64 inside a Basic credential (offset 2)', `Basic ${Buffer.from(`us:${token}`).toString('base64')}`],
    ['base64url inside a Basic credential (offset 0)', `Basic ${Buffer.from(`use:${token}@x`).toString('base64url')}`],
    ['base64 split by zero-width spaces', [...Buffer.from(token).toString('base64')].join('\u200b')],
  ];
}

/**
 * Where a text still carries the token, in any of the forms of tokenEchoes: after removing invisible
 * characters, percent-decoding and lower-casing; and inside any base64/base64url run, decoded at each
 * of its four character offsets (any 12 bytes of the token, in any case).
 */
export function tokenLeaks(text: string, token: string = TEST_TOKEN): string[] {
  const leaks: string[] = [];
  const visible = text.replace(/[\u00ad\u180e\u200b-\u200d\u2060-\u2063\ufeff]|\\u200[bBcCdD]/g, '');
  let decoded = visible;
  try {
    decoded = decodeURIComponent(visible);
  } catch {
    decoded = visible.replace(/%([0-9a-fA-F]{2})/g, (_escape, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
  }
  if (decoded.toLowerCase().includes(token.toLowerCase())) leaks.push('the token, in some case or encoding');
  const windows = Array.from({ length: token.length - 11 }, (_, start) => token.slice(start, start + 12).toLowerCase());
  for (const run of visible.match(/[A-Za-z0-9+/_-]{16,}/g) ?? []) {
    for (let offset = 0; offset < 4; offset += 1) {
      const bytes = Buffer.from(run.slice(offset), 'base64').toString('latin1').toLowerCase();
      if (windows.some((window) => bytes.includes(window))) leaks.push(`base64 run ${run}`);
    }
  }
  return leaks;
}

/** Asserts that the token appears nowhere in a value (its message, stack, fields or JSON form), in any form. */
export function expectNoToken(...values: unknown[]): void {
  for (const value of values) {
    const forms = [String(value), inspect(value, { depth: 10, showHidden: true }), safeJson(value)];
    for (const form of forms) {
      expect(form).not.toContain(TEST_TOKEN);
      expect(tokenLeaks(form)).toEqual([]);
    }
  }
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/** The rejection of a promise, failing the test if it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}
