// The generated corpus: folders of ~50 files that look like application repositories (an API layer
// with relative imports, utilities, components, tests), about 5 % of files with planted deprecated
// uses. Same seed, same bytes; written once into the cache folder and reused while the generator's
// version is unchanged.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { MODULE_STYLES, chooseCalls, writeClientModule, writeConfig, writeHttp, writePaths } from './api-code.mjs';
import { addComponent, addTests, addUtility } from './ordinary.mjs';
import { createNamer, createRandom } from './random.mjs';
import { Source } from './source.mjs';

/** Bump when the generated text changes: cached corpora of another version are rebuilt. */
export const GENERATOR_VERSION = 2;
export const DEFAULT_SEED = 20261122;
const FILES_PER_APP = 50;
/** Chance that a client module calls deprecated endpoints; tuned for about 5 % of files with findings. */
const DEPRECATED_MODULE_CHANCE = 0.42;

/** A module size drawn like real code: mostly a few KB, some large, a few up to ~30 KB. */
function targetBytes(random) {
  const roll = random.next();
  if (roll < 0.85) return random.int(1_200, 6_000);
  if (roll < 0.97) return random.int(6_000, 15_000);
  return random.int(15_000, 30_000);
}

function generateApp(root, appIndex, random, fileBudget) {
  const namer = createNamer(random);
  const ts = random.chance(0.75);
  const ext = ts ? '' : '.js';
  const code = ts ? '.ts' : '.js';
  const jsx = ts ? '.tsx' : '.jsx';
  const app = `app-${String(appIndex).padStart(4, '0')}`;
  const files = [];
  const open = (path) => {
    const source = new Source(`${app}/${path}`);
    files.push(source);
    return source;
  };

  // The API layer: its client modules are decided first, so paths.ts knows the constants to hold.
  const modules = Array.from({ length: random.int(4, 8) }, (_, index) => {
    const style = random.pick(MODULE_STYLES);
    const count = random.int(3, 8);
    const deprecated = random.chance(DEPRECATED_MODULE_CHANCE) ? random.int(1, 2) : 0;
    const calls = chooseCalls(random, style, count, deprecated);
    const constantNames = calls.map(
      (call, i) => `${call.suffix.replace(/\W+/g, '_').replace(/^_/, '').toUpperCase()}_${index}_${i}`,
    );
    return { name: `${namer.noun()}-${style}-${index}`, style, calls, constantNames };
  });
  writeConfig(open(`src/api/config${code}`), ts);
  writePaths(
    open(`src/api/paths${code}`),
    ts,
    modules
      .filter((m) => m.style === 'const')
      .flatMap((m) => m.calls.map((call, i) => ({ call, name: m.constantNames[i] }))),
  );
  writeHttp(open(`src/api/http${code}`), ts, ext);
  const index = open(`src/api/index${code}`);
  index.add(`export * from './config${ext}';`, `export { api, zoneGet } from './http${ext}';`);
  for (const module of modules) {
    const source = open(`src/api/${module.name}${code}`);
    source.add(`// ${module.style} client for the ${module.name.split('-')[0]} jobs.`);
    writeClientModule(source, { ...module, ts, ext, namer, random });
    const size = targetBytes(random) / 3;
    while (source.bytes < size) addUtility(source, random, namer, { ts, exported: false });
    if (module.style !== 'urls' && module.style !== 'class') index.add(`export * from './${module.name}${ext}';`);
  }
  index.add('');
  const constants = open(`src/constants${code}`);
  constants.add(`export const DEFAULT_LIMIT = ${random.int(10, 500)};`, `export const APP_NAME = '${app}';`, '');

  // Ordinary code up to the app's share of files.
  const utilities = [];
  while (files.length < Math.min(FILES_PER_APP, fileBudget)) {
    const kind = random.next();
    if (kind < 0.4 || utilities.length === 0) {
      const name = `src/utils/${namer.noun()}-${files.length}${random.chance(0.15) && !ts ? '.mjs' : code}`;
      const source = open(name);
      const previous = utilities.length ? random.pick(utilities) : undefined;
      source.add(`import { DEFAULT_LIMIT } from '../constants${ext}';`);
      if (previous) source.add(`import { ${previous.names[0]} } from './${previous.base}${ext}';`);
      source.add('', `export const LIMIT = DEFAULT_LIMIT * ${random.int(2, 9)};`, '');
      const names = [];
      const size = targetBytes(random);
      while (source.bytes < size) names.push(addUtility(source, random, namer, { ts }));
      if (previous) source.add(`export const reexported = ${previous.names[0]};`, '');
      utilities.push({ base: name.slice('src/utils/'.length).replace(/\.[mc]?[jt]s$/, ''), names, path: name });
    } else if (kind < 0.7) {
      const helper = random.pick(utilities);
      const source = open(`src/components/${namer.type()}${jsx}`);
      source.add(
        "import { useMemo, useState } from 'react';",
        `import { ${helper.names[0]} } from '../utils/${helper.base}${ext}';`,
        '',
      );
      const size = targetBytes(random);
      while (source.bytes < size) addComponent(source, random, namer, { ts, helper: helper.names[0] });
    } else if (kind < 0.8 && !ts) {
      // CommonJS scripts next to ESM, as older JavaScript projects have them.
      const source = open(`scripts/${namer.noun()}-${files.length}.cjs`);
      source.add("'use strict';", "const { readFileSync } = require('node:fs');", '');
      const names = [];
      const size = targetBytes(random) / 2;
      while (source.bytes < size) names.push(addUtility(source, random, namer, { ts, exported: false }));
      source.add(`module.exports = { ${names.join(', ')}, readFileSync };`, '');
    } else {
      const tested = random.pick(utilities);
      const source = open(`test/${tested.base}.test${code}`);
      if (files.filter((f) => f.path === source.path).length > 1) {
        files.pop();
        continue;
      }
      source.add(
        "import { describe, expect, it } from 'vitest';",
        `import { ${tested.names.join(', ')} } from '../src/utils/${tested.base}${ext}';`,
        '',
      );
      addTests(source, random, tested.names);
    }
  }
  return files.slice(0, fileBudget);
}

