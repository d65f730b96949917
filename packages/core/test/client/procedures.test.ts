import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  ConcurrentModificationError,
  EdgeApiError,
  EdgeNetworkError,
  EdgeResponseError,
  InvalidInputError,
  NotDeployedError,
  RULE_ACTIONS,
  RulesetSelectionError,
  UnknownManagedRuleError,
  UnsupportedStateError,
  applyManagedRulesetChange,
  disabledRuleIds,
  paranoiaLevelOfCategory,
  planManagedRulesetChange,
  readManagedRulesetConfiguration,
  readParanoiaLevel,
  ruleOverrideOf,
  setParanoiaLevel,
  setRulesEnabled,
  setScoreThresholdAndAction,
  type CategoryOverride,
  type ManagedRulesetChange,
  type ManagedRulesetTarget,
  type Overrides,
  type RuleOverride,
} from '../../src/client/index.js';
import {
  IDS,
  PATHS,
  PHASE,
  TEST_TOKEN,
  defaultState,
  existingOwaspOverrides,
  owaspExecuteRule,
  startFakeApi,
  type FakeApi,
  type Json,
  type JsonObject,
} from './fake-api.js';
import { expectNoToken, rejectionOf, testClient, type TestClient } from './helpers.js';

let fake: FakeApi;
let current: TestClient;
const target: ManagedRulesetTarget = { accountId: IDS.account, zoneId: IDS.zone };

beforeEach(async () => {
  fake = await startFakeApi();
  current = testClient(fake);
});
afterEach(async () => {
  // Whatever a test did, no log line may carry the token.
  expectNoToken(current.logs);
  await fake.close();
});

const READS = [`GET ${PATHS.list}`, `GET ${PATHS.owasp}`, `GET ${PATHS.entrypoint}`];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The PATCH body the procedures must send for the OWASP rule, given its new overrides. */
function expectedPatchBody(overrides: Json): JsonObject {
  return {
    action: 'execute',
    action_parameters: { id: IDS.owasp, version: 'latest', overrides },
    expression: 'true',
    enabled: true,
    ref: 'owasp-core',
    description: 'Execute the OWASP core ruleset',
  };
}

function onlyWrite() {
  const writes = fake.writes();
  expect(writes).toHaveLength(1);
  const [write] = writes;
  expect(write?.headers['authorization']).toBe(`Bearer ${TEST_TOKEN}`);
  expect(write?.headers['content-type']).toBe('application/json');
  return write;
}

function removeOwaspRule(): void {
  const entrypoint = fake.state.entrypoint;
  if (entrypoint) {
    entrypoint['rules'] = (entrypoint['rules'] as JsonObject[]).filter(
      (rule) => (rule['action_parameters'] as JsonObject)['id'] !== IDS.owasp,
    );
  }
}

describe('reading the configuration', () => {
  test('reads endpoints 1, 2, 3 and reports level, threshold, action and disabled rules', async () => {
    const configuration = await readManagedRulesetConfiguration(current.client, target);
    expect(fake.calls()).toEqual(READS);
    expect(configuration).toEqual({
      zoneId: IDS.zone,
      managedRuleset: { id: IDS.owasp, name: 'Cloudflare OWASP Core Ruleset', version: '36' },
      entrypointRulesetId: IDS.entrypoint,
      deployed: true,
      executeRule: {
        id: IDS.executeOwasp,
        version: '3',
        expression: 'true',
        enabled: true,
        managedRulesetVersion: 'latest',
      },
      paranoiaLevel: { level: 2, disabledTags: ['paranoia-level-3', 'paranoia-level-4'] },
      lastRuleId: IDS.lastRule,
      scoreThreshold: { value: 60, fromOverride: true, rulesetDefault: 40 },
      action: { value: 'log', fromOverride: true, rulesetDefault: 'block' },
      disabledRules: [IDS.rulePl2Xss],
      overrides: existingOwaspOverrides(),
    });
  });

  test('not deployed: the entry point has no execute rule for the ruleset', async () => {
    removeOwaspRule();
    const configuration = await readManagedRulesetConfiguration(current.client, target);
    expect(configuration).toMatchObject({
      deployed: false,
      executeRule: undefined,
      entrypointRulesetId: IDS.entrypoint,
      scoreThreshold: { value: 40, fromOverride: false, rulesetDefault: 40 },
      action: { value: 'block', fromOverride: false, rulesetDefault: 'block' },
      disabledRules: [],
    });
  });

  test('not deployed: the zone has no entry point at all (endpoint 3 answers 404)', async () => {
    fake.state.entrypoint = null;
    const configuration = await readManagedRulesetConfiguration(current.client, target);
    expect(configuration).toMatchObject({ deployed: false, entrypointRulesetId: undefined });
    expect(fake.calls()).toEqual(READS);
  });

  test('an explicit ruleset id selects that managed ruleset', async () => {
    const configuration = await readManagedRulesetConfiguration(current.client, { ...target, rulesetId: IDS.managed });
    expect(configuration.managedRuleset.name).toBe('Cloudflare Managed Ruleset');
    expect(configuration.executeRule?.id).toBe(IDS.executeManaged);
    expect(fake.calls()[1]).toBe(`GET /accounts/${IDS.account}/rulesets/${IDS.managed}`);
  });
});

describe('setting the paranoia level (spec 4.1)', () => {
  test('level 1: one PATCH with the whole rule; PL2 disabled added; everything else kept', async () => {
    const result = await setParanoiaLevel(current.client, target, 1);
    expect(fake.calls()).toEqual([...READS, `PATCH ${PATHS.owaspRule}`, `GET ${PATHS.entrypoint}`]);
    const existing = existingOwaspOverrides();
    expect(onlyWrite()?.body).toEqual(
      expectedPatchBody({
        categories: [
          { category: 'paranoia-level-3', enabled: false },
          { category: 'paranoia-level-4', enabled: false },
          { category: 'language-php', enabled: false },
          { category: 'paranoia-level-2', enabled: false },
        ],
        rules: existing['rules'] as Json,
      }),
    );
    expect(result).toMatchObject({ written: true, dryRun: false, readBack: 'matches', confirmedByReread: false });
    expect(result.configuration.paranoiaLevel.level).toBe(1);
    expect(result.configuration.executeRule?.version).toBe('4');
    expect(result.plan.before.paranoiaLevel.level).toBe(2);
  });

  test('level 3: the now-bare paranoia-level-3 entry goes, paranoia-level-4 and language-php stay', async () => {
    await setParanoiaLevel(current.client, target, 3);
    const existing = existingOwaspOverrides();
    expect(onlyWrite()?.body).toEqual(
      expectedPatchBody({
        categories: [
          { category: 'paranoia-level-4', enabled: false },
          { category: 'language-php', enabled: false },
        ],
        rules: existing['rules'] as Json,
      }),
    );
  });

  test('the level already set: nothing is written', async () => {
    const result = await setParanoiaLevel(current.client, target, 2);
    expect(fake.calls()).toEqual(READS);
    expect(result).toMatchObject({ written: false, readBack: 'not-needed' });
    expect(result.plan.write).toBeUndefined();
  });
});

