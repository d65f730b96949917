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
  valid: ["got.put(url, { headers: { 'content-length': size } });"],
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
  ],
});
