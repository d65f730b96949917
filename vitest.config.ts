import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import type { Reporter, TestModule } from 'vitest/node';

// CI reads one plain line, `N passed, N failed`, rather than vitest's own output.
class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const testModule of testModules) {
      let failedTests = 0;
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failedTests += 1;
        else skipped += 1;
      }
      // A file that fails to load, or whose beforeAll fails (its tests are then skipped), still
      // counts as a failure.
      failed += testModule.state() === 'failed' && failedTests === 0 ? 1 : failedTests;
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  }
}

const TESTS = 'packages/*/test/**/*.test.ts';
const ISOLATED = ['packages/eslint-plugin/test/analysis.test.ts'];

export default defineConfig({
  test: {
    reporters: ['default', new SummaryReporter()],
    // Limits catch hangs, never a slow machine: twelve times the slowest ordinary test on a quiet
    // 2-core machine; the heavy ones set HEAVY_TEST_MS (core/test/support/time-limits.ts), and so
    // do the hooks, which prepare whole corpora.
    testTimeout: 60_000,
    hookTimeout: 300_000,
    // Every temporary folder of the run goes into one that is removed at its end.
    globalSetup: ['packages/scanner/test/support/global-setup.ts'],
    // The temporary projects of scanner/test/scan-cli-support.ts are removed after each file.
    setupFiles: ['packages/scanner/test/support/setup.ts'],
    // One worker per core: vitest's default (cores - 1) runs one file at a time on a 2-core
    // machine, while its main process sits mostly idle. Worker threads start cheaper than forked
    // processes, and no test needs a process of its own (none calls chdir or handles signals).
    pool: 'threads',
    maxWorkers: availableParallelism(),
    projects: [
      // A worker keeps the modules it loaded (TypeScript, ESLint, the scanner) from one file to the
      // next instead of loading them again for each: that loading was half of the suite's time.
      {
        extends: true,
        test: { name: 'shared', include: [TESTS], exclude: [...configDefaults.exclude, ...ISOLATED], isolate: false },
      },
      // Files that mock a module (vi.mock) need a module graph of their own.
      { extends: true, test: { name: 'isolated', include: [...ISOLATED] } },
    ],
  },
});