describe('setting the score threshold and the action (spec 4.2)', () => {
  test('both: the override of the LAST rule is updated in place; categories and other rule overrides kept', async () => {
    const result = await setScoreThresholdAndAction(current.client, target, {
      scoreThreshold: 25,
      action: 'managed_challenge',
    });
    expect(fake.calls()).toEqual([...READS, `PATCH ${PATHS.owaspRule}`, `GET ${PATHS.entrypoint}`]);
    const existing = existingOwaspOverrides();
    expect(onlyWrite()?.body).toEqual(
      expectedPatchBody({
        categories: existing['categories'] as Json,
        rules: [
          { id: IDS.lastRule, score_threshold: 25, action: 'managed_challenge' },
          { id: IDS.rulePl2Xss, enabled: false },
        ],
      }),
    );
    expect(result.configuration.scoreThreshold).toEqual({ value: 25, fromOverride: true, rulesetDefault: 40 });
    expect(result.configuration.action).toEqual({
      value: 'managed_challenge',
      fromOverride: true,
      rulesetDefault: 'block',
    });
  });

  test('threshold only: the existing action override is kept', async () => {
    await setScoreThresholdAndAction(current.client, target, { scoreThreshold: 40 });
    const body = onlyWrite()?.body as { action_parameters: { overrides: Overrides } };
    expect(body.action_parameters.overrides.rules?.[0]).toEqual({
      id: IDS.lastRule,
      score_threshold: 40,
      action: 'log',
    });
  });

  test('on a rule without overrides: a new override carrying id, score_threshold and action', async () => {
    const rules = fake.state.entrypoint?.['rules'] as JsonObject[];
    rules[1] = owaspExecuteRule(null);
    await setScoreThresholdAndAction(current.client, target, { scoreThreshold: 60, action: 'log' });
    expect(onlyWrite()?.body).toEqual(
      expectedPatchBody({ rules: [{ id: IDS.lastRule, score_threshold: 60, action: 'log' }] }),
    );
  });
});

describe('disabling and re-enabling rules', () => {
  test('disable one, re-enable another: rule overrides with enabled: false, the re-enabled override removed', async () => {
    const result = await setRulesEnabled(current.client, target, {
      disable: [IDS.rulePl1Sqli],
      enable: [IDS.rulePl2Xss],
    });
    const existing = existingOwaspOverrides();
    expect(onlyWrite()?.body).toEqual(
      expectedPatchBody({
        categories: existing['categories'] as Json,
        rules: [
          { id: IDS.lastRule, score_threshold: 60, action: 'log' },
          { id: IDS.rulePl1Sqli, enabled: false },
        ],
      }),
    );
    expect(result.configuration.disabledRules).toEqual([IDS.rulePl1Sqli]);
  });

  test('re-enabling a rule the ruleset ships disabled writes enabled: true', async () => {
    await setRulesEnabled(current.client, target, { enable: [IDS.rulePl3ShippedDisabled] });
    const body = onlyWrite()?.body as { action_parameters: { overrides: Overrides } };
    expect(body.action_parameters.overrides.rules?.at(-1)).toEqual({ id: IDS.rulePl3ShippedDisabled, enabled: true });
  });

  test('rule ids that are not rules of the managed ruleset are refused after the reads, before any write', async () => {
    const error = await rejectionOf(
      setRulesEnabled(current.client, target, { disable: ['ffffffffffffffffffffffffffffffff'] }),
    );
    expect(error).toBeInstanceOf(UnknownManagedRuleError);
    expect((error as Error).message).toBe(
      `not rules of the managed ruleset ${IDS.owasp}: ffffffffffffffffffffffffffffffff`,
    );
    expect(fake.calls()).toEqual(READS);
  });
});

describe('state the client will not rewrite', () => {
  test('overrides of an unexpected shape are reported, not rewritten', async () => {
    const rules = fake.state.entrypoint?.['rules'] as JsonObject[];
    rules[1] = owaspExecuteRule({ categories: { 'paranoia-level-4': false } });
    const error = await rejectionOf(setParanoiaLevel(current.client, target, 1));
    expect(error).toBeInstanceOf(UnsupportedStateError);
    expect((error as Error).message).toBe(
      `execute rule ${IDS.executeOwasp}: overrides.categories is not an array; not rewriting overrides this client does not understand`,
    );
    expect(fake.writes()).toEqual([]);
  });

  test('a threshold for a managed ruleset that lists no rules', async () => {
    const owasp = fake.state.accountRulesets.find((ruleset) => ruleset['id'] === IDS.owasp) as JsonObject;
    owasp['rules'] = [];
    const error = await rejectionOf(setScoreThresholdAndAction(current.client, target, { scoreThreshold: 30 }));
    expect(error).toBeInstanceOf(UnsupportedStateError);
    expect(fake.writes()).toEqual([]);
  });
});

