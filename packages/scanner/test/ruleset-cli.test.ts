/**
 * `sunset-lint ruleset show|set` against the fake API on 127.0.0.1: in-process through `main`, and
 * as the real CLI process (bin/sunset-lint.js, built by `tsc -b`) where the test is about the process.
 */
import { describe, test, type ExpectStatic } from 'vitest';
import {
  IDS,
  PATHS,
  TEST_TOKEN,
  startFakeApi,
  type FakeApi,
  type JsonObject,
} from '../../core/test/client/fake-api.js';
import { tokenEchoes, tokenLeaks } from '../../core/test/client/helpers.js';
import { runMainWith } from './support/cli-in-process.js';
import { runCliProcess } from './support/cli-process.js';

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** The environment both ways of running get: the token, and only what the case adds. */
function cliEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return { PATH: process.env['PATH'], CLOUDFLARE_API_TOKEN: TEST_TOKEN, ...env };
}

/** The CLI in-process through `main` (it awaits the fake in this process like any client). */
async function runCommand(args: readonly string[], env: Record<string, string | undefined> = {}): Promise<Run> {
  const run = await runMainWith(args, { cwd: process.cwd(), env: cliEnv(env) });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/**
 * The real process, for what is about the process: the token and base URL read from its own
 * environment, and a timed-out request that must end the process, not leave it waiting. Spawned
 * asynchronously: the fake lives in this process and must keep answering.
 */
function runProcess(args: readonly string[], env: Record<string, string | undefined> = {}): Promise<Run> {
  return runCliProcess(args, cliEnv(env));
}

/** Starts a fake for one test and closes it afterwards; tests run concurrently, each with its own. */
async function withFake(run: (fake: FakeApi, base: string[]) => Promise<void>): Promise<void> {
  const fake = await startFakeApi();
  try {
    await run(fake, ['--zone', IDS.zone, '--account', IDS.account, '--base-url', fake.baseUrl]);
  } finally {
    await fake.close();
  }
}

/** The token in none of its forms (any case, zero-width-split, percent-encoded, base64) in any output. */
function expectNoToken(expect: ExpectStatic, result: Run): void {
  expect(result.stdout).not.toContain(TEST_TOKEN);
  expect(result.stderr).not.toContain(TEST_TOKEN);
  expect(tokenLeaks(result.stdout)).toEqual([]);
  expect(tokenLeaks(result.stderr)).toEqual([]);
}

const READS = [`GET ${PATHS.list}`, `GET ${PATHS.owasp}`, `GET ${PATHS.entrypoint}`];

describe.concurrent('ruleset show', () => {
  test('prints the configuration; sends the three reads with the bearer token (real process)', async ({ expect }) => {
    await withFake(async (fake, base) => {
      const result = await runProcess(['ruleset', 'show', ...base]);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(
        [
          `Managed ruleset:  Cloudflare OWASP Core Ruleset (${IDS.owasp}, version 36)`,
          `Zone:             ${IDS.zone}`,
          `Entry point:      ${IDS.entrypoint}`,
          `Deployed:         yes: execute rule ${IDS.executeOwasp}, enabled, expression "true", ruleset version latest`,
          'Paranoia level:   2 (paranoia-level-3, paranoia-level-4 disabled)',
          `Score threshold:  60 (override on the last rule ${IDS.lastRule}; ruleset default 40)`,
          `Action:           log (override on the last rule ${IDS.lastRule}; ruleset default block)`,
          `Disabled rules:   ${IDS.rulePl2Xss}`,
          'Other categories: language-php (disabled)',
          '',
        ].join('\n'),
      );
      expect(fake.calls()).toEqual(READS);
      for (const request of fake.requests) expect(request.headers['authorization']).toBe(`Bearer ${TEST_TOKEN}`);
      expectNoToken(expect, result);
    });
  });

  test('--json prints the configuration as JSON; the base URL can come from CLOUDFLARE_API_BASE_URL (real process)', async ({
    expect,
  }) => {
    await withFake(async (fake) => {
      const result = await runProcess(['ruleset', 'show', '--zone', IDS.zone, '--account', IDS.account, '--json'], {
        CLOUDFLARE_API_BASE_URL: fake.baseUrl,
      });
      expect(result.code).toBe(0);
      const configuration = JSON.parse(result.stdout) as JsonObject;
      expect(configuration).toMatchObject({
        deployed: true,
        paranoiaLevel: { level: 2 },
        scoreThreshold: { value: 60, fromOverride: true, rulesetDefault: 40 },
        action: { value: 'log', fromOverride: true, rulesetDefault: 'block' },
        disabledRules: [IDS.rulePl2Xss],
      });
      expect(fake.calls()).toEqual(READS);
    });
  });

  test('a disabled execute rule: said to run nothing, its overrides to have no effect', async ({ expect }) => {
    await withFake(async (fake, base) => {
      const rule = (fake.state.entrypoint?.['rules'] as JsonObject[])[1] as JsonObject;
      rule['enabled'] = false;
      const result = await runCommand(['ruleset', 'show', ...base]);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(
        [
          `Deployed:         yes: execute rule ${IDS.executeOwasp}, disabled, expression "true", ruleset version latest`,
          '                  the execute rule is disabled: the zone does not run this managed ruleset, and its overrides have no effect until the rule is enabled',
        ].join('\n'),
      );
    });
  });

  test('an execute rule without a ruleset version says so, not "ruleset version ?"', async ({ expect }) => {
    await withFake(async (fake, base) => {
      const rule = (fake.state.entrypoint?.['rules'] as JsonObject[])[1] as JsonObject;
      delete (rule['action_parameters'] as JsonObject)['version'];
      const result = await runCommand(['ruleset', 'show', ...base]);
      expect(result.code).toBe(0);
      expect(result.stdout).not.toContain('?');
      expect(result.stdout).toContain(
        `Deployed:         yes: execute rule ${IDS.executeOwasp}, enabled, expression "true", no ruleset version (its action_parameters.version is missing)\n`,
      );
    });
  });

  test('category overrides other than paranoia levels are listed with their settings', async ({ expect }) => {
    await withFake(async (fake, base) => {
      const rule = (fake.state.entrypoint?.['rules'] as JsonObject[])[1] as JsonObject;
      const overrides = (rule['action_parameters'] as JsonObject)['overrides'] as JsonObject;
      (overrides['categories'] as JsonObject[]).push({ category: 'wordpress', action: 'log' });
      const result = await runCommand(['ruleset', 'show', ...base]);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Other categories: language-php (disabled); wordpress (action "log")\n');
    });
  });

  test('a zone or account id that is not 32 hexadecimal characters is a usage error, before any request', async ({
    expect,
  }) => {
    await withFake(async (fake) => {
      for (const [option, args] of [
        ['--zone', ['--zone', 'abc', '--account', IDS.account]],
        ['--account', ['--zone', IDS.zone, '--account', 'my-account']],
      ] as const) {
        const result = await runCommand(['ruleset', 'show', ...args, '--base-url', fake.baseUrl]);
        expect(result.code).toBe(2);
        expect(result.stderr).toBe(
          `sunset-lint ruleset: ${option} must be 32 hexadecimal characters (the provider's zone and account ids), got '${args[option === '--zone' ? 1 : 3]}'\n`,
        );
      }
      expect(fake.requests).toEqual([]);
    });
  });

  test('not deployed: shown as such, exit 0', async ({ expect }) => {
    await withFake(async (fake, base) => {
      fake.state.entrypoint = null;
      const result = await runCommand(['ruleset', 'show', ...base]);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(
        'Entry point:      none (the zone has no entry point ruleset for http_request_firewall_managed)',
      );
      expect(result.stdout).toContain('Deployed:         no: the zone does not run this managed ruleset');
    });
  });
});

describe.concurrent('ruleset set', () => {
  test('--paranoia-level 1: one PATCH with the whole rule and merged overrides; prints the change', async ({
    expect,
  }) => {
    await withFake(async (fake, base) => {
      const result = await runCommand(['ruleset', 'set', ...base, '--paranoia-level', '1']);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(fake.calls()).toEqual([...READS, `PATCH ${PATHS.owaspRule}`, `GET ${PATHS.entrypoint}`]);
      const [write] = fake.writes();
      expect(write?.headers['content-type']).toBe('application/json');
      expect(write?.headers['authorization']).toBe(`Bearer ${TEST_TOKEN}`);
      expect(write?.body).toEqual({
        action: 'execute',
        action_parameters: {
          id: IDS.owasp,
          version: 'latest',
          overrides: {
            categories: [
              { category: 'paranoia-level-3', enabled: false },
              { category: 'paranoia-level-4', enabled: false },
              { category: 'language-php', enabled: false },
              { category: 'paranoia-level-2', enabled: false },
            ],
            rules: [
              { id: IDS.lastRule, score_threshold: 60, action: 'log' },
              { id: IDS.rulePl2Xss, enabled: false },
            ],
          },
        },
        expression: 'true',
        enabled: true,
        ref: 'owasp-core',
        description: 'Execute the OWASP core ruleset',
      });
      expect(result.stdout).toContain(`Updated the execute rule (PATCH ${PATHS.owaspRule}).`);
      expect(result.stdout).toContain('  Paranoia level: 2 -> 1');
      expect(result.stdout).toContain(
        'Paranoia level:   1 (paranoia-level-2, paranoia-level-3, paranoia-level-4 disabled)',
      );
      expectNoToken(expect, result);
    });
  });

  test('threshold, action and rule toggles together, --json', async ({ expect }) => {
    await withFake(async (fake, base) => {
      const result = await runCommand([
        'ruleset',
        'set',
        ...base,
        '--score-threshold',
        '25',
        '--action',
        'managed_challenge',
        '--disable-rule',
        IDS.rulePl1Sqli,
        '--enable-rule',
        IDS.rulePl2Xss,
        '--json',
      ]);
      expect(result.code).toBe(0);
      const [write] = fake.writes();
      expect((write?.body as { action_parameters: JsonObject }).action_parameters['overrides']).toEqual({
        categories: [
          { category: 'paranoia-level-3', enabled: false },
          { category: 'paranoia-level-4', enabled: false },
          { category: 'language-php', enabled: false },
        ],
        rules: [
          { id: IDS.lastRule, score_threshold: 25, action: 'managed_challenge' },
          { id: IDS.rulePl1Sqli, enabled: false },
        ],
      });
      const output = JSON.parse(result.stdout) as JsonObject;
      expect(output).toMatchObject({
        dryRun: false,
        written: true,
        readBack: 'matches',
        request: { method: 'PATCH', url: `${fake.baseUrl}${PATHS.owaspRule}` },
        before: { scoreThreshold: { value: 60 } },
        configuration: {
          scoreThreshold: { value: 25 },
          action: { value: 'managed_challenge' },
          disabledRules: [IDS.rulePl1Sqli],
        },
      });
    });
  });

  test('--dry-run prints the exact request and sends no write', async ({ expect }) => {
    await withFake(async (fake, base) => {
      const result = await runCommand(['ruleset', 'set', ...base, '--score-threshold', '40', '--dry-run']);
      expect(result.code).toBe(0);
      expect(fake.writes()).toEqual([]);
      expect(fake.calls()).toEqual(READS);
      expect(result.stdout).toContain(
        `Dry run: nothing was sent. The change needs this request:\n\nPATCH ${fake.baseUrl}${PATHS.owaspRule}\nContent-Type: application/json\n\n{`,
      );
      expect(result.stdout).toContain('"score_threshold": 40');
      expect(result.stdout).toContain('  Score threshold: 60 -> 40');
      expectNoToken(expect, result);
    });
  });

  test('a change to a disabled execute rule is made, and said to have no effect until it is enabled', async ({
    expect,
  }) => {
    await withFake(async (fake, base) => {
      const rule = (fake.state.entrypoint?.['rules'] as JsonObject[])[1] as JsonObject;
      rule['enabled'] = false;
      const result = await runCommand(['ruleset', 'set', ...base, '--paranoia-level', '1']);
      expect(result.code).toBe(0);
      expect(fake.writes()).toHaveLength(1);
      expect(result.stderr).toBe(
        `sunset-lint ruleset: warning: the execute rule is disabled: the zone does not run this managed ruleset, and its overrides have no effect until the rule is enabled (execute rule ${IDS.executeOwasp})\n`,
      );
    });
  });

  test('not deployed, no --deploy: exit 1 with a clear message and no write', async ({ expect }) => {
    await withFake(async (fake, base) => {
      const rules = fake.state.entrypoint?.['rules'] as JsonObject[];
      rules.splice(1, 1);
      const result = await runCommand(['ruleset', 'set', ...base, '--paranoia-level', '2']);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `sunset-lint ruleset: the managed ruleset ${IDS.owasp} is not deployed for zone ${IDS.zone} (the zone entry point ruleset has no execute rule for it); ` +
          'deploy it explicitly (library: deploy: true; CLI: --deploy) to create the execute rule\n',
      );
      expect(fake.writes()).toEqual([]);
    });
  });

  test('--deploy creates the execute rule (expression true, version latest) with the settings in it', async ({
    expect,
  }) => {
    await withFake(async (fake, base) => {
      const rules = fake.state.entrypoint?.['rules'] as JsonObject[];
      rules.splice(1, 1);
      const result = await runCommand(['ruleset', 'set', ...base, '--paranoia-level', '2', '--deploy']);
      expect(result.code).toBe(0);
      expect(fake.calls()).toEqual([...READS, `POST ${PATHS.createRule}`, `GET ${PATHS.entrypoint}`]);
      expect(fake.writes()[0]?.body).toMatchObject({
        action: 'execute',
        action_parameters: { id: IDS.owasp, version: 'latest' },
        expression: 'true',
        enabled: true,
      });
      expect(result.stdout).toContain(
        `Deployed the managed ruleset: created its execute rule (POST ${PATHS.createRule}).`,
      );
      expect(result.stdout).toContain('  Deployed: no -> yes');
    });
  });

  test('a 429 with Retry-After is retried; --verbose logs requests and the retry without the token', async ({
    expect,
  }) => {
    await withFake(async (fake, base) => {
      fake.failNext({ path: PATHS.list }, { kind: 'rate-limit', retryAfter: '0' });
      const result = await runCommand(['ruleset', 'show', ...base, '--verbose']);
      expect(result.code).toBe(0);
      expect(fake.calls().slice(0, 2)).toEqual([`GET ${PATHS.list}`, `GET ${PATHS.list}`]);
      expect(result.stderr).toContain(`sunset-lint ruleset: GET ${PATHS.list}: HTTP 429; retry 1 of 3 in 0 ms`);
      expectNoToken(expect, result);
    });
  });
});

