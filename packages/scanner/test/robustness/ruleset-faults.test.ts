/**
 * The reference client under the faults its other tests do not cover: a server that accepts the
 * connection and never answers, a 200 whose JSON is cut short (declared short, or the connection
 * closed halfway), and a 429 storm longer than the retry budget. Each runs `sunset-lint ruleset`
 * as a real process against the fake API; after each, `ruleset show --json` (a real process too)
 * must show the stored rule either unchanged or exactly as the requested change leaves it, and the
 * fake's stored rule must be that one.
 */
import { describe, test } from 'vitest';
import {
  IDS,
  PATHS,
  TEST_TOKEN,
  startFakeApi,
  type Failure,
  type FakeApi,
  type RequestMatcher,
} from '../../../core/test/client/fake-api.js';
import { runCliProcess, type ProcessRun } from '../support/cli-process.js';

/** The real process: the fake lives in this process and must keep answering. */
function sunsetLint(args: readonly string[]): Promise<ProcessRun> {
  return runCliProcess(args, { PATH: process.env['PATH'], CLOUDFLARE_API_TOKEN: TEST_TOKEN });
}

const SET = ['ruleset', 'set', '--paranoia-level', '1', '--action', 'log'];

function target(fake: FakeApi): string[] {
  return ['--zone', IDS.zone, '--account', IDS.account, '--base-url', fake.baseUrl];
}

/** The rule as a client can change it: what the fake keeps besides its own version and timestamps. */
function storedRule(fake: FakeApi): unknown {
  const rule = fake.owaspExecuteRule();
  if (!rule) return undefined;
  const { version: _version, last_updated: _updated, ...kept } = rule;
  return kept;
}