describe('validation: invalid input sends nothing', () => {
  const invalid: [string, ManagedRulesetChange, Partial<ManagedRulesetTarget>, RegExp][] = [
    ['level 0', { paranoiaLevel: 0 }, {}, /paranoia level must be 1, 2, 3 or 4, got 0/],
    ['level 5', { paranoiaLevel: 5 }, {}, /got 5/],
    ['level 2.5', { paranoiaLevel: 2.5 }, {}, /got 2.5/],
    ['threshold 0', { scoreThreshold: 0 }, {}, /score threshold must be a positive integer, got 0/],
    ['threshold -5', { scoreThreshold: -5 }, {}, /got -5/],
    ['threshold 1.5', { scoreThreshold: 1.5 }, {}, /got 1.5/],
    ['threshold NaN', { scoreThreshold: Number.NaN }, {}, /got NaN/],
    [
      'action deny',
      { action: 'deny' },
      {},
      /action must be one of block, managed_challenge, js_challenge, log, challenge, got "deny"/,
    ],
    [
      'ruleset id not 32 hex',
      { paranoiaLevel: 2 },
      { rulesetId: 'owasp' },
      /rulesetId must be 32 hexadecimal characters/,
    ],
    [
      'ruleset id 31 hex',
      { paranoiaLevel: 2 },
      { rulesetId: IDS.owasp.slice(1) },
      /rulesetId must be 32 hexadecimal characters/,
    ],
    ['zone id with a slash', { paranoiaLevel: 2 }, { zoneId: 'abc/../x' }, /zoneId must be an identifier/],
    ['rule id with a slash', { disableRules: ['a/b'] }, {}, /disableRules must be an identifier/],
    [
      'same rule disabled and enabled',
      { disableRules: [IDS.rulePl2Xss], enableRules: [IDS.rulePl2Xss] },
      {},
      /both disabled and enabled/,
    ],
    ['nothing to change', {}, {}, /nothing to change/],
  ];

  test.each(invalid)('%s', async (_name, change, targetChange, message) => {
    const error = await rejectionOf(applyManagedRulesetChange(current.client, { ...target, ...targetChange }, change));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as Error).message).toMatch(message);
    expect(fake.requests).toEqual([]);
  });
});

describe('dry run', () => {
  test('reads, plans the exact PATCH, and sends no write', async () => {
    const result = await applyManagedRulesetChange(
      current.client,
      target,
      { paranoiaLevel: 1, scoreThreshold: 25 },
      { dryRun: true },
    );
    expect(fake.calls()).toEqual(READS);
    expect(result).toMatchObject({ dryRun: true, written: false });
    expect(result.plan.write).toMatchObject({
      operation: 'update-execute-rule',
      method: 'PATCH',
      path: PATHS.owaspRule,
      url: `${fake.baseUrl}${PATHS.owaspRule}`,
    });
    expect(result.configuration.paranoiaLevel.level).toBe(1);
    expect(result.configuration.scoreThreshold.value).toBe(25);
    // The planned body is what a real run sends.
    await applyManagedRulesetChange(current.client, target, { paranoiaLevel: 1, scoreThreshold: 25 });
    expect(onlyWrite()?.body).toEqual(result.plan.write?.body);
  });

  test('planManagedRulesetChange never writes', async () => {
    const plan = await planManagedRulesetChange(current.client, target, { action: 'block' });
    expect(plan.write?.method).toBe('PATCH');
    expect(fake.writes()).toEqual([]);
  });
});

describe('choosing the managed ruleset', () => {
  test('ambiguous by name: an error listing the candidates, no write', async () => {
    fake.state.accountRulesets.push({
      id: 'ab000000000000000000000000000002',
      name: 'OWASP Core Ruleset (preview)',
      kind: 'managed',
      rules: [],
    });
    const error = await rejectionOf(setParanoiaLevel(current.client, target, 2));
    expect(error).toBeInstanceOf(RulesetSelectionError);
    expect((error as RulesetSelectionError).candidates).toEqual([
      { id: IDS.owasp, name: 'Cloudflare OWASP Core Ruleset' },
      { id: 'ab000000000000000000000000000002', name: 'OWASP Core Ruleset (preview)' },
    ]);
    expect(fake.calls()).toEqual([`GET ${PATHS.list}`]);
  });

  test('missing: the candidates are all managed rulesets', async () => {
    fake.state.accountRulesets = fake.state.accountRulesets.filter((ruleset) => ruleset['id'] !== IDS.owasp);
    const error = (await rejectionOf(setParanoiaLevel(current.client, target, 2))) as RulesetSelectionError;
    expect(error).toBeInstanceOf(RulesetSelectionError);
    expect(error.candidates.map((candidate) => candidate.id)).toEqual([IDS.managed, IDS.exposedCredentials]);
    expect(fake.writes()).toEqual([]);
  });
});

