import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  DEFAULT_BASE_URL,
  EdgeApiClient,
  EdgeApiError,
  EdgeNetworkError,
  EdgeResponseError,
  InvalidInputError,
  MAX_RESPONSE_BYTES,
  REDACTED,
  createRedactor,
  type ExecuteRuleBody,
} from '../../src/client/index.js';
import { IDS, PATHS, TEST_TOKEN, startFakeApi, type FakeApi } from './fake-api.js';
import { expectNoToken, rejectionOf, testClient, tokenEchoes, tokenLeaks } from './helpers.js';

let fake: FakeApi;
beforeEach(async () => {
  fake = await startFakeApi();
});
afterEach(async () => {
  await fake.close();
});

const body: ExecuteRuleBody = {
  action: 'execute',
  action_parameters: { id: IDS.owasp, version: 'latest' },
  expression: 'true',
  enabled: true,
};

describe('requests', () => {
  test('a GET carries Authorization: Bearer and Accept, and no body or Content-Type', async () => {
    const { client } = testClient(fake);
    const rulesets = await client.listAccountRulesets(IDS.account);
    expect(rulesets.map((ruleset) => ruleset.name)).toContain('Cloudflare OWASP Core Ruleset');
    expect(rulesets.every((ruleset) => !('rules' in ruleset))).toBe(true);
    const [request] = fake.requests;
    expect(fake.calls()).toEqual([`GET ${PATHS.list}`]);
    expect(request?.headers['authorization']).toBe(`Bearer ${TEST_TOKEN}`);
    expect(request?.headers['accept']).toBe('application/json');
    expect(request?.headers['content-type']).toBeUndefined();
    expect(request?.bodyText).toBe('');
  });

  test('a write carries Content-Type: application/json, a Content-Length and the JSON body, never Transfer-Encoding too', async () => {
    const { client } = testClient(fake);
    await client.updateZoneRulesetRule(IDS.zone, IDS.entrypoint, IDS.executeOwasp, body);
    const [request] = fake.requests;
    expect(fake.calls()).toEqual([`PATCH ${PATHS.owaspRule}`]);
    expect(request?.headers['authorization']).toBe(`Bearer ${TEST_TOKEN}`);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['content-length']).toBe(String(Buffer.byteLength(request?.bodyText ?? '')));
    expect(request?.headers['transfer-encoding']).toBeUndefined();
    expect(request?.body).toEqual(body);
  });

  test('endpoint 2 returns the ruleset with its rules in order; endpoint 3 the entry point', async () => {
    const { client } = testClient(fake);
    const ruleset = await client.getAccountRuleset(IDS.account, IDS.owasp);
    expect(ruleset.rules.at(-1)).toMatchObject({ id: IDS.lastRule, score_threshold: 40, action: 'block' });
    const entrypoint = await client.getZoneEntrypointRuleset(IDS.zone);
    expect(entrypoint).toMatchObject({ id: IDS.entrypoint, kind: 'zone' });
    expect(fake.calls()).toEqual([`GET ${PATHS.owasp}`, `GET ${PATHS.entrypoint}`]);
  });

  test('the injected fetch is the one used', async () => {
    const seen: string[] = [];
    const { client } = testClient(fake, {
      fetch: (input, init) => {
        seen.push(`${init.method ?? 'GET'} ${input}`);
        return fetch(input, init);
      },
    });
    await client.getZoneEntrypointRuleset(IDS.zone);
    expect(seen).toEqual([`GET ${fake.baseUrl}${PATHS.entrypoint}`]);
  });

  test('the default base URL is the provider API', () => {
    expect(DEFAULT_BASE_URL).toBe('https://api.cloudflare.com/client/v4');
    expect(new EdgeApiClient({ token: TEST_TOKEN }).baseUrl).toBe(DEFAULT_BASE_URL);
  });

  test('invalid options are refused before anything is sent, without repeating the token', () => {
    expect(() => new EdgeApiClient({ token: `${TEST_TOKEN}\n` })).toThrow(InvalidInputError);
    expectNoToken(rejectionOrError(() => new EdgeApiClient({ token: `${TEST_TOKEN}\n` })));
    expect(() => new EdgeApiClient({ token: '' })).toThrow(/API token is required/);
    expect(() => new EdgeApiClient({ token: TEST_TOKEN, baseUrl: 'http://api.example.com/client/v4' })).toThrow(
      /must use https/,
    );
    expect(() => new EdgeApiClient({ token: TEST_TOKEN, baseUrl: 'not a url' })).toThrow(/not a valid URL/);
    expect(() => new EdgeApiClient({ token: TEST_TOKEN, timeoutMs: 0 })).toThrow(/timeoutMs/);
    expect(() => new EdgeApiClient({ token: TEST_TOKEN, retry: { maxAttempts: 0 } })).toThrow(/maxAttempts/);
    expect(fake.requests).toEqual([]);
  });

  test('ids that are not a single path segment are refused before sending', async () => {
    const { client } = testClient(fake);
    await expect(client.listAccountRulesets('../zones')).rejects.toThrow(InvalidInputError);
    await expect(client.getZoneEntrypointRuleset('a/b')).rejects.toThrow(/zoneId must be an identifier/);
    expect(fake.requests).toEqual([]);
  });

  test('the client and its transport do not show the token when inspected or serialised', () => {
    const { client } = testClient(fake);
    expect(inspect(client, { depth: 5, showHidden: true })).not.toContain(TEST_TOKEN);
    expect(JSON.stringify(client)).not.toContain(TEST_TOKEN);
  });
});

