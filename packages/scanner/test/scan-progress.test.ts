/** The progress bar shows only for a person at a terminal, and only when the scan is long. */
import { describe, expect, test } from 'vitest';
import { createProgress, isCi } from '../src/scan/progress.js';

function stream(isTTY: boolean) {
  const writes: string[] = [];
  return { writes, isTTY, columns: 100, write: (text: string) => writes.push(text) };
}

describe('progress bar', () => {
  test('drawn on a TTY outside CI for a long scan, and cleared at the end', () => {
    const out = stream(true);
    const progress = createProgress(out, {}, true, () => 0);
    for (let i = 1; i <= 500; i++) progress.update(i, 500);
    progress.finish();
    expect(out.writes.some((w) => w.includes('500/500 files'))).toBe(true);
    expect(out.writes[out.writes.length - 1]).toBe('\r\x1b[K');
  });

  test('a short scan (few files, under a second) shows nothing', () => {
    const out = stream(true);
    const progress = createProgress(out, {}, true, () => 0);
    for (let i = 1; i <= 50; i++) progress.update(i, 50);
    progress.finish();
    expect(out.writes).toEqual([]);
  });

  test('a slow scan of few files shows it after a second', () => {
    const out = stream(true);
    let now = 0;
    const progress = createProgress(out, {}, true, () => now);
    progress.update(1, 10);
    now = 1500;
    progress.update(2, 10);
    expect(out.writes.join('')).toContain('2/10 files');
  });

  test.each([
    ['not a TTY', false, {}, true],
    ['in CI', true, { CI: 'true' }, true],
    ['--no-progress or --quiet', true, {}, false],
  ])('never %s', (_why, isTTY, env, wanted) => {
    const out = stream(isTTY);
    const progress = createProgress(out, env, wanted, () => 0);
    for (let i = 1; i <= 500; i++) progress.update(i, 500);
    progress.finish();
    expect(out.writes).toEqual([]);
  });

  test('CI markers', () => {
    expect(isCi({ CI: 'true' })).toBe(true);
    expect(isCi({ CI: '1' })).toBe(true);
    expect(isCi({ GITHUB_ACTIONS: 'true' })).toBe(true);
    expect(isCi({ CI: 'false' })).toBe(false);
    expect(isCi({})).toBe(false);
  });
});
