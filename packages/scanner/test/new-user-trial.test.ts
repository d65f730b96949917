/**
 * What a new user still tripped on in the trial of issue 26 (three projects installed from the
 * packed packages): through the real CLI on throwaway projects.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../../core/test/support/fixtures.js';
import { FIREWALL_RULES_CALL, makeProject, runCli } from './scan-cli-support.js';

describe('scan -q when every finding is a warning', () => {
  test('says how many findings it hid, by grade, instead of "No deprecated API usage found"', () => {
    const cwd = makeProject({
      'a.ts': `export const a = async (zoneId: string) => ${FIREWALL_RULES_CALL}\n`,
      'b.ts': `export const b = async (zoneId: string) => ${FIREWALL_RULES_CALL}\n`,
    });
    // Firewall rules end on 2025-01-15: scheduled on 2024-01-01, imminent (90 days) on 2024-12-01.
    const scheduled = runCli(['scan', '-q', '--as-of', '2024-01-01'], { cwd });
    expect(scheduled.status).toBe(0);
    expect(scheduled.stdout).not.toContain('No deprecated API usage found');
    expect(scheduled.stdout).toContain(
      'No error-level findings in 2 files scanned (as of 2024-01-01); 2 scheduled findings not shown (-q).',
    );
    const imminent = runCli(['scan', '--quiet', '--as-of', '2024-12-01'], { cwd });
    expect(imminent.stdout).toContain('2 imminent findings not shown (-q)');
  });

  test('lists what it hid under the totals when errors remain', () => {
    const cwd = makeProject({
      'a.ts': `export const a = async (zoneId: string) => ${FIREWALL_RULES_CALL}\n`,
      'b.ts': `export const b = (zoneId: string) => fetch(\`https://api.cloudflare.com/client/v4/zones/\${zoneId}/rate_limits\`);\n`,
      'sunset-lint.config.json': JSON.stringify({
        catalogue: { eolOverrides: { 'firewall-rules-api': '2030-01-01' } },
      }),
    });
    const run = runCli(['scan', '-q', '--as-of', '2026-01-01', '--fail-on', 'none'], { cwd });
    expect(run.stdout).toMatch(/^ {2}1 scheduled finding not shown \(-q\)$/m);
    expect(run.stdout).not.toMatch(/firewall-rules-api {2}/);
  });
});

describe("the README's commands", () => {
  test('run the CLI as the npm install the README shows installs it: npx, not pnpm exec', () => {
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    const use = readme.slice(readme.indexOf('## Use it'));
    expect(use).toContain('npm install --save-dev');
    const blocks = [...use.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
    const commands = blocks.flatMap((block) => block.split('\n')).filter((line) => /\bsunset-lint (?!-)/.test(line));
    expect(commands.length).toBeGreaterThan(8);
    expect(commands.filter((line) => /^\s*(pnpm|yarn) (exec|dlx)\b/.test(line))).toEqual([]);
  });
});

describe('a configuration with unknown catalogue ids', () => {
  test('every problem at once: the schema problems, then each unknown id, one line each', () => {
    const cwd = makeProject({
      'sunset-lint.config.json': JSON.stringify({
        imminentDays: -1,
        catalogue: { disable: ['no-such-id', 'firewall-rule-api'], eolOverrides: { 'not-an-entry': '2027-01-01' } },
      }),
      'a.ts': '',
    });
    const run = runCli(['scan'], { cwd });
    expect(run.status).toBe(2);
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      'sunset-lint scan: sunset-lint.config.json: 4 problems:',
      "  'imminentDays' must be a whole number of days (0 or more), got -1",
      "  'catalogue.eolOverrides.not-an-entry' unknown catalogue entry id 'not-an-entry'",
      "  'catalogue.disable[0]' unknown catalogue entry id 'no-such-id'",
      "  'catalogue.disable[1]' unknown catalogue entry id 'firewall-rule-api' (did you mean 'firewall-rules-api'?)",
    ]);
  });

  test('several unknown ids and no schema problem: all of them, not the first', () => {
    const cwd = makeProject({
      'sunset-lint.config.json': JSON.stringify({ catalogue: { disable: ['no-such-id', 'nor-this-one'] } }),
      'a.ts': '',
    });
    const run = runCli(['scan'], { cwd });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("'catalogue.disable[0]' unknown catalogue entry id 'no-such-id'");
    expect(run.stderr).toContain("'catalogue.disable[1]' unknown catalogue entry id 'nor-this-one'");
  });
});
