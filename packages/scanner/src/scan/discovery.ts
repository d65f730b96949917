import { statSync } from 'node:fs';
import { resolve } from 'node:path';

export const DEFAULT_INCLUDE: readonly string[] = ['**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}'];

/** Dependencies, build output, minified bundles and declaration files: never hand-written client code. */
export const DEFAULT_EXCLUDE: readonly string[] = [
  '**/node_modules/**',
  '**/dist/**',
  '**/build/**',
  '**/out/**',
  '**/coverage/**',
  '**/.next/**',
  '**/.nuxt/**',
  '**/.output/**',
  '**/.svelte-kit/**',
  '**/.turbo/**',
  '**/.vercel/**',
  '**/.wrangler/**',
  '**/*.min.js',
  '**/*.d.ts',
  '**/*.d.mts',
  '**/*.d.cts',
];

/** Extensions the parser reads; an explicit file argument with another extension is skipped. */
export const SOURCE_FILE = /\.(js|jsx|mjs|cjs|ts|tsx|mts|cts)$/i;

export interface DiscoveryOptions {
  cwd: string;
  /** Files and directories as given on the command line; default `.`. */
  paths: readonly string[];
  /** Replaces DEFAULT_INCLUDE when given. */
  include?: readonly string[];
  /** Added to DEFAULT_EXCLUDE; `!pattern` takes a default exclude back out. */
  exclude?: readonly string[];
}

export interface Discovered {
  /** Absolute paths, sorted, each once. */
  files: string[];
  /** Explicit arguments that were skipped (not a JS/TS file). */
  skipped: string[];
  /** Arguments that do not exist. */
  missing: string[];
}

export function effectiveExcludes(exclude: readonly string[] = []): string[] {
  const removed = new Set(exclude.filter((p) => p.startsWith('!')).map((p) => p.slice(1)));
  return [...DEFAULT_EXCLUDE.filter((p) => !removed.has(p)), ...exclude.filter((p) => !p.startsWith('!'))];
}

/**
 * Directories are globbed (include minus exclude, `.gitignore` respected: globby reads the ignore
 * files of the directory, below it and up to the repository root). Files named explicitly are taken
 * as given, even when an exclude or `.gitignore` would skip them: a pre-commit hook passes exactly
 * the staged files it wants checked.
 */
export async function discoverFiles(options: DiscoveryOptions): Promise<Discovered> {
  const include = options.include?.length ? [...options.include] : [...DEFAULT_INCLUDE];
  const ignore = effectiveExcludes(options.exclude);
  const files = new Set<string>();
  const skipped: string[] = [];
  const missing: string[] = [];
  for (const given of options.paths.length ? options.paths : ['.']) {
    const absolute = resolve(options.cwd, given);
    let stats;
    try {
      stats = statSync(absolute);
    } catch {
      missing.push(given);
      continue;
    }
    if (stats.isFile()) {
      if (SOURCE_FILE.test(absolute)) files.add(absolute);
      else skipped.push(given);
      continue;
    }
    // Loaded only here (~65 ms): a pre-commit run names its files and never walks a directory.
    const { globby } = await import('globby');
    const found = await globby(include, {
      cwd: absolute,
      ignore,
      gitignore: true,
      absolute: true,
      onlyFiles: true,
      dot: false,
      followSymbolicLinks: false,
    });
    for (const file of found) files.add(resolve(file));
  }
  return { files: [...files].sort(), skipped, missing };
}