function rejectionOrError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('retries of reads', () => {
  test('429 with Retry-After in seconds: waits exactly that long, then succeeds', async () => {
    const { client, sleeps, logs } = testClient(fake);
    fake.failNext({ path: PATHS.list }, { kind: 'rate-limit', retryAfter: '1' });
    await client.listAccountRulesets(IDS.account);
    expect(fake.calls()).toEqual([`GET ${PATHS.list}`, `GET ${PATHS.list}`]);
    expect(sleeps).toEqual([1_000]);
    expect(logs.some((line) => line.includes('HTTP 429; retry 1 of 3 in 1000 ms'))).toBe(true);
  });

  test('429 with Retry-After as an HTTP-date is honoured against the injected clock', async () => {
    const now = Date.parse('2024-05-01T10:00:00Z');
    const { client, sleeps } = testClient(fake, { now: () => now });
    fake.failNext({ path: PATHS.list }, { kind: 'rate-limit', retryAfter: 'Wed, 01 May 2024 10:00:03 GMT' });
    await client.listAccountRulesets(IDS.account);
    expect(sleeps).toEqual([3_000]);
  });

  test('429 without Retry-After backs off exponentially', async () => {
    const { client, sleeps } = testClient(fake);
    fake.failNext({ path: PATHS.list }, { kind: 'rate-limit' }, { times: 2 });
    await client.listAccountRulesets(IDS.account);
    // baseDelayMs 8, random 0.5: step/2 + 0.5 * step/2 = 0.75 * step, with step 8 then 16.
    expect(sleeps).toEqual([6, 12]);
  });

  test('a Retry-After beyond maxRetryAfterMs is not waited for: the 429 is reported', async () => {
    const { client, sleeps } = testClient(fake, { retry: { maxRetryAfterMs: 5_000, baseDelayMs: 1 } });
    fake.failNext({ path: PATHS.list }, { kind: 'rate-limit', retryAfter: '3600' });
    const error = await rejectionOf(client.listAccountRulesets(IDS.account));
    expect(error).toBeInstanceOf(EdgeApiError);
    expect((error as EdgeApiError).status).toBe(429);
    expect((error as Error).message).toMatch(
      /; not retried: Retry-After asks for 3600 s, more than the 5 s allowed \(retry\.maxRetryAfterMs\)$/,
    );
    expect(sleeps).toEqual([]);
    expect(fake.requests).toHaveLength(1);
  });

  test('500 is retried with growing backoff until it succeeds', async () => {
    const { client, sleeps } = testClient(fake);
    fake.failNext({ path: PATHS.entrypoint }, { kind: 'server-error' }, { times: 2 });
    const entrypoint = await client.getZoneEntrypointRuleset(IDS.zone);
    expect(entrypoint.id).toBe(IDS.entrypoint);
    expect(fake.requests).toHaveLength(3);
    expect(sleeps).toEqual([6, 12]);
  });

  test('a persistent 500 gives up after maxAttempts with the status and root causes', async () => {
    const { client, sleeps } = testClient(fake);
    fake.failNext({ path: PATHS.entrypoint }, { kind: 'server-error', status: 503 }, { times: 10 });
    const error = await rejectionOf(client.getZoneEntrypointRuleset(IDS.zone));
    expect(error).toBeInstanceOf(EdgeApiError);
    expect((error as EdgeApiError).status).toBe(503);
    expect((error as EdgeApiError).rootCauses).toEqual([{ code: 10500, message: 'Internal server error' }]);
    expect((error as Error).message).toBe(
      `GET ${PATHS.entrypoint} failed: HTTP 503: 10500: Internal server error; gave up after 4 attempts`,
    );
    expect(fake.requests).toHaveLength(4);
    expect(sleeps).toEqual([6, 12, 24]);
  });

  test('a slow response times out and is retried', async () => {
    // A second's limit: the retried request is answered at once, and must be within it even on a
    // loaded machine (100 ms was not, once, with five other sessions running).
    const { client } = testClient(fake, { timeoutMs: 1_000 });
    // The slow answer would come long after the test's own time limit (the fake drops it when it
    // closes): the call can only return because the client gave up on it and asked again.
    fake.failNext({ path: PATHS.entrypoint }, { kind: 'slow', delayMs: 3_600_000 });
    const entrypoint = await client.getZoneEntrypointRuleset(IDS.zone);
    expect(entrypoint.id).toBe(IDS.entrypoint);
    expect(fake.requests).toHaveLength(2);
  });

  test('a response that stays slow ends in EdgeNetworkError (timeout)', async () => {
    const { client } = testClient(fake, { timeoutMs: 80, retry: { maxAttempts: 2, baseDelayMs: 1 } });
    fake.failNext({ path: PATHS.entrypoint }, { kind: 'slow', delayMs: 1_000 }, { times: 2 });
    const error = await rejectionOf(client.getZoneEntrypointRuleset(IDS.zone));
    expect(error).toBeInstanceOf(EdgeNetworkError);
    expect((error as EdgeNetworkError).reason).toBe('timeout');
    expect((error as Error).message).toBe(
      `GET ${PATHS.entrypoint} failed: no complete response within 80 ms (timeout); gave up after 2 attempts`,
    );
  });

  test('a dropped connection is retried; one that keeps dropping ends in EdgeNetworkError (connection)', async () => {
    const { client } = testClient(fake);
    fake.failNext({ path: PATHS.list }, { kind: 'drop' });
    await client.listAccountRulesets(IDS.account);
    expect(fake.requests).toHaveLength(2);

    fake.failNext({ path: PATHS.list }, { kind: 'drop' }, { times: 4 });
    const error = await rejectionOf(client.listAccountRulesets(IDS.account));
    expect(error).toBeInstanceOf(EdgeNetworkError);
    expect((error as EdgeNetworkError).reason).toBe('connection');
    expect((error as Error).message).toMatch(
      /^GET \/accounts\/\w+\/rulesets failed: connection failed: .+; gave up after 4 attempts$/,
    );
  });

  test('a redirect is reported at once, not retried and not followed (the token stays here)', async () => {
    const { client } = testClient(fake);
    fake.failNext({ path: PATHS.list }, { kind: 'redirect', status: 302, location: 'https://elsewhere.example/x' });
    const error = await rejectionOf(client.listAccountRulesets(IDS.account));
    expect(error).toBeInstanceOf(EdgeNetworkError);
    expect((error as EdgeNetworkError).reason).toBe('refused');
    expect((error as Error).message).toBe(
      `GET /accounts/${IDS.account}/rulesets failed: HTTP 302: a redirect to https://elsewhere.example/x (the API does not redirect; not followed)`,
    );
    expect(fake.requests).toHaveLength(1);
  });

  test.each([true, false])(
    'a body over the limit is refused once it passes it, not read whole and not retried (Content-Length declared: %s)',
    async (declared) => {
      const { client } = testClient(fake);
      fake.failNext({ path: PATHS.list }, { kind: 'huge', bytes: MAX_RESPONSE_BYTES + 1024 * 1024, declared });
      const error = await rejectionOf(client.listAccountRulesets(IDS.account));
      expect(error).toBeInstanceOf(EdgeNetworkError);
      expect((error as EdgeNetworkError).reason).toBe('refused');
      expect((error as Error).message).toMatch(
        new RegExp(
          `^GET ${PATHS.list} failed: HTTP 200: the response is .+, more than the 16 MiB allowed \\(maxResponseBytes; CLI --max-response-mib\\); not read further$`,
        ),
      );
      expect(fake.requests).toHaveLength(1);
    },
  );

  test.each([true, false])(
    'the limit is configurable (maxResponseBytes): a body past a smaller one is refused, naming it and the request (Content-Length declared: %s)',
    async (declared) => {
      const { client } = testClient(fake, { maxResponseBytes: 100_000 });
      fake.failNext({ path: PATHS.list }, { kind: 'huge', bytes: 1024 * 1024, declared });
      const error = await rejectionOf(client.listAccountRulesets(IDS.account));
      expect(error).toBeInstanceOf(EdgeNetworkError);
      expect((error as Error).message).toBe(
        `GET ${PATHS.list} failed: HTTP 200: the response is ${declared ? '1048576 bytes (Content-Length)' : 'over 100000 bytes'}, more than the 100000 bytes allowed (maxResponseBytes; CLI --max-response-mib); not read further`,
      );
      expect(fake.requests).toHaveLength(1);
      // Under the limit, the same client reads answers as usual.
      expect(await client.listAccountRulesets(IDS.account)).toHaveLength(4);
      expect(() => new EdgeApiClient({ token: TEST_TOKEN, maxResponseBytes: 0 })).toThrow(
        /maxResponseBytes must be a positive whole number of bytes, got 0/,
      );
    },
  );

  test('an HTML error page is retried as a 5xx, and reported as EdgeResponseError with the token redacted', async () => {
    const { client, logs } = testClient(fake);
    fake.failNext({ path: PATHS.list }, { kind: 'html', status: 502, echoAuthorization: true }, { times: 4 });
    const error = await rejectionOf(client.listAccountRulesets(IDS.account));
    expect(error).toBeInstanceOf(EdgeResponseError);
    const responseError = error as EdgeResponseError;
    expect(responseError.status).toBe(502);
    expect(responseError.message).toMatch(/HTTP 502: response is not JSON \(content-type: text\/html; charset=utf-8\)/);
    expect(responseError.bodySnippet).toContain(`Authorization: Bearer ${REDACTED}`);
    expect(fake.requests).toHaveLength(4);
    expectNoToken(error, logs);
  });

  test('other 4xx are not retried', async () => {
    const { client, sleeps } = testClient(fake);
    const error = await rejectionOf(client.getAccountRuleset(IDS.account, 'ffffffffffffffffffffffffffffffff'));
    expect((error as EdgeApiError).status).toBe(404);
    fake.failNext(
      { path: PATHS.list },
      { kind: 'error-envelope', status: 403, errors: [{ code: 10000, message: 'Authentication error' }] },
    );
    expect(((await rejectionOf(client.listAccountRulesets(IDS.account))) as EdgeApiError).status).toBe(403);
    expect(fake.requests).toHaveLength(2);
    expect(sleeps).toEqual([]);
  });

  test('a wrong token gets the 401 of the API, not retried, and the message names no token', async () => {
    const { client } = testClient(fake, { token: 'another-token-value' });
    const error = await rejectionOf(client.listAccountRulesets(IDS.account));
    expect(error).toBeInstanceOf(EdgeApiError);
    expect((error as Error).message).toBe(`GET ${PATHS.list} failed: HTTP 401: 10000: Authentication error`);
    expect(fake.requests).toHaveLength(1);
  });
});

