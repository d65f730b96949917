/**
 * What npm installs with the scanner runs no install script: the tree-sitter grammars it parses
 * shell, Python, Go and Terraform with come as WebAssembly files inside the packed package
 * (scripts/pack-grammars.mjs at `prepack`), not as the grammar packages, whose `install` script
 * (node-gyp-build, for native bindings the scanner never loads) npm warns about on every install.
 * The whole install, from the packed tarballs, is checked by `node bench/install-size.mjs --check`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Language, Parser } from 'web-tree-sitter';
import { describe, expect, it } from 'vitest';
import { WASM_FILES } from '../src/languages/grammars.js';

const SCANNER = fileURLToPath(new URL('..', import.meta.url));

interface Manifest {
  name: string;
  version: string;
  files?: string[];
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const readManifest = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;

/** The folder of `name` as `dir`'s package resolves it (undefined for an optional package not installed). */
function packageDir(name: string, dir: string): string | undefined {
  const require = createRequire(join(dir, 'package.json'));
  try {
    return realpathSync(dirname(require.resolve(`${name}/package.json`)));
  } catch {
    return undefined;
  }
}

describe('the packed scanner', () => {
  it('depends on no package with an install script (none of its runtime dependencies, at any depth)', () => {
    const withScripts: string[] = [];
    const seen = new Set<string>();
    const visit = (dir: string) => {
      if (seen.has(dir)) return;
      seen.add(dir);
      const manifest = readManifest(dir);
      const scripts = Object.keys(manifest.scripts ?? {}).filter((script) =>
        ['preinstall', 'install', 'postinstall'].includes(script),
      );
      if (dir !== SCANNER && scripts.length)
        withScripts.push(`${manifest.name}@${manifest.version} (${scripts.join(', ')})`);
      for (const name of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) {
        const found = packageDir(name, dir);
        if (found) visit(found);
      }
    };
    visit(realpathSync(SCANNER));
    expect(withScripts).toEqual([]);
    expect(seen.size).toBeGreaterThan(10);
  });

  it('carries the grammars it loads, which web-tree-sitter loads from the copy', async () => {
    expect(readManifest(SCANNER).files).toContain('grammars');
    // (and bundles the CLI from the compiled modules: scripts/bundle-cli.mjs)
    expect(readManifest(SCANNER).scripts?.prepack).toBe(
      'node scripts/pack-grammars.mjs && node scripts/bundle-cli.mjs',
    );
    const copy = join(mkdtempSync(join(tmpdir(), 'sunset-lint-grammars-')), 'grammars');
    const packed = spawnSync(process.execPath, [join(SCANNER, 'scripts/pack-grammars.mjs'), '--to', copy], {
      encoding: 'utf8',
    });
    expect(packed.stderr).toBe('');
    expect(packed.status).toBe(0);
    await Parser.init();
    for (const file of Object.values(WASM_FILES)) {
      expect(existsSync(join(copy, file.replace(/\.wasm$/, '.LICENSE'))), file).toBe(true);
      const language = await Language.load(join(copy, file));
      const parser = new Parser();
      parser.setLanguage(language);
      expect(parser.parse('x')?.rootNode.type, file).toBeTruthy();
    }
  });
});