describe('not deployed', () => {
  test('without deploy: a clear error, no write', async () => {
    removeOwaspRule();
    const error = await rejectionOf(setParanoiaLevel(current.client, target, 2));
    expect(error).toBeInstanceOf(NotDeployedError);
    expect((error as Error).message).toBe(
      `the managed ruleset ${IDS.owasp} is not deployed for zone ${IDS.zone} (the zone entry point ruleset has no execute rule for it); ` +
        'deploy it explicitly (library: deploy: true; CLI: --deploy) to create the execute rule',
    );
    expect(fake.calls()).toEqual(READS);
  });

  test('with deploy: one POST creates the execute rule (expression true, version latest) with the overrides in it', async () => {
    removeOwaspRule();
    const result = await setParanoiaLevel(current.client, target, 2, { deploy: true });
    expect(fake.calls()).toEqual([...READS, `POST ${PATHS.createRule}`, `GET ${PATHS.entrypoint}`]);
    expect(onlyWrite()?.body).toEqual({
      action: 'execute',
      action_parameters: {
        id: IDS.owasp,
        version: 'latest',
        overrides: {
          categories: [
            { category: 'paranoia-level-3', enabled: false },
            { category: 'paranoia-level-4', enabled: false },
          ],
        },
      },
      expression: 'true',
      enabled: true,
      description: 'Execute Cloudflare OWASP Core Ruleset',
    });
    expect(result).toMatchObject({ written: true, readBack: 'matches' });
    expect(result.plan.write?.operation).toBe('create-execute-rule');
    expect(result.configuration.deployed).toBe(true);
    expect(result.configuration.executeRule?.id).toMatch(/^[0-9a-f]{32}$/);
    // The other execute rule of the entry point is untouched.
    expect((fake.state.entrypoint?.['rules'] as JsonObject[])[0]?.['id']).toBe(IDS.executeManaged);
  });

  /** The OWASP execute rule as the fake stores it (the state the answers are made from). */
  const owaspRuleInState = () => (fake.state.entrypoint?.['rules'] as JsonObject[])[1] as JsonObject;
  const owaspRulesetInState = () => fake.state.accountRulesets[1] as JsonObject;

  test.each<[string, () => void, string, string]>([
    [
      'the entry point without its rules',
      () => delete fake.state.entrypoint!['rules'],
      PATHS.entrypoint,
      "result.rules is missing (the entry point's rules: an array is needed)",
    ],
    [
      'the entry point rules not an array',
      () => (fake.state.entrypoint!['rules'] = { [IDS.executeOwasp]: owaspExecuteRule() }),
      PATHS.entrypoint,
      "result.rules is an object, not an array (the entry point's rules)",
    ],
    [
      'an execute rule without action_parameters',
      () => delete owaspRuleInState()['action_parameters'],
      PATHS.entrypoint,
      'result.rules[1].action_parameters is missing (an object is needed for an execute rule)',
    ],
    [
      'an execute rule whose action_parameters.id is a number',
      () => ((owaspRuleInState()['action_parameters'] as JsonObject)['id'] = 4814384),
      PATHS.entrypoint,
      'result.rules[1].action_parameters.id is an integer, not a string',
    ],
    [
      'an entry point rule without an action',
      () => delete owaspRuleInState()['action'],
      PATHS.entrypoint,
      'result.rules[1].action is missing (a string is needed)',
    ],
    [
      "an execute rule whose enabled is the string 'true'",
      () => (owaspRuleInState()['enabled'] = 'true'),
      PATHS.entrypoint,
      'result.rules[1].enabled is a string, not a boolean',
    ],
    [
      'the managed ruleset without its rules',
      () => delete owaspRulesetInState()['rules'],
      PATHS.owasp,
      "result.rules is missing (the managed ruleset's rules: an array is needed)",
    ],
    [
      "the last rule's score_threshold as text",
      () => (((owaspRulesetInState()['rules'] as JsonObject[]).at(-1) as JsonObject)['score_threshold'] = '40'),
      PATHS.owasp,
      'result.rules[4].score_threshold is a string, not an integer',
    ],
    [
      'a listed ruleset without its kind',
      () => delete owaspRulesetInState()['kind'],
      PATHS.list,
      'result[1].kind is missing (a string is needed)',
    ],
  ])(
    '%s: an error naming the field and the request, never a reason to deploy or write',
    async (_what, breakState, path, problem) => {
      breakState();
      const error = await rejectionOf(setParanoiaLevel(current.client, target, 2, { deploy: true }));
      expect(error).toBeInstanceOf(EdgeResponseError);
      expect((error as Error).message).toMatch(
        new RegExp(`^GET ${path} failed: HTTP 200: unexpected result: ${escapeRegExp(problem)} \\(body starts: `),
      );
      // Nothing written: in particular no second execute rule with expression true.
      expect(fake.writes()).toEqual([]);
    },
  );

  test('with deploy and nothing else to change: deploys with no overrides', async () => {
    removeOwaspRule();
    await applyManagedRulesetChange(current.client, target, {}, { deploy: true });
    expect(onlyWrite()?.body).toEqual({
      action: 'execute',
      action_parameters: { id: IDS.owasp, version: 'latest' },
      expression: 'true',
      enabled: true,
      description: 'Execute Cloudflare OWASP Core Ruleset',
    });
  });

  test('no entry point (404) and no deploy: the error says the zone has no entry point', async () => {
    fake.state.entrypoint = null;
    const error = (await rejectionOf(setParanoiaLevel(current.client, target, 2))) as NotDeployedError;
    expect(error).toBeInstanceOf(NotDeployedError);
    expect(error.entrypointExists).toBe(false);
    expect(error.message).toContain('the zone has no entry point ruleset for phase http_request_firewall_managed');
    expect(fake.writes()).toEqual([]);
  });

  test('no entry point (404) with deploy: the entry point ruleset is created holding the execute rule', async () => {
    fake.state.entrypoint = null;
    const result = await setScoreThresholdAndAction(
      current.client,
      target,
      { scoreThreshold: 25, action: 'block' },
      { deploy: true },
    );
    expect(fake.calls()).toEqual([...READS, `POST ${PATHS.createRuleset}`, `GET ${PATHS.entrypoint}`]);
    expect(onlyWrite()?.body).toEqual({
      name: 'default',
      kind: 'zone',
      phase: PHASE,
      description: 'Zone entry point for managed WAF rulesets',
      rules: [
        {
          action: 'execute',
          action_parameters: {
            id: IDS.owasp,
            version: 'latest',
            overrides: { rules: [{ id: IDS.lastRule, score_threshold: 25, action: 'block' }] },
          },
          expression: 'true',
          enabled: true,
          description: 'Execute Cloudflare OWASP Core Ruleset',
        },
      ],
    });
    expect(result).toMatchObject({ written: true, readBack: 'matches' });
    expect(result.configuration.entrypointRulesetId).toBe(fake.state.entrypoint?.['id']);
  });
});

/** The overrides the fake now holds on the OWASP execute rule. */
function storedOverrides(): Overrides {
  return ((fake.owaspExecuteRule() as JsonObject)['action_parameters'] as { overrides: Overrides }).overrides;
}

