import { Linter } from 'eslint';
import { afterEach, expect, test, vi } from 'vitest';

// Counts the analyses: each file must be analyzed once, however many rules read it.
const analyzeProgram = vi.hoisted(() => ({ calls: 0 }));
vi.mock('@sunset-lint/core', async (importOriginal) => {
  const core = await importOriginal<typeof import('@sunset-lint/core')>();
  return {
    ...core,
    // What the plugin calls (analyzeProgram with what else the analysis says about the file).
    analyzeFile: (...args: Parameters<typeof core.analyzeFile>) => {
      analyzeProgram.calls += 1;
      return core.analyzeFile(...args);
    },
  };
});

// Counts the baseline's look-ups (a search for the repository root and a `stat` each): one per file.
const baselineLookups = vi.hoisted(() => ({ calls: 0 }));
vi.mock('../src/baseline.js', async (importOriginal) => {
  const baseline = await importOriginal<typeof import('../src/baseline.js')>();
  return {
    ...baseline,
    baselineFor: (...args: Parameters<typeof baseline.baselineFor>) => {
      baselineLookups.calls += 1;
      return baseline.baselineFor(...args);
    },
  };
});

const { default: plugin } = await import('../src/index.js');

afterEach(() => {
  analyzeProgram.calls = 0;
  baselineLookups.calls = 0;
});

const files = {
  'a.js':
    "fetch('https://api.cloudflare.com/client/v4/zones/z/firewall/rules'); export const r = { type: 'A', name: 'x', content: '1.2.3.4', locked: false };",
  'b.js': "fetch('https://api.cloudflare.com/client/v4/zones/z/rate_limits');",
};

test.each(['recommended', 'recommended-by-grade'] as const)('%s: one analysis per file for all rules', (config) => {
  const linter = new Linter({ configType: 'flat' });
  const flat = [plugin.configs[config] as Linter.Config, { settings: { 'sunset-lint': { asOf: '2026-11-21' } } }];
  for (const [name, code] of Object.entries(files)) expect(linter.verify(code, flat, name).length).toBeGreaterThan(0);
  expect(analyzeProgram.calls).toBe(Object.keys(files).length);
});

test('the baseline is looked up once per file, by the rule that analyzes it, not by every rule', () => {
  const linter = new Linter({ configType: 'flat' });
  const flat = [plugin.configs.recommended as Linter.Config, { settings: { 'sunset-lint': { asOf: '2026-11-21' } } }];
  for (const [name, code] of Object.entries(files)) expect(linter.verify(code, flat, name).length).toBeGreaterThan(0);
  expect(Object.keys(plugin.rules ?? {}).length).toBeGreaterThan(1);
  expect(baselineLookups.calls).toBe(Object.keys(files).length);
});

test('a fix pass re-parses, and the new tree is analyzed afresh', () => {
  const linter = new Linter({ configType: 'flat' });
  const flat = [plugin.configs.recommended as Linter.Config, { settings: { 'sunset-lint': { asOf: '2026-11-21' } } }];
  const { output, messages } = linter.verifyAndFix(files['a.js'], flat, 'a.js');
  expect(output).not.toContain('locked');
  expect(messages.map((m) => m.ruleId)).toEqual(['sunset-lint/no-deprecated-endpoint']);
  expect(analyzeProgram.calls).toBe(2);
});
