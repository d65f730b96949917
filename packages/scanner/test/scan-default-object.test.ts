/**
 * An object of methods a module exports as its default (`export default { set() {…} }`, a constant
 * exported as the default, CommonJS `module.exports = { … }` imported as a default): a call of one
 * of its methods in another module is a helper call, read as one of an exported function's.
 */
import { join } from 'node:path';
import { type Finding, resolveSettings } from '@sunset-lint/core';
import { describe, expect, test } from 'vitest';
import { runScan } from '../src/scan/index.js';
import { makeProject } from './scan-cli-support.js';

const settings = resolveSettings({ asOf: '2026-11-21' });

async function scan(files: Record<string, string>): Promise<string[]> {
  const root = makeProject(files);
  const result = await runScan({ cwd: root, files: Object.keys(files).map((file) => join(root, file)), settings });
  expect(result.diagnostics).toEqual([]);
  return result.findings.map((f: Finding) => `${f.file}:${f.line} ${f.entryId} ${f.confidence}`).sort();
}

const METHODS = `{
  async set(zone: string, id: string, value: unknown) {
    return fetch(\`https://api.cloudflare.com/client/v4/zones/\${zone}/settings/\${id}\`, {
      method: 'PATCH',
      body: JSON.stringify({ value }),
    });
  },
  get: (zone: string, id: string) => fetch(\`https://api.cloudflare.com/client/v4/zones/\${zone}/settings/\${id}\`),
}`;

const CALLER = `import settings from './settings';
export async function apply(zone: string) {
  await settings.set(zone, 'privacy_pass', 'off');
  await settings.get(zone, 'minify');
  await settings.set(zone, 'min_tls_version', '1.2');
}
`;

const EXPECTED = ['apply.ts:3 zone-setting-privacy-pass high', 'apply.ts:4 zone-setting-minify high'];

describe('methods of a default-exported object, called from another module', () => {
  test('export default { … }', async () => {
    expect(await scan({ 'settings.ts': `export default ${METHODS};\n`, 'apply.ts': CALLER })).toEqual(EXPECTED);
  });

  test('a constant exported as the default', async () => {
    const module = `const settings = ${METHODS};\nexport default settings;\n`;
    expect(await scan({ 'settings.ts': module, 'apply.ts': CALLER })).toEqual(EXPECTED);
  });

  test('module.exports = { … } imported as a default', async () => {
    const module = `module.exports = ${METHODS};\n`;
    expect(await scan({ 'settings.ts': module, 'apply.ts': CALLER })).toEqual(EXPECTED);
  });

  test('a method the object does not have is not guessed', async () => {
    const caller = `import settings from './settings';\nexport const run = (zone: string) => settings.patch(zone, 'brotli');\n`;
    expect(await scan({ 'settings.ts': `export default ${METHODS};\n`, 'apply.ts': caller })).toEqual([]);
  });
});