describe('retries of writes (transport level)', () => {
  test('429 on a write is retried: the request was turned away unprocessed', async () => {
    const { client, sleeps } = testClient(fake);
    fake.failNext({ method: 'PATCH' }, { kind: 'rate-limit', retryAfter: '2' });
    await client.updateZoneRulesetRule(IDS.zone, IDS.entrypoint, IDS.executeOwasp, body);
    expect(fake.calls()).toEqual([`PATCH ${PATHS.owaspRule}`, `PATCH ${PATHS.owaspRule}`]);
    expect(sleeps).toEqual([2_000]);
  });

  test('500, a timeout or a dropped connection on a write are not retried by the transport', async () => {
    const { client } = testClient(fake, { timeoutMs: 100 });
    fake.failNext({ method: 'PATCH' }, { kind: 'server-error' });
    expect(
      await rejectionOf(client.updateZoneRulesetRule(IDS.zone, IDS.entrypoint, IDS.executeOwasp, body)),
    ).toBeInstanceOf(EdgeApiError);
    fake.failNext({ method: 'PATCH' }, { kind: 'drop' });
    expect(
      await rejectionOf(client.updateZoneRulesetRule(IDS.zone, IDS.entrypoint, IDS.executeOwasp, body)),
    ).toBeInstanceOf(EdgeNetworkError);
    fake.failNext({ method: 'POST' }, { kind: 'slow', delayMs: 1_000 });
    expect(await rejectionOf(client.createZoneRulesetRule(IDS.zone, IDS.entrypoint, body))).toBeInstanceOf(
      EdgeNetworkError,
    );
    expect(fake.writes()).toHaveLength(3);
  });
});

