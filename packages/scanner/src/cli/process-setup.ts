import { limitOldGenerationGrowth } from './collector-policy.js';
import { enableModuleCompileCache } from './compile-cache.js';

/**
 * What the CLI's process sets up before it loads its own modules (bin/sunset-lint.js): V8's flags
 * first, since V8 takes compiled code back from a cache only under the flags it was made with, so
 * every process of the CLI sets them before it compiles anything (cli/collector-policy.ts); then
 * Node's module compile cache.
 */
export function setUpProcess(): void {
  limitOldGenerationGrowth(process.env, process.execArgv);
  enableModuleCompileCache();
}
