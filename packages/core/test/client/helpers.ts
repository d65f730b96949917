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

/** Asserts that the token appears nowhere in a value: its message, stack, fields or JSON form. */
export function expectNoToken(...values: unknown[]): void {
  for (const value of values) {
    const forms = [String(value), inspect(value, { depth: 10, showHidden: true }), safeJson(value)];
    for (const form of forms) expect(form).not.toContain(TEST_TOKEN);
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
