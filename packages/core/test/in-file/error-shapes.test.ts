import { describe, expect, it } from 'vitest';
import { errorShapes } from '../../src/match/error-shapes.js';
import type { PropertyReadFact } from '../../src/internal.js';
import { at, entry, facts, inFileFactsOf, matched } from './support.js';

describe('code checks, literals and chain reads (reader)', () => {
  it('records watched codes compared with a code, and the watched words around them', () => {
    const code = [
      'function onDnsError(err) {',
      '  if (err.code === 1004) return true;',
      '  switch (status) { case 1004: return false; }',
      '}',
      'export const close = (event) => 1004 == event.code;',
      'export const other = (event) => event.code === 1005;',
    ].join('\n');
    expect(inFileFactsOf(code).codeChecks).toEqual([
      { code: 1004, range: [at(code, '1004'), at(code, '1004') + 4], nearby: ['text:dns', 'word:1004'] },
      // The file is small: at its top level the code around is the whole of it (where `dns` is).
      { code: 1004, range: [at(code, '1004', 2), at(code, '1004', 2) + 4], nearby: ['text:dns', 'word:1004'] },
    ]);
  });

  it('records the message literal, member reads of the chain field with their fallback and rewrite, and pattern keys', () => {
    const code = [
      "const wrapper = 'DNS Validation Error';",
      'const a = err.error_chain;',
      'const b = err.error_chain ?? [err];',
      'const c = load().error_chain;',
      'const [{ error_chain: chain }] = errors;',
    ].join('\n');
    const inFile = inFileFactsOf(code);
    expect(inFile.literals).toEqual([{ text: 'DNS Validation Error', range: [16, 38] }]);
    const brief = (read: PropertyReadFact) => [
      read.how,
      read.receiver,
      read.fallsBackToReceiver,
      read.rewritable?.text,
    ];
    expect(inFile.reads.map(brief)).toEqual([
      ['member', 'err', undefined, 'err.error_chain'],
      ['member', 'err', true, 'err.error_chain'],
      ['member', 'load', undefined, undefined],
      ['pattern', undefined, undefined, undefined],
    ]);
  });
});

describe('the code around a read', () => {
  it('is the whole small file for a top-level callback, but an interceptor’s own code for an interceptor', () => {
    const code = [
      "const http = axios.create({ baseURL: 'https://api.cloudflare.com/client/v4/' });",
      'http.interceptors.response.use(undefined, (error) => console.error(error.response.data.errors[0].error_chain));',
      'fetchJson(url).then((body) => body.errors[0].error_chain);',
      'export const settings = (zone) => http.patch(`zones/${zone}/dns_settings`, {});',
    ].join('\n');
    expect(inFileFactsOf(code).reads.map((read) => read.nearby)).toEqual([
      ['text:error_chain'],
      ['text:dns', 'text:error_chain'],
    ]);
  });
});

describe('error shapes (matcher)', () => {
  const chainRead = (some: Partial<PropertyReadFact>): PropertyReadFact => ({
    how: 'member',
    path: ['error_chain'],
    range: [30, 41],
    nearby: [],
    ...some,
  });

  it('reports a code check high with DNS around it, low without; the message high', () => {
    const input = facts({
      codeChecks: [
        { code: 1004, range: [1, 5], nearby: ['text:dns'] },
        { code: 1004, range: [9, 13], nearby: [] },
        { code: 1005, range: [20, 24], nearby: ['text:dns'] },
      ],
      literals: [{ text: 'DNS Validation Error', range: [50, 72] }],
    });
    expect(matched(errorShapes, 'dns-record-error-chain', input)).toEqual([
      "high a check for error code 1004 (the 'DNS Validation Error' error) @1",
      "low a check for error code 1004 (the 'DNS Validation Error' error) @9",
      "high a check for the 'DNS Validation Error' message @50",
    ]);
  });

  it('reports chain reads: high on a DNS receiver or with the code around, the fallback offered, none on a read that falls back already', () => {
    const input = facts({
      reads: [
        chainRead({
          receiver: 'dnsError',
          rewritable: { range: [26, 41], text: 'dnsError.error_chain', receiver: 'dnsError' },
        }),
        chainRead({ receiver: 'err', nearby: ['word:1004'] }),
        chainRead({ receiver: 'err' }),
        chainRead({ receiver: 'err', fallsBackToReceiver: true }),
        chainRead({ how: 'pattern', nearby: ['text:dns'] }),
        chainRead({ how: 'declaration', receiver: 'dnsError' }),
      ],
    });
    expect(matched(errorShapes, 'dns-record-error-chain', input)).toEqual([
      'high a read of `error_chain` @30',
      'high a read of `error_chain` @30',
      'low a read of `error_chain` @30',
      'high a read of `error_chain` @30',
    ]);
    expect(errorShapes.match(entry('dns-record-error-chain'), input)[0]!.fixes![0]!.edits).toEqual([
      { start: 26, end: 41, text: '(dnsError.error_chain ?? [dnsError])' },
    ]);
  });
});