describe('concurrent writers: every change survives (the fake interleaves them so the race happens every time)', () => {
  const changes: ManagedRulesetChange[] = [
    { paranoiaLevel: 1 },
    { scoreThreshold: 25 },
    { disableRules: [IDS.rulePl1Sqli] },
    { enableRules: [IDS.rulePl2Xss] },
    { action: 'managed_challenge' },
  ];

  test.each([3, 5])(
    '%i writers each read the rule before any of them writes; each changes a different override',
    async (writers) => {
      const chosen = changes.slice(0, writers);
      fake.interleave(writers);
      const clients = chosen.map(() => testClient(fake));
      const results = await Promise.all(
        chosen.map((change, index) =>
          applyManagedRulesetChange((clients[index] as TestClient).client, target, change).finally(() => fake.leave()),
        ),
      );
      // The race happened: every writer read the rule (version 3) before the first write.
      expect(fake.calls().slice(0, writers * 4)).toEqual([
        ...READS.flatMap((read) => Array<string>(writers).fill(read)),
        ...Array<string>(writers).fill(`PATCH ${PATHS.owaspRule}`),
      ]);
      // Every change is there, and so is every override nobody touched.
      const overrides = storedOverrides();
      expect(readParanoiaLevel(overrides).level).toBe(1);
      expect(ruleOverrideOf(overrides, IDS.lastRule)?.score_threshold).toBe(25);
      expect(ruleOverrideOf(overrides, IDS.lastRule)?.action).toBe(writers > 4 ? 'managed_challenge' : 'log');
      expect(disabledRuleIds(overrides)).toContain(IDS.rulePl1Sqli);
      expect(disabledRuleIds(overrides).includes(IDS.rulePl2Xss)).toBe(writers < 4);
      expect(overrides.categories).toContainEqual({ category: 'language-php', enabled: false });
      for (const result of results) expect(result).toMatchObject({ written: true, readBack: 'matches' });
      // Those whose first write was overwritten merged their change into the newer rule.
      expect(results.filter((result) => result.concurrentChanges > 0)).toHaveLength(writers - 1);
      for (const { logs } of clients) expectNoToken(logs);
    },
  );

  test('a writer whose change keeps being overwritten gives up after the bound, with ConcurrentModificationError', async () => {
    // Another writer puts the rule back as it was just before each of our reads of the entry point.
    const original = structuredClone(fake.owaspExecuteRule()) as JsonObject;
    fake.failNext(
      { method: 'GET', path: PATHS.entrypoint },
      { kind: 'slow', delayMs: 0 },
      {
        times: 100,
        beforeFailing: (state) => {
          const rules = state.entrypoint?.['rules'] as JsonObject[];
          const stored = rules[1] as JsonObject;
          rules[1] = { ...structuredClone(original), version: String(Number(stored['version']) + 1) };
        },
      },
    );
    const error = await rejectionOf(setParanoiaLevel(current.client, target, 1, { maxConcurrentRetries: 3 }));
    expect(error).toBeInstanceOf(ConcurrentModificationError);
    expect((error as Error).message).toMatch(
      /^PATCH \S+: execute rule \w+ kept being changed by other writers; the change was merged and written 4 times, and was overwritten each time; given up/,
    );
    expect(fake.writes()).toHaveLength(4);
  });
});

/** Every execute rule of the entry point that deploys the OWASP ruleset, as the fake stores them. */
function owaspExecuteRules(): JsonObject[] {
  return ((fake.state.entrypoint?.['rules'] ?? []) as JsonObject[]).filter(
    (rule) => (rule['action_parameters'] as JsonObject)['id'] === IDS.owasp,
  );
}

describe('concurrent deploys converge on one execute rule, every change kept', () => {
  const deployChanges: ManagedRulesetChange[] = [
    { paranoiaLevel: 2 },
    { scoreThreshold: 25, action: 'log' },
    { disableRules: [IDS.rulePl1Sqli] },
  ];

  /** Runs `writers` deployers, interleaved so that each reads "not deployed" before any creates. */
  async function deployConcurrently(writers: number) {
    fake.interleave(writers);
    const clients = deployChanges.slice(0, writers).map(() => testClient(fake));
    const results = await Promise.all(
      deployChanges
        .slice(0, writers)
        .map((change, index) =>
          applyManagedRulesetChange((clients[index] as TestClient).client, target, change, { deploy: true }).finally(
            () => fake.leave(),
          ),
        ),
    );
    for (const { logs } of clients) expectNoToken(logs);
    return results;
  }

  function expectEveryChange(writers: number): void {
    const rules = owaspExecuteRules();
    expect(rules).toHaveLength(1);
    const rule = rules[0] as JsonObject;
    expect(rule['expression']).toBe('true');
    const overrides = (rule['action_parameters'] as { overrides: Overrides }).overrides;
    expect(readParanoiaLevel(overrides).level).toBe(2);
    expect(ruleOverrideOf(overrides, IDS.lastRule)).toEqual({ id: IDS.lastRule, score_threshold: 25, action: 'log' });
    expect(disabledRuleIds(overrides)).toEqual(writers > 2 ? [IDS.rulePl1Sqli] : []);
    // The other managed ruleset's execute rule is untouched.
    expect((fake.state.entrypoint?.['rules'] as JsonObject[])[0]?.['id']).toBe(IDS.executeManaged);
  }

  test.each([2, 3])(
    '%i deployers each find the ruleset not deployed and create an execute rule; the first created is kept',
    async (writers) => {
      removeOwaspRule();
      const results = await deployConcurrently(writers);
      // The race happened: every deployer read "not deployed", then each created a rule.
      expect(fake.calls().slice(0, writers * 4)).toEqual([
        ...READS.flatMap((read) => Array<string>(writers).fill(read)),
        ...Array<string>(writers).fill(`POST ${PATHS.createRule}`),
      ]);
      expectEveryChange(writers);
      const kept = owaspExecuteRules()[0]?.['id'];
      // Every deployer but the one that created the kept rule merged its change into it and deleted its own.
      const deletes = fake.writes().filter((write) => write.method === 'DELETE');
      expect(deletes).toHaveLength(writers - 1);
      expect(deletes.map((write) => write.path)).not.toContain(`${PATHS.createRule}/${String(kept)}`);
      expect(results.filter((result) => result.duplicateRemoved !== undefined)).toHaveLength(writers - 1);
      // The run whose rule is kept saw the others beside it.
      const keeper = results.find((result) => result.duplicateRemoved === undefined);
      expect(keeper?.otherDeploys).toHaveLength(writers - 1);
      for (const result of results) {
        expect(result).toMatchObject({ written: true, readBack: 'matches' });
        expect(result.configuration.executeRule?.id).toBe(kept);
      }
    },
  );

  test('3 deployers on a zone without an entry point: one creates it, the others apply their change to it', async () => {
    fake.state.entrypoint = null;
    const results = await deployConcurrently(3);
    expect(fake.calls().slice(0, 12)).toEqual([
      ...READS.flatMap((read) => Array<string>(3).fill(read)),
      ...Array<string>(3).fill(`POST ${PATHS.createRuleset}`),
    ]);
    const rules = owaspExecuteRules();
    expect(rules).toHaveLength(1);
    const overrides = ((rules[0] as JsonObject)['action_parameters'] as { overrides: Overrides }).overrides;
    expect(readParanoiaLevel(overrides).level).toBe(2);
    expect(ruleOverrideOf(overrides, IDS.lastRule)).toEqual({ id: IDS.lastRule, score_threshold: 25, action: 'log' });
    expect(disabledRuleIds(overrides)).toEqual([IDS.rulePl1Sqli]);
    for (const result of results) expect(result).toMatchObject({ written: true, readBack: 'matches' });
  });
});