describe('error forms and the token', () => {
  const legacy = [
    {
      code: 1004,
      message: 'Validation Error',
      error_chain: [{ code: 20120, message: 'overrides.rules[0].action: invalid' }],
    },
  ];
  const current = [{ code: 20120, message: 'overrides.rules[0].action: invalid' }];

  test.each([
    ['with the 1004 wrapper and error_chain', legacy],
    ['with the root cause directly', current],
  ])('an error envelope %s gives the same root causes and message', async (_form, errors) => {
    const { client } = testClient(fake);
    fake.failNext({ method: 'PATCH' }, { kind: 'error-envelope', status: 400, errors });
    const error = (await rejectionOf(
      client.updateZoneRulesetRule(IDS.zone, IDS.entrypoint, IDS.executeOwasp, body),
    )) as EdgeApiError;
    expect(error).toBeInstanceOf(EdgeApiError);
    expect(error.status).toBe(400);
    expect(error.errors).toEqual(errors);
    expect(error.rootCauses).toEqual([{ code: 20120, message: 'overrides.rules[0].action: invalid' }]);
    expect(error.message).toBe(`PATCH ${PATHS.owaspRule} failed: HTTP 400: 20120: overrides.rules[0].action: invalid`);
  });

  test.each(tokenEchoes())(
    'the token echoed %s in an error message, a proxy page and a response field is redacted everywhere',
    async (_form, echo) => {
      const { client, logs } = testClient(fake);
      // Before the echo is redacted, the test's own detector must see it.
      expect(tokenLeaks(`Invalid header value: ${echo}`)).not.toEqual([]);
      fake.failNext(
        { path: PATHS.list },
        { kind: 'error-envelope', status: 400, errors: [{ code: 6003, message: `Invalid header value: ${echo}` }] },
      );
      const apiError = (await rejectionOf(client.listAccountRulesets(IDS.account))) as EdgeApiError;
      expect(apiError.rootCauses[0]?.message).toContain(REDACTED);
      // An answer that is not the envelope: the echo lands in the body snippet.
      fake.failNext(
        { path: PATHS.list },
        { kind: 'error-envelope', status: 400, errors: [`Authorization: ${echo}`] as never },
      );
      const snippetError = await rejectionOf(client.listAccountRulesets(IDS.account));
      // A field of a successful answer (e.g. a rule's description that quotes a header).
      const rule = (fake.state.entrypoint?.['rules'] as { description?: string }[])[1]!;
      rule.description = `created with ${echo}`;
      const entrypoint = await client.getZoneEntrypointRuleset(IDS.zone);
      expect(entrypoint.rules[1]?.description).toContain(REDACTED);
      expectNoToken(apiError, snippetError, entrypoint, logs);
    },
  );

  test('text without the token is left exactly as it is, and each echo is replaced by one [REDACTED]', () => {
    const redact = createRedactor(TEST_TOKEN);
    const ordinary = [
      'plain text, a rule id a1000000000000000000000000000001 and a partial SECRET-test-token-7f3a',
      Buffer.from('another secret entirely, at some length').toString('base64'),
      '%41%42%43 %e2%80%8b \u200b zero\u200bwidth \\u0041 "quoted \\" text"',
      JSON.stringify({ description: 'Execute the OWASP core ruleset', expression: 'true' }),
    ];
    for (const text of ordinary) expect(redact(text)).toBe(text);
    for (const [, echo] of tokenEchoes()) {
      expect(redact(`<${echo}>`)).toMatch(/^<[\w:= ]*\[REDACTED\][\w=@]*>$/);
      expect(redact(`<${echo}>`).split(REDACTED)).toHaveLength(2);
    }
  });

  test('a token echoed by the server inside an error message is redacted from the error and the logs', async () => {
    const { client, logs } = testClient(fake);
    fake.failNext(
      { path: PATHS.list },
      {
        kind: 'error-envelope',
        status: 400,
        errors: [{ code: 6003, message: `Invalid header value: Bearer ${TEST_TOKEN}` }],
      },
    );
    const error = (await rejectionOf(client.listAccountRulesets(IDS.account))) as EdgeApiError;
    expect(error.rootCauses).toEqual([{ code: 6003, message: `Invalid header value: Bearer ${REDACTED}` }]);
    expectNoToken(error, logs);
    expect(logs.length).toBeGreaterThan(0);
  });
});
