// The dense corpus (issue 24): a repository whose code mostly is API client code, so that the parse
// plan can skip nothing and every file is parsed. `src/modNN/fileI.ts` (97 folders) each import the
// axios instance and the base URL from one of five `src/shared/clientK.ts` and a `Zone` type, and
// export 6–15 async functions that each call the API (fetch with a template URL, or the instance's
// get/post/patch with a concatenated or template path), then a class using the first of them. About
// 0.8 % of the calls name a retired path; each is planted (file, line, catalogue entry) for recall.
// Same seed, same bytes; cached like the generated corpora.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { API_ROOT, DEPRECATED_ZONE } from './endpoints.mjs';
import { markRepositoryRoot, writeSource } from './generated.mjs';
import { createRandom } from './random.mjs';
import { Source } from './source.mjs';

/** Bump when the generated text changes: cached corpora of another version are rebuilt. */
export const DENSE_VERSION = 1;
export const DENSE_SEED = 20261124;
const FOLDERS = 97;
const CLIENTS = 5;
/** Share of the calls that name a retired path (the shape's ~0.8 %). */
const RETIRED_CHANCE = 0.008;

/** Zone-scoped paths the catalogue does not retire: every call but the planted ones stays silent. */
const LIVE = [
  '/dns_records',
  '/rulesets',
  '/settings/ssl',
  '/page_shield/scripts',
  '/firewall/access_rules/rules',
  '/workers/routes',
  '/custom_hostnames',
  '/purge_cache',
];
/** Retired zone-scoped paths, with the catalogue entry a finding on them names. */
const RETIRED = [
  ...DEPRECATED_ZONE.map(({ entryId, suffix }) => ({ entryId, suffix })),
  { entryId: 'page-shield-script-monitor-segment', suffix: '/script_monitor/scripts' },
];

const pad = (n) => String(n).padStart(2, '0');

/** One exported function: a few lines of ordinary work around one API call (the planted line). */
function addOperation(source, random, file, index) {
  const retired = random.chance(RETIRED_CHANCE);
  const target = retired ? random.pick(RETIRED) : { suffix: random.pick(LIVE) };
  const name = `op${file}_${index}`;
  const call = (line) => (target.entryId ? source.plant(target.entryId, line) : source.add(line));
  source.add(
    `/** Operation ${index} of module ${file}. */`,
    `export async function ${name}(zone: Zone, options: { limit?: number; labels?: string[] } = {}): Promise<unknown> {`,
    `  const query = new URLSearchParams({ per_page: String(options.limit ?? ${random.int(2, 20) * 5}) });`,
    '  for (const label of options.labels ?? []) {',
    `    if (label.length > ${random.int(1, 4)} && !label.startsWith('_')) query.append('label', label.trim());`,
    '  }',
  );
  switch (random.int(0, 3)) {
    case 0:
      call(
        `  const response = await fetch(\`\${BASE}/zones/\${zone.id}${target.suffix}?\${query}\`, { headers: { Authorization: \`Bearer \${zone.token}\` } });`,
      );
      source.add('  if (!response.ok) throw new Error(`HTTP ${response.status}`);', '  return response.json();');
      break;
    case 1:
      call(`  const { data } = await api.get('/zones/' + zone.id + '${target.suffix}', { params: query });`);
      source.add('  return data.result;');
      break;
    case 2:
      source.add(
        `  const payload = { name: zone.name, ttl: ${random.pick([60, 120, 300, 3600])}, proxied: ${random.chance(0.5)}, comment: 'managed by ${name}' };`,
      );
      call(`  return api.post(\`/zones/\${zone.id}${target.suffix}\`, payload);`);
      break;
    default:
      source.add(
        `  const items = [${random.int(1, 4)}, ${random.int(5, 8)}, ${random.int(9, 12)}].map((n) => ({ id: n * ${index + 1}, value: options.labels?.[n] ?? null })).filter((item) => item.value !== null);`,
      );
      call(`  return items.length ? api.patch(\`/zones/\${zone.id}${target.suffix}\`, { items }) : null;`);
  }
  source.add('}', '');
}

function denseModule(random, file) {
  const source = new Source(`src/mod${pad(file % FOLDERS)}/file${file}.ts`);
  source.add(
    `import { api, BASE } from '../shared/client${file % CLIENTS}';`,
    "import type { Zone } from '../shared/types';",
    '',
  );
  const operations = random.int(6, 15);
  for (let index = 0; index < operations; index++) addOperation(source, random, file, index);
  source.add(
    `export class ZoneService${file} {`,
    '  private readonly memo = new Map<string, unknown>();',
    '',
    '  constructor(private readonly zone: Zone) {}',
    '',
    '  async fetch(key: string): Promise<unknown> {',
    '    if (this.memo.has(key)) return this.memo.get(key);',
    `    const value = await op${file}_0(this.zone, { limit: key.length });`,
    '    this.memo.set(key, value);',
    '    return value;',
    '  }',
    '}',
    '',
  );
  return source;
}

function sharedFiles() {
  const files = [];
  for (let k = 0; k < CLIENTS; k++)
    files.push(
      new Source(`src/shared/client${k}.ts`).add(
        "import axios from 'axios';",
        '',
        `export const BASE = '${API_ROOT}';`,
        `export const api = axios.create({ baseURL: BASE, timeout: ${(k + 1) * 5_000} });`,
      ),
    );
  files.push(
    new Source('src/shared/types.ts').add(
      'export interface Zone {',
      '  id: string;',
      '  name: string;',
      '  token: string;',
      '}',
    ),
  );
  return files;
}

/**
 * Generates (or reuses) the dense corpus of `fileCount` modules (plus the six shared files); the
 * first N modules are the same for every size (one random stream, drawn module by module).
 */
export function denseCorpus(cacheRoot, { name = 'dense', fileCount, seed = DENSE_SEED }) {
  const folder = join(cacheRoot, `${name}-${fileCount}-${seed}`);
  const manifestPath = join(folder, 'manifest.json');
  const stamp = { generator: DENSE_VERSION, seed, fileCount };
  const root = join(folder, 'files');
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    if (JSON.stringify(manifest.stamp) === JSON.stringify(stamp)) {
      markRepositoryRoot(root);
      return { ...manifest, root, reused: true };
    }
  }
  const started = performance.now();
  rmSync(folder, { recursive: true, force: true });
  const random = createRandom(seed);
  const plants = {};
  const modules = [];
  let bytes = 0;
  const write = (source) => {
    bytes += writeSource(root, source, plants);
  };
  for (let file = 0; file < fileCount; file++) {
    const source = denseModule(random, file);
    write(source);
    modules.push(source.path);
  }
  const shared = sharedFiles();
  shared.forEach(write);
  writeFileSync(
    join(root, 'tsconfig.json'),
    `${JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true, noEmit: true, skipLibCheck: true }, include: ['src'] }, null, 2)}\n`,
  );
  markRepositoryRoot(root);
  const planted = Object.values(plants).reduce((sum, list) => sum + list.length, 0);
  const manifest = {
    stamp,
    files: fileCount + shared.length,
    bytes,
    modules,
    planted,
    filesWithPlants: Object.keys(plants).length,
    plants,
  };
  writeFileSync(manifestPath, `${JSON.stringify(manifest)}\n`);
  return { ...manifest, root, reused: false, generationMs: performance.now() - started };
}
