import { describe, expect, test } from 'vitest';
import {
  ExecuteRuleSelectionError,
  RulesetSelectionError,
  selectCoreRuleset,
  selectExecuteRule,
  type EntrypointRuleset,
  type RulesetSummary,
} from '../../src/client/index.js';

const managed = (id: string, name: string): RulesetSummary => ({ id, name, kind: 'managed' });
const OWASP = managed('4814384a9e5d4991b9815dcfc25d2f1f', 'Cloudflare OWASP Core Ruleset');
const CF = managed('efb7b8c949ac4650a09736fc376e9aee', 'Cloudflare Managed Ruleset');
const CUSTOM: RulesetSummary = {
  id: 'c0ffee00000000000000000000000001',
  name: 'my owasp-ish custom rules',
  kind: 'custom',
};

function selectionError(run: () => unknown): RulesetSelectionError {
  try {
    run();
  } catch (error) {
    if (error instanceof RulesetSelectionError) return error;
    throw error;
  }
  throw new Error('expected a RulesetSelectionError');
}

describe('selectCoreRuleset', () => {
  test('picks the one managed ruleset whose name says OWASP (case-insensitive), ignoring other kinds', () => {
    expect(selectCoreRuleset([CF, CUSTOM, OWASP])).toBe(OWASP);
    expect(selectCoreRuleset([CF, { ...OWASP, name: 'cloudflare owasp core ruleset' }]).id).toBe(OWASP.id);
  });

  test('an explicit id wins over the name, case-insensitively', () => {
    expect(selectCoreRuleset([CF, OWASP], CF.id.toUpperCase())).toBe(CF);
  });

  test('ambiguous: several OWASP-named managed rulesets, listed with id and name', () => {
    const second = managed('0a000000000000000000000000000002', 'OWASP (beta)');
    const error = selectionError(() => selectCoreRuleset([OWASP, CF, second]));
    expect(error.candidates).toEqual([
      { id: OWASP.id, name: OWASP.name },
      { id: second.id, name: second.name },
    ]);
    expect(error.message).toContain('several managed rulesets look like the OWASP core ruleset');
    expect(error.message).toContain(`${second.id}  OWASP (beta)`);
  });

  test('missing: no OWASP-named managed ruleset; every managed ruleset is a candidate', () => {
    const error = selectionError(() => selectCoreRuleset([CF, CUSTOM]));
    expect(error.candidates).toEqual([{ id: CF.id, name: CF.name }]);
    expect(error.message).toMatch(/no managed ruleset of the account has OWASP in its name/);
  });

  test('an explicit id of a non-managed ruleset, or of no ruleset, is refused with the candidates', () => {
    expect(selectionError(() => selectCoreRuleset([OWASP, CUSTOM], CUSTOM.id)).message).toMatch(
      /is of kind 'custom', not a managed ruleset/,
    );
    expect(selectionError(() => selectCoreRuleset([OWASP], CF.id)).message).toMatch(/has no managed ruleset with id/);
  });

  test('no managed rulesets at all', () => {
    expect(selectionError(() => selectCoreRuleset([CUSTOM])).message).toBe('the account has no managed rulesets');
  });
});

describe('selectExecuteRule', () => {
  const execute = (id: string, rulesetId: string, expression = 'true') => ({
    id,
    action: 'execute',
    expression,
    action_parameters: { id: rulesetId, version: 'latest' },
  });
  const entrypoint = (...rules: EntrypointRuleset['rules']): EntrypointRuleset => ({ id: 'e0', kind: 'zone', rules });

  test('finds the execute rule whose action_parameters.id is the managed ruleset', () => {
    const rule = execute('r2', OWASP.id);
    expect(
      selectExecuteRule(
        entrypoint(execute('r1', CF.id), { id: 'r0', action: 'block', expression: 'true' }, rule),
        OWASP.id,
      ),
    ).toBe(rule);
  });

  test('undefined when not deployed, even with an explicit rule id', () => {
    expect(selectExecuteRule(entrypoint(execute('r1', CF.id)), OWASP.id)).toBeUndefined();
    expect(selectExecuteRule(entrypoint(), OWASP.id, 'r9')).toBeUndefined();
  });

  test('several execute rules for the ruleset: an error listing them, unless one is named', () => {
    const a = execute('ra', OWASP.id, 'http.host eq "a.example"');
    const b = execute('rb', OWASP.id, 'http.host eq "b.example"');
    expect(() => selectExecuteRule(entrypoint(a, b), OWASP.id)).toThrow(ExecuteRuleSelectionError);
    expect(() => selectExecuteRule(entrypoint(a, b), OWASP.id)).toThrow(/rb {2}expression: http.host eq "b.example"/);
    expect(selectExecuteRule(entrypoint(a, b), OWASP.id, 'rb')).toBe(b);
    expect(() => selectExecuteRule(entrypoint(a, b), OWASP.id, 'rc')).toThrow(/has no execute rule rc/);
  });
});
