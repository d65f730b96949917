/**
 * Issue 27, low items of fixes, through real ESLint (`--fix` as `ESLint({ fix: true })`), with the
 * files of the scanner's packages/scanner/test/fix-low-items-cli.test.ts: a constant that a request
 * to another host also sends is reported without a fix; a JSX tooltip mentioning a path is silent;
 * removing a property takes its own comments with it.
 */
import { ESLint } from 'eslint';
import { afterAll, describe, expect, test } from 'vitest';
import {
  COMMENTED,
  COMMENTED_FIXED,
  OWN_CONSTANT,
  SHARED_CONSTANT,
  TOOLTIPS,
} from '../../scanner/test/support/fix-low-items-files.js';
import { makeProject, removeProjects } from '../../scanner/test/scan-cli-support.js';
import { userConfig } from './support/lint.js';
import { AS_OF } from './support/rule-tester.js';

afterAll(removeProjects);

/** What ESLint reports in the file (without fixing), and the file's text after `--fix`. */
async function lintFixed(file: string, code: string) {
  const cwd = makeProject({ [`src/${file}`]: code });
  const run = async (fix: boolean) => {
    const eslint = new ESLint({ cwd, fix, overrideConfigFile: true, overrideConfig: userConfig({ asOf: AS_OF }) });
    const [result] = await eslint.lintText(code, { filePath: `${cwd}/src/${file}` });
    return result!;
  };
  return { output: (await run(true)).output ?? code, messages: (await run(false)).messages };
}

describe('fixes that must not rewrite (real ESLint)', () => {
  test('a constant that a request to another host also sends: reported, not fixed, no suggestion', async () => {
    const { output, messages } = await lintFixed('x.js', SHARED_CONSTANT);
    expect(output).toBe(SHARED_CONSTANT);
    expect(messages.map((m) => [m.line, /\[([a-z0-9-]+)\]$/.exec(m.message)?.[1], m.suggestions ?? []])).toEqual([
      [1, 'page-shield-script-monitor-segment', []],
    ]);
  });

  test('a constant only our requests use is still fixed', async () => {
    const { output } = await lintFixed('x.js', OWN_CONSTANT);
    expect(output).toContain("const SEG = 'page_shield';");
  });

  test('a JSX tooltip: not reported; a component prop still is', async () => {
    const { output, messages } = await lintFixed('x.jsx', TOOLTIPS);
    expect(messages.map((m) => `${m.line}:${m.column}`)).toEqual(['5:24']);
    expect(output.split('\n').slice(0, 4)).toEqual(TOOLTIPS.split('\n').slice(0, 4));
    expect(output.split('\n')[4]).toContain('/page_shield/page_shield');
  });

  test('removing a property takes its own comments', async () => {
    const { output } = await lintFixed('x.js', COMMENTED);
    expect(output).toBe(COMMENTED_FIXED);
  });
});
