import { describe, expect, test } from 'vitest';
import {
  EdgeApiError,
  EdgeResponseError,
  decodeEnvelope,
  formatRootCauses,
  rootCauseErrors,
  type ApiErrorObject,
} from '../../src/client/index.js';

const request = { method: 'PATCH', path: '/zones/z/rulesets/r/rules/x' };

describe('rootCauseErrors (spec 7, rules 1 and 2)', () => {
  const rootCause = { code: 9005, message: 'Content for A record must be a valid IPv4 address' };

  test('the pre-2024-10-01 form: the 1004 wrapper is unwrapped to its error_chain', () => {
    const errors: ApiErrorObject[] = [{ code: 1004, message: 'DNS Validation Error', error_chain: [rootCause] }];
    expect(rootCauseErrors(errors)).toEqual([rootCause]);
  });

  test('the form from 2024-10-01: the root cause is returned directly', () => {
    expect(rootCauseErrors([rootCause])).toEqual([rootCause]);
  });

  test('both forms give the same answer, so callers never depend on the chain', () => {
    const legacy = rootCauseErrors([{ code: 1004, message: 'DNS Validation Error', error_chain: [rootCause] }]);
    expect(legacy).toEqual(rootCauseErrors([rootCause]));
  });

  test('nested chains are unwrapped to the leaves, several errors are kept in order, an empty chain counts as none', () => {
    const errors: ApiErrorObject[] = [
      {
        code: 1004,
        message: 'wrapper',
        error_chain: [
          { code: 1, message: 'a', error_chain: [{ code: 2, message: 'b' }] },
          { code: 3, message: 'c' },
        ],
      },
      { code: 4, message: 'd', error_chain: [] },
    ];
    expect(rootCauseErrors(errors)).toEqual([
      { code: 2, message: 'b' },
      { code: 3, message: 'c' },
      { code: 4, message: 'd' },
    ]);
    expect(formatRootCauses(rootCauseErrors(errors))).toBe('2: b; 3: c; 4: d');
  });
});

describe('decodeEnvelope', () => {
  const ok = <T>(value: T) => ({ ok: true as const, value });
  const json = (value: unknown) => JSON.stringify(value);

  test('a success envelope yields its result', () => {
    const body = json({ result: [1, 2], success: true, errors: [], messages: [] });
    expect(decodeEnvelope(request, { status: 200, contentType: 'application/json', body }, ok)).toEqual([1, 2]);
  });

  test('an error envelope becomes an EdgeApiError with status, errors and root causes (legacy form)', () => {
    const errors = [
      { code: 1004, message: 'Validation Error', error_chain: [{ code: 20120, message: 'invalid action' }] },
    ];
    const body = json({ result: null, success: false, errors, messages: [] });
    const error = (() => {
      try {
        decodeEnvelope(request, { status: 400, contentType: 'application/json', body }, ok);
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(EdgeApiError);
    const apiError = error as EdgeApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.errors).toEqual(errors);
    expect(apiError.rootCauses).toEqual([{ code: 20120, message: 'invalid action' }]);
    expect(apiError.message).toBe('PATCH /zones/z/rulesets/r/rules/x failed: HTTP 400: 20120: invalid action');
  });

  test('a non-2xx status is an error even when the envelope claims success', () => {
    const body = json({ result: {}, success: true, errors: [], messages: [] });
    expect(() => decodeEnvelope(request, { status: 500, contentType: 'application/json', body }, ok)).toThrow(
      EdgeApiError,
    );
  });

  test('a success envelope with a 2xx status but success false is an error', () => {
    const body = json({ result: null, success: false, errors: [{ code: 7, message: 'no' }], messages: [] });
    expect(() => decodeEnvelope(request, { status: 200, contentType: 'application/json', body }, ok)).toThrow(
      /HTTP 200: 7: no/,
    );
  });

  test.each([
    [
      'an HTML page',
      '<html><body>502 Bad Gateway</body></html>',
      /HTTP 502: response is not JSON \(content-type: text\/html\)/,
    ],
    ['an empty body', '', /HTTP 502: empty response body/],
    ['JSON that is not the envelope', '{"message":"upstream"}', /HTTP 502: response is not the API envelope/],
  ])('%s becomes an EdgeResponseError carrying the status', (_name, body, message) => {
    expect(() => decodeEnvelope(request, { status: 502, contentType: 'text/html', body }, ok)).toThrow(
      EdgeResponseError,
    );
    expect(() => decodeEnvelope(request, { status: 502, contentType: 'text/html', body }, ok)).toThrow(message);
  });

  test.each([
    ['a body cut short', '{"result":{"id":"ab', 'cut short: the body ends after 19 characters, inside the JSON'],
    ['a stray character', '{"result":\n  {"id": ]}', 'unexpected "]" at line 2, column 10'],
  ])('declared JSON that does not parse: %s is described in our words, with where', (_name, body, problem) => {
    const decode = () => decodeEnvelope(request, { status: 200, contentType: 'application/json', body }, ok);
    expect(decode).toThrow(EdgeResponseError);
    expect(decode).toThrow(`HTTP 200: response is not valid JSON (${problem}; content-type: application/json)`);
  });

  test('a result of the wrong shape becomes an EdgeResponseError', () => {
    const body = json({ result: { id: 1 }, success: true, errors: [], messages: [] });
    const decode = () => ({ ok: false as const, problem: 'expected an array' });
    expect(() => decodeEnvelope(request, { status: 200, contentType: 'application/json', body }, decode)).toThrow(
      /HTTP 200: unexpected result: expected an array/,
    );
  });
});