/**
 * The corpora live under node_modules/.cache, which the repository's .gitignore ignores; the scanner
 * respects .gitignore files up to the repository root, so each corpus is made a root of its own.
 */
export function markRepositoryRoot(root) {
  mkdirSync(join(root, '.git'), { recursive: true });
}

/** Generates (or reuses) the corpus of `fileCount` files; returns its folder and the planted findings. */
export function generatedCorpus(cacheRoot, { name, fileCount, seed = DEFAULT_SEED }) {
  const folder = join(cacheRoot, `${name}-${seed}`);
  const manifestPath = join(folder, 'manifest.json');
  const stamp = { generator: GENERATOR_VERSION, seed, fileCount };
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    if (JSON.stringify(manifest.stamp) === JSON.stringify(stamp)) {
      markRepositoryRoot(join(folder, 'files'));
      return { ...manifest, root: join(folder, 'files'), reused: true };
    }
  }
  const started = performance.now();
  rmSync(folder, { recursive: true, force: true });
  const root = join(folder, 'files');
  const random = createRandom(seed);
  const plants = {};
  const apps = [];
  let written = 0;
  let bytes = 0;
  for (let appIndex = 0; written < fileCount; appIndex++) {
    const sources = generateApp(root, appIndex, random, fileCount - written);
    for (const source of sources) bytes += writeSource(root, source, plants);
    apps.push(sources[0].path.split('/')[0]);
    written += sources.length;
  }
  // A project has a tsconfig; without one, --types would climb to the repository's own.
  writeFileSync(
    join(root, 'tsconfig.json'),
    `${JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx', allowJs: true, strict: false, noEmit: true, skipLibCheck: true }, include: ['**/*'] }, null, 2)}\n`,
  );
  markRepositoryRoot(root);
  const planted = Object.values(plants).reduce((sum, list) => sum + list.length, 0);
  const manifest = { stamp, files: written, bytes, apps, planted, filesWithPlants: Object.keys(plants).length, plants };
  writeFileSync(manifestPath, `${JSON.stringify(manifest)}\n`);
  return { ...manifest, root, reused: false, generationMs: performance.now() - started };
}

/** Writes a generated source under `root` and records its planted findings; returns its size in bytes. */
export function writeSource(root, source, plants) {
  const path = join(root, source.path);
  mkdirSync(dirname(path), { recursive: true });
  const text = source.text();
  writeFileSync(path, text);
  if (source.plants.length) plants[source.path] = source.plants;
  return Buffer.byteLength(text);
}
