import { rules } from '../../src/rules.js';
import { code, jsTester, tsTester, testable } from '../support/rule-tester.js';

const rule = rules['no-transfer-encoding-with-content-length'];

tsTester.run('no-transfer-encoding-with-content-length (TypeScript)', testable(rule), {
  valid: [
    // One of the two is fine.
    "fetch(url, { method: 'PUT', headers: { 'Content-Length': String(size) }, body });",
    "fetch(url, { method: 'PUT', headers: { 'Transfer-Encoding': 'chunked' }, body });",
    // Reading response headers is not sending them.
    "export const length = (res: Response) => [res.headers.get('Transfer-Encoding'), res.headers.get('Content-Length')];",
  ],
  invalid: [
    {
      code: code`
        export async function upload(url: string, size: number, body: ReadableStream) {
          return fetch(url, {
            method: 'PUT',
            headers: {
              'Content-Length': String(size),
              'Transfer-Encoding': 'chunked',
            },
            body,
          });
        }
      `,
      output: null,
      errors: [
        {
          messageId: 'finding:transfer-encoding-with-content-length',
          line: 6,
          suggestions: [
            {
              messageId: 'suggestion',
              data: { description: 'Remove the `Transfer-Encoding` header' },
              output: code`
                export async function upload(url: string, size: number, body: ReadableStream) {
                  return fetch(url, {
                    method: 'PUT',
                    headers: {
                      'Content-Length': String(size),
                    },
                    body,
                  });
                }
              `,
            },
          ],
        },
      ],
    },
  ],
});

jsTester.run('no-transfer-encoding-with-content-length (JavaScript)', testable(rule), {
  valid: [
    "got.put(url, { headers: { 'content-length': size } });",
    // Tables of header names a library asks, not a request's headers (issue 27).
    "const SPECIAL_HEADERS = { 'transfer-encoding': true, 'content-length': true, connection: true };\nexport const isSpecial = (name) => SPECIAL_HEADERS[name.toLowerCase()] === true;",
    "export const HOP_BY_HOP = { 'Transfer-Encoding': null, 'Content-Length': null, Connection: null };",
    "const ORDER = { 'transfer-encoding': 1, 'content-length': 2 };\nexport const order = (header) => ORDER[header] ?? 99;",
    "export const HOP = ['transfer-encoding', 'content-length', 'connection'];",
    "export const FRAMING = new Set(['Transfer-Encoding', 'Content-Length']);",
    // Headers sent to another provider's host are that host's business.
    "export const up = (id, body) => fetch(`https://api.other-cdn.example/zones/${id}/upload`, { method: 'PUT', headers: { 'Transfer-Encoding': 'chunked', 'Content-Length': '2' }, body });",
  ],
  invalid: [
    {
      // Header names are case-insensitive.
      code: "got.stream.put(url, { headers: { 'content-length': size, 'transfer-encoding': 'chunked' } });",
      output: null,
      errors: [
        {
          messageId: 'finding:transfer-encoding-with-content-length',
          line: 1,
          column: 58,
          suggestions: [
            {
              messageId: 'suggestion',
              data: { description: 'Remove the `Transfer-Encoding` header' },
              output: "got.stream.put(url, { headers: { 'content-length': size } });",
            },
          ],
        },
      ],
    },
    {
      // Read by key, but its values are a header's: headers copied in a loop, not a table.
      code: "const copied = { 'Transfer-Encoding': 'chunked', 'Content-Length': String(size) };\nexport const copy = (r) => { for (const k in copied) r.setHeader(k, copied[k]); };",
      output: null,
      errors: [
        {
          messageId: 'finding:transfer-encoding-with-content-length',
          line: 1,
          column: 18,
          suggestions: [
            {
              messageId: 'suggestion',
              data: { description: 'Remove the `Transfer-Encoding` header' },
              output:
                "const copied = { 'Content-Length': String(size) };\nexport const copy = (r) => { for (const k in copied) r.setHeader(k, copied[k]); };",
            },
          ],
        },
      ],
    },
    {
      // Headers prepared up front (not seen sent) are still headers: their values are a header's.
      code: "export const prepared = { 'Transfer-Encoding': 'chunked', 'Content-Length': String(size) };",
      output: null,
      errors: [
        {
          messageId: 'finding:transfer-encoding-with-content-length',
          line: 1,
          column: 27,
          suggestions: [
            {
              messageId: 'suggestion',
              data: { description: 'Remove the `Transfer-Encoding` header' },
              output: "export const prepared = { 'Content-Length': String(size) };",
            },
          ],
        },
      ],
    },
  ],
});
