/**
 * The extractor's readings of a small program, in plain words: unit tests of `read/` assert
 * these (a program in, requests or values out), as typescript-eslint's scope-manager tests do.
 */
import { resolveSettings } from '../../src/index.js';
import { rangeOf, type Node } from '../../src/read/ast.js';
import { Evaluator } from '../../src/read/evaluate.js';
import { extractFileFacts } from '../../src/analyze.js';
import type { FileFacts, MethodValue } from '../../src/facts.js';
import { recognizeRequest } from '../../src/read/requests.js';
import { indexScopes } from '../../src/read/scope.js';
import type { Value } from '../../src/read/values.js';
import type { UrlPattern } from '../../src/url/pattern.js';
import { parseForTest } from './parse.js';

/** A request as the extractor reads it from a call: the source text of its body and headers. */
export interface ReadRequest {
  via: string;
  method: string;
  url: string;
  body?: string;
  headers?: string;
}

/** Every call of the program the extractor reads as a request, in source order. */
export function requestsIn(code: string, file = 'snippet.ts'): ReadRequest[] {
  const index = indexScopes(parseForTest(code, file));
  const ev = new Evaluator(index, code);
  const source = (node: Node) => code.slice(...rangeOf(node));
  const requests: ReadRequest[] = [];
  for (const call of index.calls) {
    if (call.type !== 'CallExpression' && call.type !== 'NewExpression') continue;
    const request = recognizeRequest(call, ev);
    if (!request) continue;
    requests.push({
      via: request.lib,
      method: methodText(request.method),
      url: patternToString(request.url),
      ...(request.body ? { body: source(request.body) } : {}),
      ...(request.headers ? { headers: source(request.headers) } : {}),
    });
  }
  return requests;
}

/** The abstract value of the program's top-level `value` constant, in words. */
export function valueIn(code: string, file = 'snippet.ts'): string {
  const index = indexScopes(parseForTest(code, file));
  return describeValue(new Evaluator(index, code).identifier('value', index.program));
}

/** A file's facts, with the built-in catalogue. */
export function factsIn(code: string, file = 'snippet.ts'): FileFacts {
  return extractFileFacts(parseForTest(code, file), code, resolveSettings({ asOf: '2026-11-21' }));
}

export function methodText(method: MethodValue): string {
  if (method.kind === 'known') return method.method;
  return method.kind === 'param' ? `param ${method.param}` : 'unknown';
}

function describeValue(value: Value): string {
  switch (value.kind) {
    case 'string':
      return `string ${patternToString(value.pattern)}`;
    case 'http-client':
      return `${value.lib} client${value.base ? ` on ${patternToString(value.base)}` : ''}`;
    case 'sdk':
      return `${value.flavor} sdk`;
    case 'module':
      return `module ${value.source} ${value.path.join('.')}`;
    default:
      return value.kind;
  }
}

/** A pattern in words: text as is, a choice as `{a|b}`, a parameter as `${argN}`, another hole as `${name}`. */
export function patternToString(pattern: UrlPattern): string {
  return pattern
    .map((part) =>
      part.kind === 'text'
        ? part.text
        : part.kind === 'choice'
          ? `{${part.options.join('|')}}`
          : part.param !== undefined
            ? `\${arg${part.param}}`
            : `\${${[part.ref ?? '…', ...(part.member ?? [])].join('.')}}`,
    )
    .join('');
}