describe('a write that replaced another write it had not read is reported (the API cannot prevent it)', () => {
  test("writer A's whole read and write fall inside writer B's round trip: B reports the versions it skipped", async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const held = new Promise<void>((resolve) => (arrived = resolve));
    // B's PATCH (based on its read of version 3) is held at the server while A runs from start to end.
    fake.failNext({ method: 'PATCH' }, { kind: 'held', until: released, onHeld: arrived });
    const writerB = testClient(fake);
    const b = applyManagedRulesetChange(writerB.client, target, { scoreThreshold: 25 });
    await held;
    const a = await applyManagedRulesetChange(current.client, target, { disableRules: [IDS.rulePl1Sqli] });
    expect(a).toMatchObject({ written: true, readBack: 'matches', concurrentChanges: 0, overwrittenWrites: [] });
    release();
    const result = await b;
    // B's change is in, and B's read-back shows nothing amiss: only the version in the answer tells.
    expect(result).toMatchObject({ written: true, readBack: 'matches', concurrentChanges: 0 });
    expect(result.overwrittenWrites).toEqual([{ ruleId: IDS.executeOwasp, versionRead: '3', versionWritten: '5' }]);
    expect(writerB.logs.join('\n')).toContain(
      `execute rule ${IDS.executeOwasp} at version 5 after our write, merged from version 3: another write came in between`,
    );
    // What remains: A's change is gone, and no client can bring it back (no older version to read).
    const overrides = storedOverrides();
    expect(ruleOverrideOf(overrides, IDS.lastRule)?.score_threshold).toBe(25);
    expect(disabledRuleIds(overrides)).not.toContain(IDS.rulePl1Sqli);
    expectNoToken(writerB.logs);
  });

  test('without a write in between nothing is reported', async () => {
    const result = await setParanoiaLevel(current.client, target, 1);
    expect(result.overwrittenWrites).toEqual([]);
  });
});

