import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  RULE_ACTIONS,
  disabledRuleIds,
  executeRuleUpdateBody,
  mergeOverrides,
  paranoiaLevelOfCategory,
  readParanoiaLevel,
  ruleOverrideOf,
  withParanoiaLevel,
  withRuleDisabled,
  withRuleReenabled,
  withScoreThresholdAndAction,
  type CategoryOverride,
  type ExecuteRule,
  type OverrideChange,
  type Overrides,
  type ParanoiaLevel,
  type RuleOverride,
} from '../../src/client/index.js';

const LAST = '6179ae15870a4bb7b2d480d4843b323c';
const XSS = 'a2000000000000000000000000000002';
const SHIPPED_DISABLED = 'a3000000000000000000000000000003';

describe('paranoia level (spec 2.7)', () => {
  test('level 2 disables exactly paranoia-level-3 and paranoia-level-4 (the spec example)', () => {
    expect(withParanoiaLevel(undefined, 2)).toEqual({
      categories: [
        { category: 'paranoia-level-3', enabled: false },
        { category: 'paranoia-level-4', enabled: false },
      ],
    });
  });

  test.each([
    [1, ['paranoia-level-2', 'paranoia-level-3', 'paranoia-level-4']],
    [3, ['paranoia-level-4']],
    [4, []],
  ] as const)('level %i disables %j and nothing at or below it', (level, tags) => {
    const result = withParanoiaLevel({ categories: [{ category: 'paranoia-level-1', enabled: false }] }, level);
    expect(result?.categories).toEqual(tags.map((category) => ({ category, enabled: false })));
  });

  test('lowering and raising keep other categories in place and their fields', () => {
    const overrides: Overrides = {
      categories: [
        { category: 'language-php', enabled: false },
        { category: 'paranoia-level-4', enabled: false, action: 'log' },
        { category: 'paranoia-level-2', enabled: true },
      ],
      rules: [{ id: LAST, score_threshold: 60 }],
      enabled: true,
    };
    expect(withParanoiaLevel(overrides, 1)).toEqual({
      categories: [
        { category: 'language-php', enabled: false },
        { category: 'paranoia-level-4', enabled: false, action: 'log' },
        { category: 'paranoia-level-2', enabled: false },
        { category: 'paranoia-level-3', enabled: false },
      ],
      rules: [{ id: LAST, score_threshold: 60 }],
      enabled: true,
    });
    // Raising to 4: the bare entries go, the one with an action for its tag stays (without enabled).
    expect(withParanoiaLevel(overrides, 4)).toEqual({
      categories: [
        { category: 'language-php', enabled: false },
        { category: 'paranoia-level-4', action: 'log' },
      ],
      rules: [{ id: LAST, score_threshold: 60 }],
      enabled: true,
    });
  });

  test('level 4 on overrides without categories adds no categories key', () => {
    expect(withParanoiaLevel({ rules: [{ id: LAST, action: 'log' }] }, 4)).toEqual({
      rules: [{ id: LAST, action: 'log' }],
    });
    expect(withParanoiaLevel(undefined, 4)).toBeUndefined();
  });

  test('reading the level back', () => {
    expect(readParanoiaLevel(undefined)).toEqual({ level: 4, disabledTags: [] });
    expect(readParanoiaLevel(withParanoiaLevel(undefined, 1))).toEqual({
      level: 1,
      disabledTags: ['paranoia-level-2', 'paranoia-level-3', 'paranoia-level-4'],
    });
    // Irregular patterns have no level.
    expect(readParanoiaLevel({ categories: [{ category: 'paranoia-level-2', enabled: false }] }).level).toBeUndefined();
    expect(
      readParanoiaLevel(withParanoiaLevel({ categories: [{ category: 'paranoia-level-1', enabled: false }] }, 1)).level,
    ).toBe(1);
    expect(
      readParanoiaLevel({
        categories: ['1', '2', '3', '4'].map((n) => ({ category: `paranoia-level-${n}`, enabled: false })),
      }).level,
    ).toBeUndefined();
    // The last entry for a tag is the effective one.
    expect(
      readParanoiaLevel({
        categories: [
          { category: 'paranoia-level-4', enabled: true },
          { category: 'paranoia-level-4', enabled: false },
        ],
      }).level,
    ).toBe(3);
  });

  test('only the four exact tags are paranoia levels', () => {
    expect(paranoiaLevelOfCategory('paranoia-level-3')).toBe(3);
    expect(paranoiaLevelOfCategory('paranoia-level-5')).toBeUndefined();
    expect(paranoiaLevelOfCategory('Paranoia-Level-2')).toBeUndefined();
    expect(paranoiaLevelOfCategory('paranoia-level-2x')).toBeUndefined();
  });
});

