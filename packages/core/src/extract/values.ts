import type { TSESTree } from '@typescript-eslint/types';
import type { PatternPart } from '../url/pattern.js';
import type { ClassInfo, FunctionInfo, Scope } from './scope.js';

/** Abstract values of expressions: just enough to follow URLs, clients and payloads. */
export type Value =
  | { kind: 'string'; pattern: PatternPart[] }
  | { kind: 'object'; node: TSESTree.ObjectExpression; scope: Scope }
  | { kind: 'array'; node: TSESTree.ArrayExpression; scope: Scope }
  | { kind: 'function'; fn: FunctionInfo; receiver?: ClassInfo }
  | { kind: 'class'; cls: ClassInfo }
  | { kind: 'instance'; cls: ClassInfo }
  | { kind: 'http-client'; lib: HttpLib; base?: PatternPart[] }
  | { kind: 'sdk'; flavor: 'v4' | 'legacy'; chain: string[] }
  /** An external module, or a member path read from one (`axios.create`, `undici.fetch`). */
  | { kind: 'module'; source: string; path: string[] }
  | { kind: 'global'; name: string; path: string[] }
  | { kind: 'param'; fn: FunctionInfo; index: number; path: string[] }
  | { kind: 'unknown' };

export type HttpLib = 'fetch' | 'axios' | 'got' | 'ky' | 'undici';

export const UNKNOWN: Value = { kind: 'unknown' };

/** Module names whose default export (or CommonJS export) is an HTTP client. */
export const HTTP_MODULES: Readonly<Record<string, HttpLib>> = {
  axios: 'axios',
  got: 'got',
  ky: 'ky',
  'ky-universal': 'ky',
  'node-fetch': 'fetch',
  'cross-fetch': 'fetch',
  'isomorphic-fetch': 'fetch',
  'isomorphic-unfetch': 'fetch',
  undici: 'undici',
};

export const SDK_MODULE = 'cloudflare';

/**
 * Text that cannot be a real id: empty, `YOUR_ZONE_ID`, `<zone>`, `{zone_id}`, `:zone_id`, `xxx`.
 * Inside a path such a constant stands for a parameter segment.
 */
const PLACEHOLDER = /^(|x{3,}|your[_-]\w*|<[^<>/]*>|\{[^{}/]*\}|:[a-z_]\w*|\.\.\.|changeme|replace[_-]?me|todo)$/i;

export function isPlaceholder(part: PatternPart | undefined): boolean {
  return part === undefined || (part.kind === 'text' && PLACEHOLDER.test(part.text));
}

export function isRelativeModule(source: string): boolean {
  return source.startsWith('.') || source.startsWith('/');
}
