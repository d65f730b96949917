// Client code of the API in the call styles of fixtures/: fetch with templates (some with placeholder
// ids), an axios instance and a GET helper from another module, class wrappers, static URL builders,
// `any`-typed clients, the SDK, and path constants written in paths.ts but requested elsewhere.
import { API_ROOT, DEPRECATED_ACCOUNT, DEPRECATED_ZONE, LIVE_ACCOUNT, LIVE_ZONE } from './endpoints.mjs';
import { typed } from './source.mjs';

export const MODULE_STYLES = ['fetch', 'axios', 'class', 'helper', 'const', 'sdk', 'any', 'urls'];

/** Which endpoint each function of a client module calls: a deprecated one for some, live for the rest. */
export function chooseCalls(random, style, count, deprecatedCount) {
  const zoneOnly = style === 'helper' || style === 'const';
  const calls = [];
  for (let i = 0; i < count; i++) {
    const deprecated = i < deprecatedCount;
    if (style === 'sdk') {
      const pool = deprecated ? DEPRECATED_ZONE.filter((e) => e.sdk) : LIVE_ZONE.filter((e) => e.sdk);
      calls.push({ ...random.pick(pool), scope: 'zone' });
      continue;
    }
    const account = !zoneOnly && random.chance(0.2);
    const pool = account ? (deprecated ? DEPRECATED_ACCOUNT : LIVE_ACCOUNT) : deprecated ? DEPRECATED_ZONE : LIVE_ZONE;
    calls.push({ ...random.pick(pool), scope: account ? 'account' : 'zone' });
  }
  // Deprecated calls among the live ones, not all at the top of the module.
  return calls.sort(() => random.next() - 0.5);
}

const scopeParam = (call) => (call.scope === 'account' ? 'accountId' : 'zoneId');
const urlPath = (call, id = scopeParam(call)) =>
  `/${call.scope === 'account' ? 'accounts' : 'zones'}/\${${id}}${call.suffix}`;

/** Writes a line that is a deprecated use when the call is deprecated. */
function callLine(source, call, line) {
  if (call.entryId) source.plant(call.entryId, line);
  else source.add(line);
}

export function writeConfig(source, ts) {
  source.add(
    '// Where the API lives and how requests authenticate; shared by every client module.',
    `export const API_BASE = '${API_ROOT}';`,
    '',
    `export function authHeaders(token${typed(ts, ': string')})${typed(ts, ': Record<string, string>')} {`,
    "  return { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };",
    '}',
    '',
    `export const DEFAULT_PAGE_SIZE = 50;`,
    '',
  );
}

/** paths.ts: a table of live paths, a path helper, and the suffix constants of the 'const' modules. */
export function writePaths(source, ts, constants) {
  source.add(
    '// Path fragments shared by the jobs. Only fragments live here; the requests are made by the modules',
    '// that import them.',
    'export const PATHS = {',
    "  rulesets: '/rulesets',",
    "  dnsRecords: '/dns_records',",
    "  workerRoutes: '/workers/routes',",
    '};',
    '',
    `export function zonePath(zoneId${typed(ts, ': string')}, suffix = '')${typed(ts, ': string')} {`,
    '  if (!/^[0-9a-f]{32}$/.test(zoneId)) {',
    '    throw new TypeError(`not a zone id: ${zoneId}`);',
    '  }',
    '  return `/zones/${zoneId}${suffix}`;',
    '}',
    '',
  );
  for (const { name, call } of constants) callLine(source, call, `export const ${name} = '${call.suffix}';`);
  source.add('');
}

/** http.ts: an axios instance on the API base and a zone-scoped GET helper, both used by other modules. */
export function writeHttp(source, ts, ext) {
  source.add(
    "import axios from 'axios';",
    `import { API_BASE, authHeaders } from './config${ext}';`,
    '',
    "export const api = axios.create({ baseURL: API_BASE, headers: authHeaders(process.env.CF_API_TOKEN ?? '') });",
    '',
    '// Zone-scoped GET helper: prefixes /zones/:id and takes the endpoint suffix.',
    `export async function zoneGet${typed(ts, '<T = unknown>')}(zoneId${typed(ts, ': string')}, suffix${typed(ts, ': string')})${typed(ts, ': Promise<T>')} {`,
    '  const res = await fetch(`${API_BASE}/zones/${zoneId}${suffix}`, {',
    "    headers: authHeaders(process.env.CF_API_TOKEN ?? ''),",
    '  });',
    '  if (!res.ok) throw new Error(`GET ${suffix} -> ${res.status}`);',
    `  const body = (await res.json())${typed(ts, ' as { result: T }')};`,
    '  return body.result;',
    '}',
    '',
  );
}