describe('score threshold and action (spec 4.2)', () => {
  test('a new override on the last rule carries id, score_threshold and action', () => {
    expect(withScoreThresholdAndAction(undefined, LAST, { scoreThreshold: 25, action: 'managed_challenge' })).toEqual({
      rules: [{ id: LAST, score_threshold: 25, action: 'managed_challenge' }],
    });
  });

  test('an existing override is updated in place; a setting not given keeps its value', () => {
    const overrides: Overrides = {
      rules: [
        { id: XSS, enabled: false },
        { id: LAST, score_threshold: 60, action: 'log', enabled: true },
      ],
    };
    expect(withScoreThresholdAndAction(overrides, LAST, { scoreThreshold: 40 })).toEqual({
      rules: [
        { id: XSS, enabled: false },
        { id: LAST, score_threshold: 40, action: 'log', enabled: true },
      ],
    });
    expect(withScoreThresholdAndAction(overrides, LAST, { action: 'block' })?.rules?.[1]).toEqual({
      id: LAST,
      score_threshold: 60,
      action: 'block',
      enabled: true,
    });
  });
});

describe('disabling and re-enabling rules', () => {
  test('disable adds enabled: false, keeping the override fields', () => {
    expect(withRuleDisabled({ rules: [{ id: LAST, score_threshold: 60 }] }, LAST)).toEqual({
      rules: [{ id: LAST, score_threshold: 60, enabled: false }],
    });
    expect(withRuleDisabled(undefined, XSS)).toEqual({ rules: [{ id: XSS, enabled: false }] });
  });

  test('re-enable removes the disable; a bare override is dropped; a rule shipped disabled gets enabled: true', () => {
    expect(withRuleReenabled({ rules: [{ id: XSS, enabled: false }] }, XSS, true)).toEqual({ rules: [] });
    expect(withRuleReenabled({ rules: [{ id: LAST, enabled: false, action: 'log' }] }, LAST, true)).toEqual({
      rules: [{ id: LAST, action: 'log' }],
    });
    expect(withRuleReenabled(undefined, SHIPPED_DISABLED, false)).toEqual({
      rules: [{ id: SHIPPED_DISABLED, enabled: true }],
    });
    expect(withRuleReenabled(undefined, XSS, true)).toBeUndefined();
  });

  test('disabledRuleIds lists the rules whose effective override disables them', () => {
    expect(
      disabledRuleIds({
        rules: [
          { id: XSS, enabled: false },
          { id: LAST, score_threshold: 3 },
          { id: 'x', enabled: false },
          { id: 'x' },
        ],
      }),
    ).toEqual([XSS]);
  });
});

describe('executeRuleUpdateBody', () => {
  test('sends the rule back unchanged but for the overrides; read-only fields are not sent', () => {
    const rule: ExecuteRule = {
      id: 'r1',
      version: '3',
      last_updated: '2024-01-01T00:00:00Z',
      action: 'execute',
      action_parameters: { id: 'm1', version: '36', matched_data: { public_key: 'k' }, overrides: { categories: [] } },
      expression: 'http.host eq "a.example"',
      enabled: false,
      ref: 'ref-1',
      description: 'mine',
    };
    expect(executeRuleUpdateBody(rule, { rules: [{ id: LAST, action: 'log' }] })).toEqual({
      action: 'execute',
      action_parameters: {
        id: 'm1',
        version: '36',
        matched_data: { public_key: 'k' },
        overrides: { rules: [{ id: LAST, action: 'log' }] },
      },
      expression: 'http.host eq "a.example"',
      enabled: false,
      ref: 'ref-1',
      description: 'mine',
    });
    expect(executeRuleUpdateBody(rule, undefined).action_parameters).toEqual({
      id: 'm1',
      version: '36',
      matched_data: { public_key: 'k' },
    });
  });
});

// ------------------------------------------------------------------------------------------------
// Property tests: nothing is lost, for arbitrary existing overrides.

const KNOWN_RULES = [LAST, XSS, SHIPPED_DISABLED, 'a1000000000000000000000000000001'];
const isShippedEnabled = (id: string) => id !== SHIPPED_DISABLED;

