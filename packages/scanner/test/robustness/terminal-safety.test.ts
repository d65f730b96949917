/**
 * Terminal safety: control characters and escape sequences written in the scanned code (a string
 * literal, a file name) never reach a terminal or a CI log raw. The text and github formats, the
 * stderr notes and the Markdown report show them escaped (`\u001b`); the XML formats replace them.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { terminalSafe } from '../../src/reports/terminal.js';
import { makeProject } from '../scan-cli-support.js';
import { runMain } from '../support/cli-in-process.js';

/** Clear the screen, ring the bell, return the carriage, reverse the text direction. */
const HOSTILE = '\u001b[2J\u0007\r\u202e';
const SHOWN = '\\u001b[2J\\u0007\\u000d\\u202e';
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

function hostileProject(): { root: string; name: string } {
  const root = makeProject({});
  const name = `evil${HOSTILE}.ts`;
  // The string literal holds ESC, BEL and U+202E raw (a carriage return would end the literal) and as escapes.
  writeFileSync(
    join(root, name),
    [
      `const raw = "\u001b[2J\u0007\u202e";`,
      `const escaped = "\\u001b[2J\\u0007\\r\\u202e";`,
      'export const f = (zoneId: string) => fetch(`https://api.cloudflare.com/client/v4/zones/${zoneId}/rate_limits`, { headers: { "X-Note": raw + escaped } });',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(root, `broken${HOSTILE}.ts`),
    'export const u = (id) => fetch(`https://api.cloudflare.com/client/v4/zones/${id}/rate_limits` +\n',
  );
  return { root, name };
}

describe('nothing from the scanned code reaches the terminal raw', () => {
  test.each(['text', 'github', 'markdown'])('--format %s and the stderr notes', async (format) => {
    const { root } = hostileProject();
    const run = await runMain(['scan', '--format', format, '--as-of', '2026-11-21', '--fail-on', 'none'], {
      cwd: root,
    });
    expect(run.status).toBe(0);
    expect(run.stdout).not.toMatch(RAW_CONTROL);
    expect(run.stderr).not.toMatch(RAW_CONTROL);
    // The names are still there, readable: the finding's file and the unparsable one.
    // GitHub encodes the carriage return itself; Markdown folds line breaks into spaces.
    const shown = { text: SHOWN, github: SHOWN.replace('\\u000d', '%0D'), markdown: SHOWN.replace('\\u000d', ' ') }[
      format
    ];
    expect(run.stdout + run.stderr).toContain(`evil${shown}.ts`);
    expect(run.stdout + run.stderr).toContain(`broken${shown}.ts`);
  });

  test('the text report in color: its own styles are the only escape sequences', async () => {
    const { root } = hostileProject();
    const run = await runMain(['scan', '--color', '--as-of', '2026-11-21', '--fail-on', 'none'], { cwd: root });
    const withoutStyles = run.stdout.replace(/\u001b\[\d+m/g, '');
    expect(withoutStyles).not.toMatch(RAW_CONTROL);
    expect(withoutStyles).toContain(`evil${SHOWN}.ts`);
  });

  test.each(['junit', 'checkstyle'])('--format %s replaces what XML cannot hold', async (format) => {
    const { root } = hostileProject();
    const run = await runMain(['scan', '--format', format, '--as-of', '2026-11-21', '--fail-on', 'none'], {
      cwd: root,
    });
    expect(run.stdout).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    expect(run.stdout).toContain('evil');
  });

  test('the escaping itself: C0, DEL, C1 and bidirectional controls, nothing else', () => {
    expect(terminalSafe(`a${HOSTILE}\u0000\u007f\u009b\u2066\u200f\tz é 日本 🙂`)).toBe(
      `a${SHOWN}\\u0000\\u007f\\u009b\\u2066\\u200f\\u0009z é 日本 🙂`,
    );
    expect(terminalSafe('line\r\nbreak\u001b', true)).toBe('line\r\nbreak\\u001b');
  });
});