describe('retrying the write only when it is safe', () => {
  const patchCalls = () => fake.calls().filter((call) => call.startsWith('PATCH'));

  test('connection dropped before the PATCH was applied: re-read shows the old rule, the same body is sent again', async () => {
    fake.failNext({ method: 'PATCH' }, { kind: 'drop' });
    const result = await setParanoiaLevel(current.client, target, 1);
    expect(fake.calls()).toEqual([
      ...READS,
      `PATCH ${PATHS.owaspRule}`,
      `GET ${PATHS.entrypoint}`,
      `PATCH ${PATHS.owaspRule}`,
      `GET ${PATHS.entrypoint}`,
    ]);
    const [first, second] = fake.writes();
    expect(second?.bodyText).toBe(first?.bodyText);
    expect(result).toMatchObject({ written: true, confirmedByReread: false, readBack: 'matches' });
    expect(current.logs.some((line) => line.includes('was not applied; merging the change again and sending it'))).toBe(
      true,
    );
  });

  test('PATCH applied but the connection dropped before the answer: re-read confirms it, nothing is sent again', async () => {
    fake.failNext({ method: 'PATCH' }, { kind: 'drop', apply: true });
    const result = await setParanoiaLevel(current.client, target, 1);
    expect(patchCalls()).toHaveLength(1);
    // The re-read that confirms it is also the read-back.
    expect(fake.calls()).toEqual([...READS, `PATCH ${PATHS.owaspRule}`, `GET ${PATHS.entrypoint}`]);
    expect(result).toMatchObject({ written: true, confirmedByReread: true, readBack: 'matches' });
  });

  test('PATCH timed out (slow response) after being applied: confirmed by re-reading, not sent again', async () => {
    current = testClient(fake, { timeoutMs: 100 });
    fake.failNext({ method: 'PATCH' }, { kind: 'slow', delayMs: 1_000 });
    const result = await setParanoiaLevel(current.client, target, 3);
    expect(patchCalls()).toHaveLength(1);
    expect(result.confirmedByReread).toBe(true);
  });

  test('500 or a proxy page (not applied): re-read, then sent again', async () => {
    fake.failNext({ method: 'PATCH' }, { kind: 'server-error', status: 500 });
    fake.failNext({ method: 'PATCH' }, { kind: 'html', status: 502 });
    const result = await setScoreThresholdAndAction(current.client, target, { action: 'block' });
    expect(patchCalls()).toHaveLength(3);
    expect(result.configuration.action.value).toBe('block');
  });

  test('the rule changed meanwhile (outcome unknown): the change is merged into the newer rule, the other change kept', async () => {
    fake.failNext(
      { method: 'PATCH' },
      { kind: 'drop' },
      {
        beforeFailing: (state) => {
          const rule = (state.entrypoint?.['rules'] as JsonObject[])[1] as JsonObject;
          (rule['action_parameters'] as JsonObject)['overrides'] = {
            categories: [{ category: 'sqli', enabled: false }],
          };
          rule['version'] = '9';
        },
      },
    );
    const result = await setParanoiaLevel(current.client, target, 1);
    expect(patchCalls()).toHaveLength(2);
    expect(result).toMatchObject({ written: true, confirmedByReread: false, readBack: 'matches' });
    expect(storedOverrides()).toEqual({
      categories: [
        { category: 'sqli', enabled: false },
        { category: 'paranoia-level-2', enabled: false },
        { category: 'paranoia-level-3', enabled: false },
        { category: 'paranoia-level-4', enabled: false },
      ],
    });
  });

  test('the rule deleted meanwhile (outcome unknown): ConcurrentModificationError, nothing more sent', async () => {
    fake.failNext({ method: 'PATCH' }, { kind: 'drop' }, { beforeFailing: () => removeOwaspRule() });
    const error = await rejectionOf(setParanoiaLevel(current.client, target, 1));
    expect(error).toBeInstanceOf(ConcurrentModificationError);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^PATCH \\S+: execute rule ${IDS.executeOwasp} no longer exists: another writer changed the entry point meanwhile; nothing more sent \\(the write failed first with: `,
      ),
    );
    expect((error as ConcurrentModificationError).cause).toBeInstanceOf(EdgeNetworkError);
    expect(patchCalls()).toHaveLength(1);
  });

  test.each([
    ['a redirect', { kind: 'redirect', status: 307, location: 'https://elsewhere.example/client/v4/x' }],
    ['a body over the size limit', { kind: 'huge', bytes: 1024 * 1024, declared: false }],
  ] as const)('%s in answer to the PATCH is reported at once: not re-read, not sent again', async (_what, failure) => {
    current = testClient(fake, { maxResponseBytes: 100_000 });
    fake.failNext({ method: 'PATCH' }, failure);
    const error = await rejectionOf(setParanoiaLevel(current.client, target, 1));
    expect(error).toBeInstanceOf(EdgeNetworkError);
    expect((error as EdgeNetworkError).reason).toBe('refused');
    expect((error as Error).message).toMatch(
      new RegExp(
        `^PATCH ${PATHS.owaspRule} failed: HTTP (307: a redirect to https://elsewhere.example/client/v4/x \\(the API does not redirect; not followed\\)|200: the response is over 100000 bytes, .+); not sent again; the write may or may not have been applied`,
      ),
    );
    expect(fake.calls()).toEqual([...READS, `PATCH ${PATHS.owaspRule}`]);
  });

  test('a redirect in answer to the create-rule POST is reported at once: not re-read, not sent again', async () => {
    removeOwaspRule();
    fake.failNext({ method: 'POST' }, { kind: 'redirect', status: 302, location: 'https://elsewhere.example/' });
    const error = await rejectionOf(setParanoiaLevel(current.client, target, 2, { deploy: true }));
    expect((error as EdgeNetworkError).reason).toBe('refused');
    expect(fake.calls()).toEqual([...READS, `POST ${PATHS.createRule}`]);
  });

  test('a 4xx on the PATCH is final: no re-read, no retry; the error shows status and root causes', async () => {
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
    const error = (await rejectionOf(setParanoiaLevel(current.client, target, 1))) as EdgeApiError;
    expect(error).toBeInstanceOf(EdgeApiError);
    expect(error.message).toBe(`PATCH ${PATHS.owaspRule} failed: HTTP 400: 20120: invalid override`);
    expect(fake.calls()).toEqual([...READS, `PATCH ${PATHS.owaspRule}`]);
  });

  test('failures that persist: the write is sent at most maxAttempts times, then the error is reported', async () => {
    fake.failNext({ method: 'PATCH' }, { kind: 'server-error' }, { times: 10 });
    const error = (await rejectionOf(setParanoiaLevel(current.client, target, 1))) as EdgeApiError;
    expect(error.status).toBe(500);
    expect(patchCalls()).toHaveLength(4);
  });

  test('a 429 on the PATCH: after Retry-After the rule is read again and the change merged into it, never the old body resent', async () => {
    // While we wait, another writer disables a category.
    fake.failNext(
      { method: 'PATCH' },
      { kind: 'rate-limit', retryAfter: '1' },
      {
        beforeFailing: (state) => {
          const rule = (state.entrypoint?.['rules'] as JsonObject[])[1] as JsonObject;
          ((rule['action_parameters'] as JsonObject)['overrides'] as { categories: JsonObject[] }).categories.push({
            category: 'sqli',
            enabled: false,
          });
          rule['version'] = '4';
        },
      },
    );
    const result = await setParanoiaLevel(current.client, target, 1);
    expect(fake.calls()).toEqual([
      ...READS,
      `PATCH ${PATHS.owaspRule}`,
      `GET ${PATHS.entrypoint}`,
      `PATCH ${PATHS.owaspRule}`,
      `GET ${PATHS.entrypoint}`,
    ]);
    expect(current.sleeps).toEqual([1_000]);
    expect(result).toMatchObject({ written: true, confirmedByReread: false, readBack: 'matches' });
    expect(storedOverrides().categories).toEqual([
      { category: 'paranoia-level-3', enabled: false },
      { category: 'paranoia-level-4', enabled: false },
      { category: 'language-php', enabled: false },
      { category: 'sqli', enabled: false },
      { category: 'paranoia-level-2', enabled: false },
    ]);
  });

  test('a 429 on the PATCH that persists: sent at most maxAttempts times, then reported', async () => {
    fake.failNext({ method: 'PATCH' }, { kind: 'rate-limit', retryAfter: '0' }, { times: 10 });
    const error = (await rejectionOf(setParanoiaLevel(current.client, target, 1))) as EdgeApiError;
    expect(error.status).toBe(429);
    expect(error.message).toMatch(/HTTP 429: .*; gave up after 4 attempts$/);
    expect(patchCalls()).toHaveLength(4);
  });

  test('the create-rule POST dropped before or after being applied never creates a second execute rule', async () => {
    removeOwaspRule();
    fake.failNext({ method: 'POST' }, { kind: 'drop' });
    await setParanoiaLevel(current.client, target, 2, { deploy: true });
    expect(fake.writes()).toHaveLength(2);
    const executeRulesForOwasp = () =>
      (fake.state.entrypoint?.['rules'] as JsonObject[]).filter(
        (rule) => (rule['action_parameters'] as JsonObject)['id'] === IDS.owasp,
      );
    expect(executeRulesForOwasp()).toHaveLength(1);

    removeOwaspRule();
    fake.requests.length = 0;
    fake.failNext({ method: 'POST' }, { kind: 'drop', apply: true });
    const result = await setParanoiaLevel(current.client, target, 2, { deploy: true });
    expect(fake.writes()).toHaveLength(1);
    expect(result.confirmedByReread).toBe(true);
    expect(executeRulesForOwasp()).toHaveLength(1);
  });

  test('the write succeeded but reading back failed: reported as written, with the predicted configuration', async () => {
    // The PATCH succeeds; from then on the entry point answers with a proxy error page.
    fake.failNext(
      { method: 'PATCH' },
      { kind: 'slow', delayMs: 0 },
      { beforeFailing: () => fake.failNext({ path: PATHS.entrypoint }, { kind: 'html', status: 503 }, { times: 4 }) },
    );
    const result = await setParanoiaLevel(current.client, target, 1);
    expect(result).toMatchObject({ written: true, readBack: 'failed' });
    expect(result.readBackError).toMatch(/HTTP 503: response is not JSON/);
    expect(result.configuration).toEqual(result.plan.after);
    const stored = fake.owaspExecuteRule()?.['action_parameters'] as { overrides: Overrides };
    expect(readParanoiaLevel(stored.overrides).level).toBe(1);
  });
});

