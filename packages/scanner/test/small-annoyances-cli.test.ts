/**
 * Small things a new user tripped on (issue 26, "Annoys"): the top-level help, the message of a
 * request whose method is unknown, the progress bar's count against the summary's, and a broken
 * configuration's problems, all of them at once. Through the real CLI (the progress bar through
 * `main` with a terminal for stderr, which a spawned process cannot be given).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { main } from '../src/cli/main.js';
import { REPORT_FORMATS } from '../src/reports/types.js';
import { REPO_ROOT } from '../../core/test/support/fixtures.js';
import { FIREWALL_RULES_CALL, makeProject, parseJsonReport, runCli } from './scan-cli-support.js';
import { runMain } from './support/cli-in-process.js';

describe('the top-level help', () => {
  test('lists --version and --help, and every report format', () => {
    const run = runCli(['--help'], { cwd: process.cwd() });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^ {2}-v, --version +the version of sunset-lint$/m);
    expect(run.stdout).toMatch(/^ {2}-h, --help +this help$/m);
    expect(REPORT_FORMATS).toHaveLength(9);
    for (const format of REPORT_FORMATS) expect(run.stdout).toMatch(new RegExp(`[(, ]${format}[,)]`));
  });
});

describe('a request whose HTTP method is unknown', () => {
  test('the message says so plainly, and the fingerprint (which baselines keep) is unchanged', () => {
    const cwd = makeProject({
      'a.ts': [
        'export async function call(zoneId: string, init: RequestInit) {',
        '  return fetch(`https://api.cloudflare.com/client/v4/zones/${zoneId}/firewall/rules`, init);',
        '}',
        '',
      ].join('\n'),
    });
    const run = runCli(['scan', '--format', 'json', '--as-of', '2026-11-21'], { cwd });
    const [finding] = parseJsonReport(run.stdout).findings;
    expect(finding?.message).toBe(
      'A request (method unknown) to /zones/:zone_id/firewall/rules (Firewall Rules API and Filters API) reached end of life on 2025-01-15 (ended 1 year ago). Use instead: WAF custom rules (ruleset engine, phase http_request_firewall_custom).',
    );
    expect(finding?.confidence).toBe('medium');
    expect(finding?.fingerprint).toBe('7cd4bbe2aba3de780184d1b722e336e2');
  });
});

/** A stream that keeps what is written to it and says it is a terminal. */
class Terminal extends Writable {
  readonly isTTY = true;
  readonly columns = 120;
  private readonly chunks: string[] = [];
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.chunks.push(String(chunk));
    done();
  }
  text(): string {
    return this.chunks.join('');
  }
}

describe('the progress bar', () => {
  test('counts the files the summary counts: every language, not only the JavaScript parsed', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 205; i++) files[`src/m${i}.ts`] = `export const f${i} = (zoneId) => ${FIREWALL_RULES_CALL}\n`;
    for (let i = 0; i < 20; i++)
      files[`scripts/s${i}.sh`] = 'curl "https://api.cloudflare.com/client/v4/zones/$Z/firewall/rules"\n';
    for (let i = 0; i < 10; i++) files[`docs/d${i}.md`] = '# notes\n\nNothing about the API.\n';
    files['README.md'] = '# project\n';
    const cwd = makeProject(files);
    const stdout = new Terminal();
    const stderr = new Terminal();
    const env = { PATH: process.env.PATH ?? '' };
    const status = await main(['scan', '--as-of', '2026-11-21', '--fail-on', 'none', '--no-color'], {
      stdout,
      stderr,
      env,
      cwd,
    });
    expect(status).toBe(0);
    const scanned = /\((\d+) files scanned/.exec(stdout.text())?.[1];
    expect(scanned).toBe('236');
    const counts = [...stderr.text().matchAll(/ (\d+)\/(\d+) files/g)].map((match) => [match[1], match[2]]);
    expect(counts.length).toBeGreaterThan(0);
    expect(counts[counts.length - 1]).toEqual(['236', '236']);
    // Never more done than the total, and the total never below the summary's count.
    for (const [done, total] of counts) expect(Number(done)).toBeLessThanOrEqual(Number(total));
  });
});

describe('a broken configuration', () => {
  test('shows every problem, one line each, naming its key', () => {
    const cwd = makeProject({
      'sunset-lint.config.json': JSON.stringify({ asof: '2026-01-01', imminentDays: -1, minConfidence: 'certain' }),
      'a.ts': '',
    });
    const run = runCli(['scan'], { cwd });
    expect(run.status).toBe(2);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe('sunset-lint scan: sunset-lint.config.json: 3 problems:');
    expect(lines.slice(1).map((line) => line.trim().split(' ')[0])).toEqual([
      "'asof'",
      "'imminentDays'",
      "'minConfidence'",
    ]);
    expect(lines[2]).toContain("'imminentDays' must be a whole number of days (0 or more), got -1");
  });

  test("a catalogue entry of the config's catalogue.add shows each missing field", () => {
    const cwd = makeProject({
      'sunset-lint.config.json': JSON.stringify({ catalogue: { add: [{ id: 'next', title: 'Next' }] } }),
      'a.ts': '',
    });
    const run = runCli(['scan'], { cwd });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("entry 'next': 6 problems:\n  field 'replacement' is required\n");
    for (const field of ['match', 'area', 'rule', 'docs', 'eol'])
      expect(run.stderr).toContain(`  field '${field}' is required`);
  });
});

describe("the README's example output", () => {
  test("is what 'pnpm start' prints on the day it names: every line shown, the summary's figures", async () => {
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    const example = /Example output of the first command[^\n]*\n(?:[^\n]*\n)*?\n```text\n([\s\S]*?)```/.exec(
      readme,
    )?.[1];
    expect(example).toBeDefined();
    const asOf = / as of (\d{4}-\d{2}-\d{2})$/m.exec(example!)?.[1];
    expect(asOf).toBeDefined();
    // `pnpm start` is `sunset-lint scan fixtures --fail-on none`, on the day of the run.
    const run = await runMain(['scan', 'fixtures', '--fail-on', 'none', '--as-of', asOf!], { cwd: REPO_ROOT });
    const printed = new Set(run.stdout.split('\n'));
    const shown = example!.split('\n').filter((line) => line.trim() !== '' && line.trim() !== '…');
    expect(shown.filter((line) => !printed.has(line))).toEqual([]);
  });
});