/** The body of one client module in its style; `calls` from chooseCalls, `constants` names for 'const'. */
export function writeClientModule(source, { style, ts, ext, calls, constantNames, namer, random }) {
  const fn = () => namer.fn();
  switch (style) {
    case 'fetch': {
      const placeholder = random.chance(0.3);
      source.add(
        `const API = '${API_ROOT}';`,
        placeholder ? "const ZONE_ID = 'YOUR_ZONE_ID';" : '',
        `const token = process.env.CLOUDFLARE_API_TOKEN ?? '';`,
        '',
      );
      for (const call of calls) {
        const id = placeholder && call.scope === 'zone' ? 'ZONE_ID' : scopeParam(call);
        source.add(`export async function ${fn()}(${scopeParam(call)}${typed(ts, ': string')}) {`);
        callLine(
          source,
          call,
          `  const res = await fetch(\`\${API}${urlPath(call, id)}\`, { headers: { Authorization: \`Bearer \${token}\` } });`,
        );
        source.add(
          '  if (!res.ok) throw new Error(`HTTP ${res.status}`);',
          '  const json = await res.json();',
          '  return json.result;',
          '}',
          '',
        );
      }
      break;
    }
    case 'axios':
      source.add(`import { api } from './http${ext}';`, '');
      for (const call of calls) {
        source.add(`export async function ${fn()}(${scopeParam(call)}${typed(ts, ': string')}) {`);
        callLine(
          source,
          call,
          `  const { data } = await api.get(\`${urlPath(call)}\`, { params: { per_page: 100 } });`,
        );
        source.add('  return data.result;', '}', '');
      }
      break;
    case 'helper':
      source.add(`import { zoneGet } from './http${ext}';`, '');
      for (const call of calls) {
        source.add(`export async function ${fn()}(zoneId${typed(ts, ': string')}) {`);
        callLine(source, call, `  const value = await zoneGet(zoneId, '${call.suffix}');`);
        source.add('  return value;', '}', '');
      }
      break;
    case 'const': {
      const names = calls.map((call, index) => constantNames[index]);
      source.add(
        `import { API_BASE, authHeaders } from './config${ext}';`,
        `import { ${names.join(', ')}, zonePath } from './paths${ext}';`,
        '',
      );
      calls.forEach((call, index) => {
        source.add(
          `export async function ${fn()}(zoneId${typed(ts, ': string')}, token${typed(ts, ': string')}) {`,
          `  const res = await fetch(\`\${API_BASE}\${zonePath(zoneId, ${names[index]})}\`, { headers: authHeaders(token) });`,
          '  const body = await res.json();',
          '  return body.result;',
          '}',
          '',
        );
      });
      break;
    }
    case 'class': {
      const name = `${namer.type()}Client`;
      source.add(
        `const API = '${API_ROOT}';`,
        '',
        `export class ${name} {`,
        '  base = API;',
        '',
        `  constructor(token${typed(ts, ': string')}) {`,
        '    this.token = token;',
        '  }',
        '',
        ts ? '  private token: string;' : '',
        '',
        `  async request(method${typed(ts, ': string')}, path${typed(ts, ': string')}, body${typed(ts, '?: unknown')}) {`,
        '    const res = await fetch(`${this.base}${path}`, {',
        '      method,',
        "      headers: { Authorization: `Bearer ${this.token}`, 'Content-Type': 'application/json' },",
        '      body: body === undefined ? undefined : JSON.stringify(body),',
        '    });',
        '    const json = await res.json();',
        '    if (!json.success) throw new Error(`HTTP ${res.status}`);',
        '    return json.result;',
        '  }',
        '',
      );
      for (const call of calls) {
        source.add(`  ${fn()}(${scopeParam(call)}${typed(ts, ': string')}) {`);
        callLine(source, call, `    return this.request('GET', \`${urlPath(call)}\`);`);
        source.add('  }', '');
      }
      source.add('}', '');
      break;
    }
    case 'sdk':
      source.add(
        "import Cloudflare from 'cloudflare';",
        '',
        'const cf = new Cloudflare({ apiToken: process.env.CLOUDFLARE_API_TOKEN });',
        '',
      );
      for (const call of calls) {
        source.add(`export async function ${fn()}(zoneId${typed(ts, ': string')}) {`);
        callLine(source, call, `  const page = await cf.${call.sdk}.list({ zone_id: zoneId });`);
        source.add('  return page.result;', '}', '');
      }
      break;
    case 'any':
      for (const call of calls) {
        source.add(
          `export async function ${fn()}(cf${typed(ts, ': any')}, ${scopeParam(call)}${typed(ts, ': string')}) {`,
        );
        callLine(source, call, `  const existing = await cf.get(\`${urlPath(call)}?per_page=50\`);`);
        source.add('  return existing.result;', '}', '');
      }
      break;
    case 'urls':
      source.add(`const API = '${API_ROOT}';`, '', `export class ${namer.type()}Urls {`);
      for (const call of calls) {
        source.add(`  static ${fn()}(${scopeParam(call)}${typed(ts, ': string')}) {`);
        callLine(source, call, `    return \`\${API}${urlPath(call)}\`;`);
        source.add('  }', '');
      }
      source.add('}', '');
      break;
    default:
      throw new Error(`unknown module style ${style}`);
  }
}