/** What `ruleset show --json` prints for the fake as it is now. */
async function shown(fake: FakeApi): Promise<unknown> {
  const run = await sunsetLint(['ruleset', 'show', '--json', ...target(fake)]);
  if (run.code !== 0) throw new Error(`ruleset show failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

/** The stored rule and what `show` prints: untouched, and after the requested change on a healthy API. */
async function referenceStates(): Promise<{
  before: { rule: unknown; shown: unknown };
  after: { rule: unknown; shown: unknown };
  /** Wall time of the healthy `ruleset set`: the yardstick for the runs under faults. */
  healthyMs: number;
}> {
  const fake = await startFakeApi();
  try {
    const before = { rule: storedRule(fake), shown: await shown(fake) };
    const run = await sunsetLint([...SET, ...target(fake)]);
    if (run.code !== 0) throw new Error(`ruleset set failed on a healthy API: ${run.stderr}`);
    return { before, after: { rule: storedRule(fake), shown: await shown(fake) }, healthyMs: run.ms };
  } finally {
    await fake.close();
  }
}
const references = referenceStates();

const LIST: RequestMatcher = { method: 'GET', path: PATHS.list };
const RULESET: RequestMatcher = { method: 'GET', path: PATHS.owasp };
const PATCH: RequestMatcher = { method: 'PATCH', path: PATHS.owaspRule };

interface Fault {
  name: string;
  matcher: RequestMatcher;
  failure: Failure;
  times?: number;
  /**
   * How the run ends: exit 1 with this error, or `recovers`: a write whose answer was lost is
   * checked by reading the rule again (safe-write.ts) and sent again only when it did not land, so
   * the run ends with exit 0 and exactly the requested change.
   */
  error: RegExp | 'recovers';
}

// Long enough that a healthy answer of the loopback fake arrives in time on a loaded machine (a
// shorter limit turned a truncated answer into a timeout under the whole suite's load).
const TIMEOUT = ['--timeout', '2', '--retries', '2'];
/**
 * The longest a run may wait by design, whatever the machine: three attempts of at most 2 s and
 * the client's pauses between them (0.5 s, then 1 s). A run that honours its flags ends within this
 * plus its own work, measured by the healthy run.
 */
const WAIT_BUDGET_MS = 3 * 2_000 + 500 + 1_000;

const FAULTS: Fault[] = [
  {
    name: 'a read the server never answers',
    matcher: LIST,
    failure: { kind: 'silent' },
    times: 3,
    error:
      /^sunset-lint ruleset: GET \S+ failed: no complete response within 2000 ms \(timeout\); gave up after 3 attempts\n$/,
  },
  { name: 'a write the server never answers', matcher: PATCH, failure: { kind: 'silent' }, error: 'recovers' },
  {
    name: 'a write applied, then never answered',
    matcher: PATCH,
    failure: { kind: 'silent', apply: true },
    error: 'recovers',
  },
  {
    name: 'truncated JSON in a 200 to a read (Content-Length of the cut body)',
    matcher: RULESET,
    failure: { kind: 'truncated-json', cut: 'declared' },
    times: 3,
    error:
      /^sunset-lint ruleset: GET \S+ failed: HTTP 200: response is not valid JSON \(cut short: the body ends after \d+ characters, inside the JSON; content-type: application\/json\) \(body starts: .+\)\n$/,
  },
  {
    name: 'truncated JSON in a 200 to a read (connection closed halfway)',
    matcher: LIST,
    failure: { kind: 'truncated-json', cut: 'connection' },
    times: 3,
    error:
      /^sunset-lint ruleset: GET \S+ failed: connection failed: other side closed \(UND_ERR_SOCKET\); gave up after 3 attempts\n$/,
  },
  {
    name: 'truncated JSON in a 200 to an applied write',
    matcher: PATCH,
    failure: { kind: 'truncated-json', cut: 'declared', apply: true },
    error: 'recovers',
  },
  {
    name: 'a 429 storm on a read, longer than the retry budget',
    matcher: LIST,
    failure: { kind: 'rate-limit', retryAfter: '0' },
    times: 20,
    error: /^sunset-lint ruleset: GET \S+ failed: HTTP 429\n {2}error 10429: .+\n {2}\(gave up after 3 attempts\)\n$/,
  },
  {
    name: 'a 429 storm on the write, longer than the retry budget',
    matcher: PATCH,
    failure: { kind: 'rate-limit', retryAfter: '0' },
    times: 20,
    error: /^sunset-lint ruleset: PATCH \S+ failed: HTTP 429\n {2}error 10429: .+\n {2}\(gave up after 3 attempts\)\n$/,
  },
];

describe.concurrent('ruleset set under faults: bounded, a clear error, nothing lost or half-written', () => {
  test.for(FAULTS)('$name', async ({ matcher, failure, times, error }, { expect }) => {
    const { before, after, healthyMs } = await references;
    const fake = await startFakeApi();
    try {
      fake.failNext(matcher, failure, { times: times ?? 1 });
      const run = await sunsetLint([...SET, ...target(fake), ...TIMEOUT]);
      expect(run.stdout + run.stderr).not.toContain(TEST_TOKEN);
      // Bounded by the flags, not by the test's time limit: the run's own work (the healthy run's
      // time, times the runs of this file sharing the machine's cores at once) plus the waits its
      // flags allow, twice over. A run that ignored --timeout would wait the default 30 s.
      expect(run.ms).toBeLessThan(healthyMs * FAULTS.length + 2 * WAIT_BUDGET_MS);
      if (error === 'recovers') {
        expect(run.stderr).toBe('');
        expect(run.code).toBe(0);
      } else {
        expect(run.code).toBe(1);
        expect(run.stderr).toMatch(error);
      }
      fake.clearFailures();
      const state = { rule: storedRule(fake), shown: await shown(fake) };
      // A recovered write leaves exactly the requested change, a failed run the rule as it was:
      // never anything in between, and `show` reads what the fake stores.
      expect(state).toEqual(error === 'recovers' ? after : before);
    } finally {
      await fake.close();
    }
  });
});
