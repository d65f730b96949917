import type { HclExpression } from './syntax.js';
import type { SourceSpan, StaticValue } from './types.js';

/** What an expression is known to be without running Terraform. */
export type HclValue =
  { kind: 'static'; value: StaticValue } | { kind: 'object'; entries: HclValueEntry[] } | { kind: 'unknown' };

export interface HclValueEntry {
  key: string;
  /** Where the key is written, when it is written in the expression itself (not in a `local` it refers to). */
  keySpan?: SourceSpan;
  value: HclValue;
}

/**
 * The names a module folder defines statically: `variable` defaults and `locals`. A variable's
 * value from a module call or a `.tfvars` file is not seen, so only its default counts.
 */
export class ModuleScope {
  private readonly evaluatedLocals = new Map<string, HclValue>();
  private readonly evaluating = new Set<string>();

  constructor(
    private readonly variableDefaults: ReadonlyMap<string, HclExpression>,
    private readonly locals: ReadonlyMap<string, HclExpression>,
  ) {}

  /** A `local`'s own expression (where its keys are written), when the module sets it. */
  local(name: string): HclExpression | undefined {
    return this.locals.get(name);
  }

  evaluate(expression: HclExpression): HclValue {
    switch (expression.kind) {
      case 'literal':
        return { kind: 'static', value: expression.value };
      case 'template':
        return this.evaluateTemplate(expression.parts);
      case 'object':
        return {
          kind: 'object',
          entries: expression.entries.flatMap((entry) =>
            entry.key === undefined
              ? []
              : [{ key: entry.key, keySpan: entry.keySpan, value: this.evaluate(entry.value) }],
          ),
        };
      case 'reference':
        return attributesOf(this.lookUp(expression.root, expression.attributes[0]), expression.attributes.slice(1));
      case 'tuple':
      case 'unknown':
        return UNKNOWN;
    }
  }

  private lookUp(root: string, name: string | undefined): HclValue {
    if (name === undefined) return UNKNOWN;
    if (root === 'var') {
      const fallback = this.variableDefaults.get(name);
      // Defaults cannot refer to anything (Terraform rejects it), so no scope is needed; written
      // here as the same evaluation for the literals and objects they hold.
      return fallback ? withoutKeySpans(this.evaluate(fallback)) : UNKNOWN;
    }
    if (root !== 'local') return UNKNOWN;
    const known = this.evaluatedLocals.get(name);
    if (known) return known;
    const expression = this.locals.get(name);
    // A cycle is an error Terraform reports; here it is simply not static.
    if (!expression || this.evaluating.has(name)) return UNKNOWN;
    this.evaluating.add(name);
    const value = withoutKeySpans(this.evaluate(expression));
    this.evaluating.delete(name);
    this.evaluatedLocals.set(name, value);
    return value;
  }

  private evaluateTemplate(parts: readonly HclExpression[]): HclValue {
    let text = '';
    for (const part of parts) {
      const value = this.evaluate(part);
      if (value.kind !== 'static' || value.value === null) return UNKNOWN;
      text += String(value.value);
    }
    return { kind: 'static', value: text };
  }
}

const UNKNOWN: HclValue = { kind: 'unknown' };

function attributesOf(value: HclValue, attributes: readonly string[]): HclValue {
  let current = value;
  for (const name of attributes) {
    if (current.kind !== 'object') return UNKNOWN;
    current = current.entries.findLast((entry) => entry.key === name)?.value ?? UNKNOWN;
  }
  return current;
}

/** A value reached through `var.` or `local.` is reported where the resource uses it, not where it is defined. */
function withoutKeySpans(value: HclValue): HclValue {
  if (value.kind !== 'object') return value;
  return {
    kind: 'object',
    entries: value.entries.map(({ key, value: inner }) => ({ key, value: withoutKeySpans(inner) })),
  };
}
