import { describe, expect, it } from 'vitest';
import { headerPairs } from '../../src/match/header-pairs.js';
import type { HeaderGroupFact } from '../../src/internal.js';
import { at, entry, facts, inFileFactsOf, matched } from './support.js';

describe('header groups (reader)', () => {
  it('records objects, tuple lists and setter calls holding the watched headers, and whether they are sent', () => {
    const code = [
      "fetch(url, { method: 'PUT', headers: { 'Transfer-Encoding': 'chunked', 'content-length': '3', Accept: '*/*' } });",
      "const loose = { 'transfer-encoding': 'chunked', 'Content-Length': '3' };",
      "const list = new Headers([['Transfer-Encoding', 'chunked'], ['Content-Length', '3']]);",
      "headers.set('Transfer-Encoding', 'chunked'); headers.append('Content-Length', '3');",
      "const single = { 'Content-Length': '3' };",
    ].join('\n');
    const groups = inFileFactsOf(code, 'snippet.mjs').headerGroups;
    const brief = (group: HeaderGroupFact) => [
      group.sent,
      group.headers.map((header) => [header.name, header.range[0], !!header.removal]),
    ];
    // The `n`th place each name is written, in any case.
    const te = (n: number) => at(code.toLowerCase(), "'transfer-encoding'", n);
    const cl = (n: number) => at(code.toLowerCase(), "'content-length'", n);
    // Objects first (the one under `headers` is sent; one header alone is no group), then setter
    // calls by receiver (no removal), then tuple lists.
    const pair = (sent: boolean, n: number, removable: boolean) => [
      sent,
      [
        ['transfer-encoding', te(n), removable],
        ['content-length', cl(n), removable],
      ],
    ];
    expect(groups.map(brief)).toEqual([
      pair(true, 0, true),
      pair(false, 1, true),
      pair(false, 3, false),
      pair(false, 2, true),
    ]);
  });
});

describe('header groups merged into a request’s headers', () => {
  it('takes an object literal merged by Object.assign under `headers` as sent; one merged elsewhere as not', () => {
    const code = [
      "https.request({ path, method: 'POST', headers: Object.assign({}, form.getHeaders(), { 'content-length': n, 'transfer-encoding': 'chunked' }) });",
      "const defaults = Object.assign({}, base, { 'content-length': n, 'transfer-encoding': 'chunked' });",
      "const shadowed = { headers: assign({}, { 'content-length': n, 'transfer-encoding': 'chunked' }) };",
    ].join('\n');
    expect(inFileFactsOf(code, 'snippet.mjs').headerGroups.map((group) => group.sent)).toEqual([true, false, false]);
  });
});

describe('header pairs (matcher)', () => {
  it('reports the header to drop, high when sent, medium otherwise, with the other header related and removal where there is one', () => {
    const removal = { start: 0, end: 30, text: '' };
    const input = facts({
      headerGroups: [
        {
          sent: true,
          headers: [
            { name: 'content-length', range: [40, 56] },
            { name: 'transfer-encoding', range: [10, 29], removal },
          ],
        },
        {
          sent: false,
          headers: [
            { name: 'transfer-encoding', range: [100, 119] },
            { name: 'content-length', range: [130, 146] },
          ],
        },
        { sent: true, headers: [{ name: 'transfer-encoding', range: [200, 219] }] },
      ],
    });
    const subject = "`Transfer-Encoding` together with `Content-Length` in one request's headers";
    expect(matched(headerPairs, 'transfer-encoding-with-content-length', input)).toEqual([
      `high ${subject} @10`,
      `medium ${subject} @100`,
    ]);
    const [sent, loose] = headerPairs.match(entry('transfer-encoding-with-content-length'), input);
    expect(sent!.related).toEqual([{ range: [40, 56], message: 'the `Content-Length` header of the same request' }]);
    expect(sent!.fixes).toEqual([
      { kind: 'suggestion', description: 'Remove the `Transfer-Encoding` header', edits: [removal] },
    ]);
    expect(loose!.fixes).toBeUndefined();
  });
});

describe('header groups written as client libraries write them', () => {
  it("undici's flat raw headers: names at even places, removed with their value", () => {
    const code = [
      "request(url, { method: 'PUT', headers: ['authorization', token, 'transfer-encoding', 'chunked', 'content-length', String(n)] });",
      "const other = ['transfer-encoding', 'content-length'];",
    ].join('\n');
    const groups = inFileFactsOf(code, 'snippet.mjs').headerGroups;
    expect(groups.map((g) => [g.sent, g.headers.map((h) => h.name)])).toEqual([
      [true, ['transfer-encoding', 'content-length']],
    ]);
    const removal = groups[0]!.headers[0]!.removal!;
    expect(code.slice(removal.start, removal.end)).toMatch(/^'transfer-encoding', 'chunked',\s*$/);
  });

  it('a chain of .set() calls is one request; two chains are two', () => {
    const code = [
      "import superagent from 'superagent';",
      "superagent.put(a).set('Transfer-Encoding', 'chunked').set('Content-Length', '3').send(body);",
      "superagent.put(b).set('Transfer-Encoding', 'chunked');",
      "superagent.put(c).set('Content-Length', '3');",
    ].join('\n');
    const groups = inFileFactsOf(code, 'snippet.mjs').headerGroups;
    // superagent is not a modelled client, but `superagent.put(a)` is a verb on another module's
    // export: read as a PUT, as on a receiver the file does not show, so the group is sent.
    expect(groups.map((g) => [g.sent, g.headers.map((h) => h.name).sort()])).toEqual([
      [true, ['content-length', 'transfer-encoding']],
    ]);
  });
});
