/**
 * The text report wrapped to a terminal's width: on a TTY only (a pipe keeps one line per finding),
 * with a hanging indent under the message, and never inside a word (paths and URLs stay whole).
 */
import { Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { main } from '../src/cli/main.js';
import { renderReport } from '../src/reports/index.js';
import { terminalWidth, visibleLength, wrapAfter } from '../src/reports/wrap.js';
import { fixtureReport } from './report-fixtures.js';
import { FIREWALL_RULES_CALL, makeProject } from './scan-cli-support.js';

const report = fixtureReport({
  files: ['fixtures/fetch/page-shield-scripts.ts', 'fixtures/dns-records/locked-field.ts'],
});
const words = (text: string) => text.split(/\s+/).filter((word) => word !== '');

describe('wrapAfter', () => {
  test('fills the body into the width, continuation lines under the body', () => {
    const lines = wrapAfter('  12:3  ', 'one two three four five six seven eight nine ten eleven twelve', 40);
    expect(lines).toEqual([
      '  12:3  one two three four five six',
      '        seven eight nine ten eleven',
      '        twelve',
    ]);
  });

  test('a word longer than the line stays whole', () => {
    const url = 'https://developers.example.com/api/resources/firewall/subresources/rules/methods/list';
    const lines = wrapAfter('  1:1  ', `see ${url} for details`, 40);
    expect(lines).toEqual(['  1:1  see', `       ${url}`, '       for details']);
  });

  test('no width, or a line that fits: unchanged', () => {
    expect(wrapAfter('a ', 'b c', undefined)).toEqual(['a b c']);
    expect(wrapAfter('a ', 'b c', 5)).toEqual(['a b c']);
  });

  test('a wide prefix leaves too little room: a small indent instead', () => {
    const lines = wrapAfter(`${'x'.repeat(50)}  `, 'alpha beta gamma delta epsilon zeta eta theta', 70);
    expect(lines[1]).toMatch(/^ {4}\S/);
  });
});

describe('terminalWidth', () => {
  test('a TTY: COLUMNS when it is a positive number, else the terminal', () => {
    expect(terminalWidth({ isTTY: true, columns: 100 }, {})).toBe(100);
    expect(terminalWidth({ isTTY: true, columns: 100 }, { COLUMNS: '72' })).toBe(72);
    expect(terminalWidth({ isTTY: true, columns: 100 }, { COLUMNS: 'wide' })).toBe(100);
  });

  test('a pipe: no wrapping, whatever COLUMNS says', () => {
    expect(terminalWidth({ columns: 100 }, { COLUMNS: '72' })).toBeUndefined();
  });
});

describe('renderText with a width', () => {
  const wide = renderReport('text', report, { color: false });
  const narrow = renderReport('text', report, { color: false, width: 80 });
  const colored = renderReport('text', report, { color: true, width: 80 });

  test('every line fits, colored or not, unless it is one word too long', () => {
    for (const text of [narrow, colored])
      for (const line of text.split('\n')) if (visibleLength(line) > 80) expect(words(line).length, line).toBe(1);
    expect(wide.split('\n').some((line) => line.length > 80)).toBe(true);
  });

  test('the same words in the same order, no word broken', () => {
    expect(words(narrow)).toEqual(words(wide));
  });

  test('a finding continues under its message', () => {
    const lines = narrow.split('\n');
    const first = lines.findIndex((line) => line.includes('dns-record-locked-field  '));
    const messageColumn = lines[first]!.indexOf('`locked`');
    expect(messageColumn).toBeGreaterThan(0);
    expect(lines[first + 1]).toMatch(new RegExp(`^ {${messageColumn}}\\S`));
  });
});

/** A captured stream that says it is a terminal of `columns` columns. */
class Terminal extends Writable {
  readonly isTTY = true;
  private readonly chunks: string[] = [];
  constructor(readonly columns: number) {
    super();
  }
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.chunks.push(String(chunk));
    done();
  }
  text(): string {
    return this.chunks.join('');
  }
}

describe('the scan command', () => {
  const cwd = makeProject({ 'src/sync.js': `export async function sync(zoneId) {\n  ${FIREWALL_RULES_CALL}\n}\n` });
  const args = ['scan', '--as-of', '2026-01-01', '--no-color'];
  const run = async (stdout: Terminal | (Writable & { text(): string }), env: NodeJS.ProcessEnv = {}) => {
    await main(args, { stdout, stderr: new Terminal(80), env: { NO_COLOR: '1', CI: 'true', ...env }, cwd });
    return stdout.text();
  };

  test('wraps to the terminal, and to COLUMNS when set', async () => {
    const at60 = await run(new Terminal(60));
    expect(Math.max(...at60.split('\n').map((line) => line.length))).toBeLessThanOrEqual(60);
    const at100 = await run(new Terminal(60), { COLUMNS: '100' });
    expect(Math.max(...at100.split('\n').map((line) => line.length))).toBeGreaterThan(60);
    expect(Math.max(...at100.split('\n').map((line) => line.length))).toBeLessThanOrEqual(100);
  });

  test('does not wrap on a pipe', async () => {
    const pipe = new Terminal(60);
    Object.defineProperty(pipe, 'isTTY', { value: false });
    const text = await run(pipe);
    expect(text).toMatch(/^ {2}2:\d+ .*firewall-rules-api .*WAF custom rules.*$/m);
  });
});