describe('the token', () => {
  test('never appears in errors of any procedure', async () => {
    fake.state.entrypoint = null;
    const errors = [
      await rejectionOf(setParanoiaLevel(current.client, target, 2)),
      await rejectionOf(setParanoiaLevel(current.client, target, 9)),
    ];
    fake.failNext({}, { kind: 'html', status: 500, echoAuthorization: true }, { times: 4 });
    errors.push(await rejectionOf(readManagedRulesetConfiguration(current.client, target)));
    expectNoToken(...errors);
  });
});

// ------------------------------------------------------------------------------------------------
// The merge property over real HTTP: seed the fake with arbitrary existing overrides, run a change,
// and check the PATCH body the fake received.

const KNOWN_RULES = [IDS.lastRule, IDS.rulePl1Sqli, IDS.rulePl2Xss, IDS.rulePl3ShippedDisabled, IDS.rulePl4];
const categoryOverride: fc.Arbitrary<CategoryOverride> = fc.record(
  {
    category: fc.oneof(
      fc.constantFrom(
        'paranoia-level-1',
        'paranoia-level-2',
        'paranoia-level-3',
        'paranoia-level-4',
        'language-php',
        'xss',
      ),
      fc.string({ minLength: 1, maxLength: 8 }),
    ),
    enabled: fc.boolean(),
    action: fc.constantFrom('log', 'block'),
  },
  { requiredKeys: ['category'] },
);
const ruleOverride: fc.Arbitrary<RuleOverride> = fc.record(
  {
    id: fc.oneof(fc.constantFrom(...KNOWN_RULES), fc.stringMatching(/^[0-9a-f]{32}$/)),
    action: fc.constantFrom(...RULE_ACTIONS),
    score_threshold: fc.integer({ min: 1, max: 100 }),
    enabled: fc.boolean(),
  },
  { requiredKeys: ['id'] },
);
const overridesArbitrary = fc.record(
  { categories: fc.array(categoryOverride, { maxLength: 6 }), rules: fc.array(ruleOverride, { maxLength: 6 }) },
  { requiredKeys: [] },
);
const changeArbitrary: fc.Arbitrary<ManagedRulesetChange> = fc
  .record(
    {
      paranoiaLevel: fc.constantFrom(1, 2, 3, 4),
      scoreThreshold: fc.integer({ min: 1, max: 100 }),
      action: fc.constantFrom(...RULE_ACTIONS),
      toggles: fc.uniqueArray(fc.tuple(fc.constantFrom(...KNOWN_RULES), fc.boolean()), {
        selector: ([id]) => id,
        maxLength: 3,
      }),
    },
    { requiredKeys: ['toggles'] },
  )
  .map(({ toggles, ...settings }) => ({
    ...settings,
    disableRules: toggles.filter(([, disable]) => disable).map(([id]) => id),
    enableRules: toggles.filter(([, disable]) => !disable).map(([id]) => id),
  }))
  .filter((change) => Object.keys(change).length > 2 || change.disableRules.length + change.enableRules.length > 0);

describe('nothing is lost, over HTTP (property)', () => {
  test('for arbitrary existing overrides, the PATCH keeps every untouched entry and the rule fields', async () => {
    await fc.assert(
      fc.asyncProperty(overridesArbitrary, changeArbitrary, async (existing, change) => {
        fake.state.entrypoint = defaultState().entrypoint;
        (fake.state.entrypoint?.['rules'] as JsonObject[])[1] = owaspExecuteRule(existing as JsonObject);
        fake.requests.length = 0;
        const before = (fake.owaspExecuteRule() as JsonObject)['action_parameters'] as { overrides: Overrides };
        const result = await applyManagedRulesetChange(current.client, target, change);
        const writes = fake.writes();
        if (!result.written) {
          expect(writes).toEqual([]);
          return;
        }
        expect(writes.map((write) => `${write.method} ${write.path}`)).toEqual([`PATCH ${PATHS.owaspRule}`]);
        const body = writes[0]?.body as {
          action: string;
          expression: string;
          enabled: boolean;
          ref: string;
          description: string;
          action_parameters: { id: string; version: string; overrides: Overrides };
        };
        // The rule itself goes back unchanged.
        expect(body.action).toBe('execute');
        expect(body.expression).toBe('true');
        expect(body.enabled).toBe(true);
        expect(body.ref).toBe('owasp-core');
        expect(body.description).toBe('Execute the OWASP core ruleset');
        expect(body.action_parameters.id).toBe(IDS.owasp);
        expect(body.action_parameters.version).toBe('latest');
        const merged = body.action_parameters.overrides;
        const old = before.overrides;
        // Untouched categories and rule overrides survive.
        const isParanoia = (entry: CategoryOverride) => paranoiaLevelOfCategory(entry.category) !== undefined;
        if (change.paranoiaLevel === undefined) expect(merged.categories).toEqual(old.categories);
        else
          expect((merged.categories ?? []).filter((entry) => !isParanoia(entry))).toEqual(
            (old.categories ?? []).filter((entry) => !isParanoia(entry)),
          );
        const touched = new Set([...(change.disableRules ?? []), ...(change.enableRules ?? [])]);
        if (change.scoreThreshold !== undefined || change.action !== undefined) touched.add(IDS.lastRule);
        expect((merged.rules ?? []).filter((entry) => !touched.has(entry.id))).toEqual(
          (old.rules ?? []).filter((entry) => !touched.has(entry.id)),
        );
        // The asked-for settings hold.
        if (change.paranoiaLevel !== undefined) expect(readParanoiaLevel(merged).level).toBe(change.paranoiaLevel);
        if (change.scoreThreshold !== undefined)
          expect(ruleOverrideOf(merged, IDS.lastRule)?.score_threshold).toBe(change.scoreThreshold);
        if (change.action !== undefined) expect(ruleOverrideOf(merged, IDS.lastRule)?.action).toBe(change.action);
        for (const id of change.disableRules ?? []) expect(ruleOverrideOf(merged, id)?.enabled).toBe(false);
        // And the server now holds exactly what was sent.
        expect(result.readBack).toBe('matches');
      }),
      { numRuns: 40 },
    );
  });
});