/** The warning of a run whose write replaced another writer's write it had not read. */
function overwrittenWarning(read: string, written: string): string {
  return (
    `sunset-lint ruleset: warning: execute rule ${IDS.executeOwasp}: another writer wrote it between this run's read (version ${read}) ` +
    `and its write (answered with version ${written}), and this write replaced theirs; the API keeps no older version, so their ` +
    `change is lost unless they check for it (sunset-lint ruleset set does, within its own run): check with 'sunset-lint ruleset show'\n`
  );
}

describe.concurrent('concurrent runs', () => {
  test('three `ruleset set --deploy` processes that all find the ruleset not deployed: one execute rule, every change in it (real processes)', async ({
    expect,
  }) => {
    await withFake(async (fake, base) => {
      const rules = fake.state.entrypoint?.['rules'] as JsonObject[];
      rules.splice(1, 1); // the OWASP execute rule: not deployed
      const changes = [
        ['--paranoia-level', '1'],
        ['--score-threshold', '25', '--action', 'log'],
        ['--disable-rule', IDS.rulePl1Sqli],
      ];
      fake.interleave(changes.length);
      const results = await Promise.all(
        changes.map((change) =>
          runProcess(['ruleset', 'set', ...base, ...change, '--deploy']).finally(() => fake.leave()),
        ),
      );
      expect(fake.calls().slice(0, 12)).toEqual([
        ...READS.flatMap((read) => [read, read, read]),
        ...Array<string>(3).fill(`POST ${PATHS.createRule}`),
      ]);
      for (const result of results) {
        expect(result.code).toBe(0);
        expectNoToken(expect, result);
      }
      const owasp = (fake.state.entrypoint?.['rules'] as JsonObject[]).filter(
        (rule) => (rule['action_parameters'] as JsonObject)['id'] === IDS.owasp,
      );
      expect(owasp).toHaveLength(1);
      const overrides = (owasp[0]?.['action_parameters'] as JsonObject)['overrides'] as {
        categories: JsonObject[];
        rules: JsonObject[];
      };
      expect(overrides.categories).toEqual([
        { category: 'paranoia-level-2', enabled: false },
        { category: 'paranoia-level-3', enabled: false },
        { category: 'paranoia-level-4', enabled: false },
      ]);
      expect(overrides.rules).toHaveLength(2);
      expect(overrides.rules).toContainEqual({ id: IDS.lastRule, score_threshold: 25, action: 'log' });
      expect(overrides.rules).toContainEqual({ id: IDS.rulePl1Sqli, enabled: false });
      const kept = String(owasp[0]?.['id']);
      const folded = results.filter((result) =>
        /the execute rule this run created \(\w+\) was deleted/.test(result.stdout),
      );
      expect(folded).toHaveLength(2);
      for (const result of folded) expect(result.stdout).toContain(`its execute rule ${kept} is kept`);
      expect(
        results.filter((result) =>
          result.stdout.includes('the execute rule this run created is the first and is kept'),
        ),
      ).toHaveLength(1);
      expect(fake.writes().filter((write) => write.method === 'DELETE')).toHaveLength(2);
    });
  });

  test("a run whose write replaced a whole run of another writer's warns, naming the rule (real process)", async ({
    expect,
  }) => {
    await withFake(async (fake, base) => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let arrived!: () => void;
      const held = new Promise<void>((resolve) => (arrived = resolve));
      fake.failNext({ method: 'PATCH' }, { kind: 'held', until: released, onHeld: arrived });
      const slow = runProcess(['ruleset', 'set', ...base, '--score-threshold', '25']);
      await held;
      // Another writer's whole run, read to read-back, inside the first one's PATCH round trip.
      const other = await runCommand(['ruleset', 'set', ...base, '--disable-rule', IDS.rulePl1Sqli]);
      expect(other.code).toBe(0);
      expect(other.stderr).toBe('');
      release();
      const result = await slow;
      expect(result.code).toBe(0);
      expect(result.stderr).toBe(overwrittenWarning('3', '5'));
      expectNoToken(expect, result);
    });
  });

  test('three `ruleset set` processes that all read before any writes: every change survives (real processes)', async ({
    expect,
  }) => {
    await withFake(async (fake, base) => {
      const changes = [
        ['--paranoia-level', '1'],
        ['--score-threshold', '25'],
        ['--disable-rule', IDS.rulePl1Sqli],
      ];
      // Every request is held until each process has one waiting: all three read the rule (version 3)
      // before the first write, every time.
      fake.interleave(changes.length);
      const results = await Promise.all(
        changes.map((change) => runProcess(['ruleset', 'set', ...base, ...change]).finally(() => fake.leave())),
      );
      for (const result of results) {
        expect(result.code).toBe(0);
        expectNoToken(expect, result);
      }
      expect(fake.calls().slice(0, 12)).toEqual([
        ...READS.flatMap((read) => [read, read, read]),
        ...Array<string>(3).fill(`PATCH ${PATHS.owaspRule}`),
      ]);
      // The second and third writes of the round replaced writes they had not read (version 4, then
      // 4 and 5): each run says so, naming the rule (a write merged again may collide again, and says
      // so too). The writers they replaced repair it here (every change survives, below); a run
      // cannot tell that from a writer that finished before its write landed.
      const warned = results.map((result) => result.stderr).filter((stderr) => stderr !== '');
      expect(warned).toHaveLength(2);
      expect(warned.map((stderr) => stderr.split('\n')[0]).sort()).toEqual([
        overwrittenWarning('3', '5').trimEnd(),
        overwrittenWarning('3', '6').trimEnd(),
      ]);
      for (const stderr of warned) {
        for (const line of stderr.trimEnd().split('\n')) {
          expect(line).toMatch(
            /^sunset-lint ruleset: warning: execute rule \w+: another writer wrote it between this run's read \(version \d+\) and its write \(answered with version \d+\)/,
          );
        }
      }
      const stored = fake.owaspExecuteRule()?.['action_parameters'] as { overrides: JsonObject };
      expect(stored.overrides).toEqual({
        categories: [
          { category: 'paranoia-level-3', enabled: false },
          { category: 'paranoia-level-4', enabled: false },
          { category: 'language-php', enabled: false },
          { category: 'paranoia-level-2', enabled: false },
        ],
        rules: [
          { id: IDS.lastRule, score_threshold: 25, action: 'log' },
          { id: IDS.rulePl2Xss, enabled: false },
          { id: IDS.rulePl1Sqli, enabled: false },
        ],
      });
      expect(
        results.filter((result) => result.stdout.includes('Another writer changed the rule meanwhile')),
      ).toHaveLength(2);
    });
  });
});