const categoryName = fc.oneof(
  fc.constantFrom('paranoia-level-1', 'paranoia-level-2', 'paranoia-level-3', 'paranoia-level-4'),
  fc.constantFrom('language-php', 'sqli', 'xss', 'paranoia-level-5', 'Paranoia-Level-2', 'wordpress'),
  fc.string({ minLength: 1, maxLength: 12 }),
);
const categoryOverride: fc.Arbitrary<CategoryOverride> = fc.record(
  {
    category: categoryName,
    enabled: fc.boolean(),
    action: fc.constantFrom('log', 'block'),
    note: fc.string({ maxLength: 5 }),
  },
  { requiredKeys: ['category'] },
);
const ruleId = fc.oneof(fc.constantFrom(...KNOWN_RULES), fc.stringMatching(/^[0-9a-f]{32}$/));
const ruleOverride: fc.Arbitrary<RuleOverride> = fc.record(
  {
    id: ruleId,
    action: fc.constantFrom(...RULE_ACTIONS),
    score_threshold: fc.integer({ min: 1, max: 200 }),
    enabled: fc.boolean(),
    sensitivity_level: fc.constantFrom('default', 'medium', 'low'),
  },
  { requiredKeys: ['id'] },
);
const overridesArbitrary: fc.Arbitrary<Overrides | undefined> = fc.option(
  fc.record(
    {
      categories: fc.array(categoryOverride, { maxLength: 8 }),
      rules: fc.array(ruleOverride, { maxLength: 8 }),
      enabled: fc.boolean(),
      action: fc.constantFrom('log', 'block'),
    },
    { requiredKeys: [] },
  ),
  { nil: undefined },
);
const changeArbitrary: fc.Arbitrary<OverrideChange> = fc
  .record(
    {
      paranoiaLevel: fc.constantFrom<ParanoiaLevel>(1, 2, 3, 4),
      scoreThreshold: fc.integer({ min: 1, max: 1000 }),
      action: fc.constantFrom(...RULE_ACTIONS),
      toggles: fc.uniqueArray(fc.tuple(fc.constantFrom(...KNOWN_RULES), fc.boolean()), {
        selector: ([id]) => id,
        maxLength: 4,
      }),
    },
    { requiredKeys: ['toggles'] },
  )
  .map(({ toggles, ...settings }) => ({
    ...settings,
    disableRules: toggles.filter(([, disable]) => disable).map(([id]) => id),
    enableRules: toggles.filter(([, disable]) => !disable).map(([id]) => id),
  }));

const facts = { lastRuleId: LAST, isEnabledByDefault: isShippedEnabled };
const isParanoia = (entry: CategoryOverride) => paranoiaLevelOfCategory(entry.category) !== undefined;
const without = <T extends object>(entry: T, ...fields: string[]) =>
  Object.fromEntries(Object.entries(entry).filter(([field]) => !fields.includes(field)));

function touchedRuleIds(change: OverrideChange): Set<string> {
  const touched = new Set([...(change.disableRules ?? []), ...(change.enableRules ?? [])]);
  if (change.scoreThreshold !== undefined || change.action !== undefined) touched.add(LAST);
  return touched;
}

