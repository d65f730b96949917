import module from 'node:module';
import { join } from 'node:path';
import { privateCacheFolder } from '../scan/reader/typescript-code-cache.js';

/**
 * Node 22.1+ keeps the bytecode of the modules a process compiled and hands it to the next one
 * (`module.enableCompileCache`): a pre-commit run of a few files spends more time compiling the
 * CLI's own modules than scanning. Kept in the same private folder as TypeScript's code cache
 * (typescript-code-cache.ts), and off with `SUNSET_LINT_NO_CODE_CACHE=1` as that one is. Node 20
 * has no such switch: nothing happens there.
 */
export function enableModuleCompileCache(): void {
  // Typed by @types/node 22+; this project types against Node 20's API.
  const { enableCompileCache } = module as { enableCompileCache?: (directory: string) => unknown };
  const off = process.env.SUNSET_LINT_NO_CODE_CACHE;
  if ((off && off !== '0' && off !== 'false') || typeof enableCompileCache !== 'function') return;
  const folder = privateCacheFolder();
  if (folder === undefined) return;
  try {
    enableCompileCache(join(folder, 'compile-cache'));
  } catch {
    // A cache that cannot be used makes a slower start, never a failed one.
  }
}