describe.concurrent('API errors: exit 1 with the status and root causes, never the token', () => {
  test('an error envelope in the legacy 1004/error_chain form shows the root cause', async ({ expect }) => {
    await withFake(async (fake, base) => {
      fake.failNext(
        { method: 'PATCH' },
        {
          kind: 'error-envelope',
          status: 400,
          errors: [
            { code: 1004, message: 'Validation Error', error_chain: [{ code: 20120, message: 'invalid override' }] },
          ],
        },
      );
      const result = await runCommand(['ruleset', 'set', ...base, '--action', 'block']);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `sunset-lint ruleset: PATCH ${PATHS.owaspRule} failed: HTTP 400\n  error 20120: invalid override\n`,
      );
    });
  });

  test('an authentication error (root cause given directly)', async ({ expect }) => {
    await withFake(async (_fake, base) => {
      const result = await runCommand(['ruleset', 'show', ...base], { CLOUDFLARE_API_TOKEN: 'wrong-token' });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `sunset-lint ruleset: GET ${PATHS.list} failed: HTTP 401\n  error 10000: Authentication error\n`,
      );
    });
  });

  test('a proxy page that echoes the Authorization header: the token is redacted', async ({ expect }) => {
    await withFake(async (fake, base) => {
      fake.failNext({}, { kind: 'html', status: 502, echoAuthorization: true }, { times: 5 });
      const result = await runCommand(['ruleset', 'show', ...base, '--retries', '0', '--verbose']);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `GET ${PATHS.list} failed: HTTP 502: response is not JSON (content-type: text/html; charset=utf-8)`,
      );
      expect(result.stderr).toContain('Authorization: Bearer [REDACTED]');
      expectNoToken(expect, result);
    });
  });

  test('a redirect (to another API on loopback) stops the run with exit 1: status and Location, not followed, not retried (real process)', async ({
    expect,
  }) => {
    const elsewhere = await startFakeApi();
    try {
      await withFake(async (fake, base) => {
        const location = `${elsewhere.baseUrl}${PATHS.owaspRule}`;
        fake.failNext({ method: 'PATCH' }, { kind: 'redirect', status: 307, location });
        const result = await runProcess(['ruleset', 'set', ...base, '--paranoia-level', '1']);
        expect(result.code).toBe(1);
        expect(result.stderr).toBe(
          `sunset-lint ruleset: PATCH ${PATHS.owaspRule} failed: HTTP 307: a redirect to ${location} (the API does not redirect; not followed); not sent again; the write may or may not have been applied (check with a read, e.g. 'sunset-lint ruleset show')\n`,
        );
        expect(fake.calls()).toEqual([...READS, `PATCH ${PATHS.owaspRule}`]);
        // The token went nowhere else.
        expect(elsewhere.requests).toEqual([]);
      });
    } finally {
      await elsewhere.close();
    }
  });

  test('a response over --max-response-mib stops the run with exit 1, naming the limit and the request; read once (real process)', async ({
    expect,
  }) => {
    await withFake(async (fake, base) => {
      fake.failNext({ path: PATHS.owasp }, { kind: 'huge', bytes: 4 * 1024 * 1024, declared: false });
      const result = await runProcess(['ruleset', 'show', ...base, '--max-response-mib', '1']);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `sunset-lint ruleset: GET ${PATHS.owasp} failed: HTTP 200: the response is over 1048576 bytes, more than the 1 MiB allowed (maxResponseBytes; CLI --max-response-mib); not read further\n`,
      );
      expect(fake.calls()).toEqual([`GET ${PATHS.list}`, `GET ${PATHS.owasp}`]);
    });
  });

  test.for([
    [
      'the entry point answered without its rules',
      "result.rules is missing (the entry point's rules: an array is needed)",
    ],
    [
      'the execute rule answered without action_parameters',
      'result.rules[1].action_parameters is missing (an object is needed for an execute rule)',
    ],
  ] as const)(
    '--deploy when %s: exit 1 naming the field and the request, nothing written (real process)',
    async ([what, problem], { expect }) => {
      await withFake(async (fake, base) => {
        const entrypoint = fake.state.entrypoint as JsonObject;
        if (what.includes('without its rules')) delete entrypoint['rules'];
        else delete ((entrypoint['rules'] as JsonObject[])[1] as JsonObject)['action_parameters'];
        const result = await runProcess(['ruleset', 'set', ...base, '--paranoia-level', '2', '--deploy']);
        expect(result.code).toBe(1);
        expect(result.stderr).toContain(
          `sunset-lint ruleset: GET ${PATHS.entrypoint} failed: HTTP 200: unexpected result: ${problem} (body starts: `,
        );
        expect(result.stdout).toBe('');
        expect(fake.writes()).toEqual([]);
        expectNoToken(expect, result);
      });
    },
  );

  test.for(tokenEchoes())(
    'the token echoed %s: redacted from the report (text and --json), the --verbose log and the error',
    async ([, echo], { expect }) => {
      await withFake(async (fake, base) => {
        // A rule expression that quotes a header, as a report prints it.
        const rule = (fake.state.entrypoint?.['rules'] as JsonObject[])[1] as JsonObject;
        rule['expression'] = `any(http.request.headers["authorization"][*] eq "${echo}")`;
        for (const args of [
          ['ruleset', 'show', ...base, '--verbose'],
          ['ruleset', 'show', ...base, '--json'],
        ]) {
          const shown = await runCommand(args);
          expect(shown.code).toBe(0);
          expect(shown.stdout).toContain('[REDACTED]');
          expectNoToken(expect, shown);
        }
        fake.failNext(
          { method: 'PATCH' },
          { kind: 'error-envelope', status: 400, errors: [{ code: 6003, message: `Invalid header value: ${echo}` }] },
        );
        const failed = await runCommand(['ruleset', 'set', ...base, '--paranoia-level', '1', '--verbose']);
        expect(failed.code).toBe(1);
        expect(failed.stderr).toMatch(/error 6003: Invalid header value: .*\[REDACTED\]/);
        expectNoToken(expect, failed);
      });
    },
  );

  test('every echoed form of the token at once: redacted from the output of a real process', async ({ expect }) => {
    await withFake(async (fake, base) => {
      const echoes = tokenEchoes().map(([, echo]) => echo);
      fake.failNext(
        { path: PATHS.list },
        {
          kind: 'error-envelope',
          status: 400,
          errors: echoes.map((echo, index) => ({ code: 6000 + index, message: `echo: ${echo}` })),
        },
      );
      const result = await runProcess(['ruleset', 'show', ...base]);
      expect(result.code).toBe(1);
      for (const index of echoes.keys()) expect(result.stderr).toContain(`error ${6000 + index}: echo: `);
      expectNoToken(expect, result);
    });
  });

  test('ambiguous ruleset: the candidates are listed with id and name', async ({ expect }) => {
    await withFake(async (fake, base) => {
      fake.state.accountRulesets.push({
        id: 'ab000000000000000000000000000002',
        name: 'OWASP Core Ruleset (preview)',
        kind: 'managed',
        rules: [],
      });
      const result = await runCommand(['ruleset', 'show', ...base]);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        'sunset-lint ruleset: several managed rulesets look like the OWASP core ruleset\n' +
          'Candidates (choose one with --ruleset-id):\n' +
          `  ${IDS.owasp}  Cloudflare OWASP Core Ruleset\n` +
          '  ab000000000000000000000000000002  OWASP Core Ruleset (preview)\n',
      );
    });
  });

  test('a slow API: the timeout ends the run with exit 1 (real process)', async ({ expect }) => {
    await withFake(async (fake, base) => {
      fake.failNext({ path: PATHS.list }, { kind: 'slow', delayMs: 5_000 });
      const result = await runProcess(['ruleset', 'show', ...base, '--timeout', '0.2', '--retries', '0']);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `sunset-lint ruleset: GET ${PATHS.list} failed: no complete response within 200 ms (timeout)\n`,
      );
    });
  });

  test('a dropped connection ends the run with exit 1', async ({ expect }) => {
    await withFake(async (fake, base) => {
      fake.failNext({ path: PATHS.list }, { kind: 'drop' });
      const result = await runCommand(['ruleset', 'show', ...base, '--retries', '0']);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^sunset-lint ruleset: GET \S+ failed: connection failed: /);
    });
  });
});

