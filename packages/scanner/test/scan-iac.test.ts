/**
 * Declared infrastructure resources across files, through the real CLI: a settings object another
 * module exports is reported where its keys are written, with the resource as the related
 * location, the same from a warm `--cache`; a module whose object no resource uses stays silent.
 */
import { describe, expect, test } from 'vitest';
import { runMain } from './support/cli-in-process.js';
import { makeProject } from './scan-cli-support.js';

interface ReportedFinding {
  file: string;
  line: number;
  entryId: string;
  confidence: string;
  related?: Array<{ file: string; line: number; message: string }>;
}

const PROJECT = {
  'infra/settings.ts': `export const zoneSettings = {
  ssl: 'strict',
  brotli: 'on',
};
export const unused = { minify: { css: 'on' } };
`,
  'infra/index.ts': `import * as cloudflare from '@pulumi/cloudflare';
import { zoneSettings } from './settings';

new cloudflare.ZoneSettingsOverride('zone', {
  zoneId: 'z',
  settings: { ...zoneSettings, http3: 'on' },
});
`,
};

async function scan(root: string, extra: string[] = []): Promise<ReportedFinding[]> {
  const run = await runMain(['scan', 'infra', '--as-of', '2026-11-21', '--format', 'json', ...extra], { cwd: root });
  return (JSON.parse(run.stdout) as { findings: ReportedFinding[] }).findings;
}

describe('declared resources across files', () => {
  test('a key of an imported settings object is reported where it is written', async () => {
    const root = makeProject(PROJECT);
    const findings = await scan(root);
    expect(findings.map((f) => [f.file, f.line, f.entryId, f.confidence])).toEqual([
      ['infra/settings.ts', 3, 'zone-setting-brotli', 'high'],
    ]);
    expect(findings[0]!.related).toEqual([
      expect.objectContaining({
        file: 'infra/index.ts',
        line: 4,
        message: 'used by the Pulumi resource `ZoneSettingsOverride`',
      }),
    ]);
    // The index a warm cache keeps carries the resource and the exported keys alike.
    expect(await scan(root, ['--cache'])).toEqual(findings);
    expect(await scan(root, ['--cache'])).toEqual(findings);
  });

  test('a setting id from another module is the value of the key it is written at', async () => {
    const root = makeProject({
      'infra/ids.ts': `export const BROTLI = 'brotli';\nexport const IDS = { tls: 'min_tls_version', mobile: 'mobile_redirect' };\n`,
      'infra/index.ts': `import { ZoneSetting } from '@pulumi/cloudflare';
import { BROTLI, IDS } from './ids';

new ZoneSetting('a', { zoneId: 'z', settingId: BROTLI, value: 'on' });
new ZoneSetting('b', { zoneId: 'z', settingId: IDS.tls, value: '1.2' });
new ZoneSetting('c', { zoneId: 'z', settingId: IDS.mobile, value: { status: 'off' } });
`,
    });
    expect((await scan(root)).map((f) => [f.file, f.line, f.entryId])).toEqual([
      ['infra/index.ts', 4, 'zone-setting-brotli'],
      ['infra/index.ts', 6, 'zone-setting-mobile-redirect'],
    ]);
  });

  test('the same object in a resource of another package is silent', async () => {
    const root = makeProject({
      ...PROJECT,
      'infra/index.ts': PROJECT['infra/index.ts'].replace('@pulumi/cloudflare', '@pulumi/fastly'),
    });
    expect(await scan(root)).toEqual([]);
  });
});
