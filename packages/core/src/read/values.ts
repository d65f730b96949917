import type { TSESTree } from '@typescript-eslint/types';
import type { PatternPart } from '../url/pattern.js';
import type { HttpClientName } from './knowledge/http-clients.js';
import type { SdkFlavor } from './knowledge/sdk-clients.js';
import type { ClassInfo, FunctionInfo, Scope } from './scope.js';

/** Abstract values of expressions: just enough to follow URLs, clients and payloads. */
export type Value =
  | { kind: 'string'; pattern: PatternPart[] }
  | { kind: 'object'; node: TSESTree.ObjectExpression; scope: Scope }
  | { kind: 'array'; node: TSESTree.ArrayExpression; scope: Scope }
  | { kind: 'function'; fn: FunctionInfo; receiver?: ClassInfo }
  | { kind: 'class'; cls: ClassInfo }
  | { kind: 'instance'; cls: ClassInfo }
  | { kind: 'http-client'; lib: HttpClientName; base?: PatternPart[] }
  | { kind: 'sdk'; flavor: SdkFlavor; chain: string[] }
  /** What fills a path template's named parameters when called (path-to-regexp `compile`, url-template `parseTemplate`). */
  | { kind: 'template'; pattern: PatternPart[] }
  /** An external module, or a member path read from one (`axios.create`, `undici.fetch`). */
  | { kind: 'module'; source: string; path: string[] }
  | { kind: 'global'; name: string; path: string[] }
  | { kind: 'param'; fn: FunctionInfo; index: number; path: string[] }
  | { kind: 'unknown' };

export const UNKNOWN: Value = { kind: 'unknown' };

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
