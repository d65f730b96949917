/**
 * Time limits that hold whatever the machine's speed. A limit only catches a hang; it must never
 * fail a test because the machine is slow or busy. Measured on a quiet 2-core machine, no test
 * outside this list takes over 5 s, and vitest's default limit (vitest.config.ts) is 60 s: twelve
 * times that. The tests that take 5–25 s there (whole-corpus scans, `--types`, property runs, tsc
 * over a project, spawned CLI runs over fixtures/) take this limit: over ten times their time, so
 * a machine three times slower with both cores busy still passes (checked: see the CHANGELOG).
 */
export const HEAVY_TEST_MS = 300_000;

/**
 * How long a spawned CLI process may run before a test calls it hung (a read blocked on a FIFO, a
 * wait that never ends): a small scan takes about a second on a quiet machine.
 */
export const PROCESS_HANG_MS = 60_000;