describe('mergeOverrides keeps everything it was not asked to change (property)', () => {
  test('categories that are not paranoia tags survive, in order and field for field', () => {
    fc.assert(
      fc.property(overridesArbitrary, changeArbitrary, (overrides, change) => {
        const merged = mergeOverrides(overrides, change, facts);
        expect((merged?.categories ?? []).filter((entry) => !isParanoia(entry))).toEqual(
          (overrides?.categories ?? []).filter((entry) => !isParanoia(entry)),
        );
        if (change.paranoiaLevel === undefined) expect(merged?.categories).toEqual(overrides?.categories);
      }),
      { numRuns: 300 },
    );
  });

  test('rule overrides of rules the change does not touch survive, in order and field for field', () => {
    fc.assert(
      fc.property(overridesArbitrary, changeArbitrary, (overrides, change) => {
        const touched = touchedRuleIds(change);
        const merged = mergeOverrides(overrides, change, facts);
        expect((merged?.rules ?? []).filter((entry) => !touched.has(entry.id))).toEqual(
          (overrides?.rules ?? []).filter((entry) => !touched.has(entry.id)),
        );
      }),
      { numRuns: 300 },
    );
  });

  test('top-level override fields other than categories and rules survive', () => {
    fc.assert(
      fc.property(overridesArbitrary, changeArbitrary, (overrides, change) => {
        const merged = mergeOverrides(overrides, change, facts);
        expect(without(merged ?? {}, 'categories', 'rules')).toEqual(without(overrides ?? {}, 'categories', 'rules'));
      }),
      { numRuns: 300 },
    );
  });

  test('the requested settings hold afterwards; touched entries keep their other fields', () => {
    fc.assert(
      fc.property(overridesArbitrary, changeArbitrary, (overrides, change) => {
        const merged = mergeOverrides(overrides, change, facts);
        if (change.paranoiaLevel !== undefined) {
          const level = change.paranoiaLevel;
          expect(readParanoiaLevel(merged).level).toBe(level);
          for (const entry of merged?.categories ?? []) {
            const entryLevel = paranoiaLevelOfCategory(entry.category);
            if (entryLevel !== undefined) expect(entry.enabled).toBe(entryLevel > level ? false : undefined);
          }
          // Paranoia entries at or below the level that said more than category/enabled keep the rest.
          for (const entry of overrides?.categories ?? []) {
            const entryLevel = paranoiaLevelOfCategory(entry.category);
            const rest = without(entry, 'enabled');
            if (entryLevel !== undefined && entryLevel <= level && Object.keys(rest).length > 1) {
              expect(merged?.categories).toContainEqual(rest);
            }
          }
        }
        const last = ruleOverrideOf(merged, LAST);
        if (change.scoreThreshold !== undefined) expect(last?.score_threshold).toBe(change.scoreThreshold);
        if (change.action !== undefined) expect(last?.action).toBe(change.action);
        for (const id of change.disableRules ?? []) expect(ruleOverrideOf(merged, id)?.enabled).toBe(false);
        for (const id of change.enableRules ?? []) {
          const entries = (merged?.rules ?? []).filter((entry) => entry.id === id);
          for (const entry of entries) expect(entry.enabled).toBe(isShippedEnabled(id) ? undefined : true);
          if (!isShippedEnabled(id)) expect(entries.length).toBeGreaterThan(0);
        }
        // Every rule override entry that was there is still there for a touched id, with its other fields.
        const touched = touchedRuleIds(change);
        const changedFields = ['enabled', 'score_threshold', 'action'];
        const before = (overrides?.rules ?? [])
          .filter((entry) => touched.has(entry.id))
          .map((entry) => without(entry, ...changedFields));
        const after = (merged?.rules ?? [])
          .filter((entry) => touched.has(entry.id))
          .map((entry) => without(entry, ...changedFields));
        expect(after.filter((entry) => Object.keys(entry).length > 1)).toEqual(
          before.filter((entry) => Object.keys(entry).length > 1),
        );
      }),
      { numRuns: 300 },
    );
  });

  test('applying a change twice is the same as applying it once', () => {
    fc.assert(
      fc.property(overridesArbitrary, changeArbitrary, (overrides, change) => {
        const once = mergeOverrides(overrides, change, facts);
        expect(mergeOverrides(once, change, facts)).toEqual(once);
      }),
      { numRuns: 300 },
    );
  });

  test('the PATCH body keeps action, expression, enabled and action_parameters.id/version unchanged', () => {
    const ruleArbitrary = fc.record({
      expression: fc.string({ maxLength: 20 }),
      enabled: fc.boolean(),
      version: fc.constantFrom('latest', '36', '1'),
      overrides: overridesArbitrary,
    });
    fc.assert(
      fc.property(ruleArbitrary, changeArbitrary, (generated, change) => {
        const rule: ExecuteRule = {
          id: 'r1',
          action: 'execute',
          expression: generated.expression,
          enabled: generated.enabled,
          action_parameters: {
            id: '4814384a9e5d4991b9815dcfc25d2f1f',
            version: generated.version,
            ...(generated.overrides === undefined ? {} : { overrides: generated.overrides }),
          },
        };
        const body = executeRuleUpdateBody(rule, mergeOverrides(rule.action_parameters.overrides, change, facts));
        expect(body.action).toBe('execute');
        expect(body.expression).toBe(generated.expression);
        expect(body.enabled).toBe(generated.enabled);
        expect(body.action_parameters.id).toBe('4814384a9e5d4991b9815dcfc25d2f1f');
        expect(body.action_parameters.version).toBe(generated.version);
      }),
      { numRuns: 200 },
    );
  });
});
