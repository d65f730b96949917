/**
 * A value past the file's budget is unknown where it is built, and the plugin says so (issue 27):
 * real ESLint reports it once per file, by `no-deprecated-endpoint`, at the place of the first cut
 * (the scanner's `value-budget` diagnostic, same place and text: the scanner's half is
 * packages/scanner/test/robustness/value-budget-diagnostic.test.ts, with the same files); as a
 * warning under `recommended-by-grade`. An ordinary file gets none.
 */
import { ESLint } from 'eslint';
import { afterAll, describe, expect, test } from 'vitest';
import { makeProject, removeProjects } from '../../scanner/test/scan-cli-support.js';
import { userConfig } from './support/lint.js';
import { AS_OF } from './support/rule-tester.js';

afterAll(removeProjects);

const API = 'https://api.cloudflare.com/client/v4';
const UNRELATED = `export const rules = (z) => fetch(\`${API}/zones/\${z}/firewall/rules\`);\n`;
const DOUBLING =
  "const a0 = '/zones/';\n" +
  Array.from({ length: 60 }, (_, i) => `const a${i + 1} = a${i} + a${i};\n`).join('') +
  'export const x = fetch(a60);\n' +
  UNRELATED;

async function lintCode(code: string, config: 'recommended' | 'recommended-by-grade' = 'recommended') {
  const cwd = makeProject({ 'src/x.js': code });
  const eslint = new ESLint({ cwd, overrideConfigFile: true, overrideConfig: userConfig({ asOf: AS_OF }, config) });
  const [result] = await eslint.lintFiles(['src/x.js']);
  return result!.messages;
}

describe('values cut by the budget (real ESLint)', () => {
  test('a doubling chain: one report, at the first cut, beside the unrelated finding', async () => {
    const messages = await lintCode(DOUBLING);
    const cut = messages.filter((message) => message.messageId === 'valuesCut');
    expect(cut).toEqual([
      expect.objectContaining({ ruleId: 'sunset-lint/no-deprecated-endpoint', line: 10, column: 12 }),
    ]);
    expect(cut[0]!.message).toMatch(/values left unknown, the first here: .* \[value-budget\]$/);
    expect(messages.filter((message) => message.messageId !== 'valuesCut').map((m) => m.message)).toEqual([
      expect.stringMatching(/\[firewall-rules-api\]$/),
    ]);
  });

  test('a warning, not an error, under recommended-by-grade', async () => {
    const messages = await lintCode(DOUBLING, 'recommended-by-grade');
    expect(messages.find((message) => message.messageId === 'valuesCut')?.severity).toBe(1);
  });

  test('an ordinary file gets none', async () => {
    const messages = await lintCode(
      `const a0 = '/zones/';\nconst a1 = a0 + a0;\nexport const x = fetch(a1);\n${UNRELATED}`,
    );
    expect(messages.map((message) => message.messageId)).not.toContain('valuesCut');
    expect(messages).toHaveLength(1);
  });
});