describe.concurrent('usage errors: exit 2, nothing sent', () => {
  const cases: [string, string[], Record<string, string | undefined>, string][] = [
    [
      'missing token',
      ['set', '--paranoia-level', '2'],
      { CLOUDFLARE_API_TOKEN: undefined },
      'CLOUDFLARE_API_TOKEN is not set',
    ],
    ['empty token', ['show'], { CLOUDFLARE_API_TOKEN: '' }, 'CLOUDFLARE_API_TOKEN is not set'],
    ['paranoia level 5', ['set', '--paranoia-level', '5'], {}, "--paranoia-level must be 1, 2, 3 or 4, got '5'"],
    ['threshold 0', ['set', '--score-threshold', '0'], {}, "--score-threshold must be a positive integer, got '0'"],
    [
      'threshold not a number',
      ['set', '--score-threshold', '2e3'],
      {},
      "--score-threshold must be a positive integer, got '2e3'",
    ],
    [
      'unknown action',
      ['set', '--action', 'deny'],
      {},
      "--action must be one of block, managed_challenge, js_challenge, log, challenge, got 'deny'",
    ],
    [
      'ruleset id not hex',
      ['show', '--ruleset-id', 'owasp'],
      {},
      "--ruleset-id must be 32 hexadecimal characters, got 'owasp'",
    ],
    [
      'rule id with a slash',
      ['set', '--disable-rule', 'a/b'],
      {},
      "--disable-rule must be an identifier of letters, digits, '-' or '_', got 'a/b'",
    ],
    [
      'same rule both ways',
      ['set', '--disable-rule', IDS.rulePl1Sqli, '--enable-rule', IDS.rulePl1Sqli],
      {},
      `rule ${IDS.rulePl1Sqli} given to both --disable-rule and --enable-rule`,
    ],
    ['nothing to set', ['set'], {}, 'nothing to set'],
    [
      'response limit not a number',
      ['show', '--max-response-mib', '0'],
      {},
      "--max-response-mib must be a positive number of MiB, got '0'",
    ],
    ['unknown option', ['show', '--frobnicate'], {}, "Unknown option '--frobnicate'"],
    ['set option on show', ['show', '--paranoia-level', '2'], {}, "Unknown option '--paranoia-level'"],
    ['positional argument', ['show', 'extra'], {}, "Unexpected argument 'extra'"],
    ['unknown subcommand', ['delete'], {}, "unknown subcommand 'delete' (expected show or set)"],
    [
      'plain http to a remote host',
      ['show', '--base-url', 'http://api.example.com/client/v4'],
      {},
      '--base-url: base URL must use https',
    ],
  ];

  test.for(cases)('%s', async ([, args, env, message], { expect }) => {
    await withFake(async (fake, base) => {
      const [subcommand, ...rest] = args;
      // The subcommand goes first; the connection options (incl. a --base-url of the case) after.
      const result = await runCommand(['ruleset', subcommand ?? '', ...base, ...rest], env);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`sunset-lint ruleset: ${message}`);
      expect(fake.requests).toEqual([]);
      expectNoToken(expect, result);
    });
  });

  test('missing --zone', async ({ expect }) => {
    const result = await runCommand(['ruleset', 'show', '--account', IDS.account]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('sunset-lint ruleset: --zone is required\n');
  });

  test('help: `ruleset --help` exits 0, bare `ruleset` exits 2; the main usage lists the command', async ({
    expect,
  }) => {
    const help = await runCommand(['ruleset', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('sunset-lint ruleset set  --zone <zone_id> --account <account_id>');
    expect((await runCommand(['ruleset'])).code).toBe(2);
    expect((await runCommand(['ruleset', 'set', '--help'])).code).toBe(0);
    expect((await runCommand(['--help'])).stdout).toMatch(
      /^ {2}ruleset {4}Show or set the managed OWASP core ruleset/m,
    );
  });
});
