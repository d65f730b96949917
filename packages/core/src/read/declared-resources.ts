import type { TSESTree } from '@typescript-eslint/types';
import type { Catalogue, IacEcosystem } from '../catalogue/types.js';
import { propertyKeyName, rangeOf, unwrap, type Node } from './ast.js';
import { normalizeModulePath, type Evaluator } from './evaluate.js';
import type { DeclaredProperty, DeclaredResourceFact, PendingProperties } from '../facts.js';
import type { Scope } from './scope.js';
import { writtenAlternatives } from '../url/pattern.js';
import type { Value } from './values.js';
import { snakeCase } from '../catalogue/property-names.js';
import { PROVIDER_PACKAGES } from '../catalogue/iac-packages.js';

/** The provider packages whose classes declare resources (CDKTF's also as `lib/<resource>` modules). */
const { pulumi: PULUMI_PACKAGE, cdktf: CDKTF_PACKAGE } = PROVIDER_PACKAGES;

/** Nested argument objects are followed this deep (`settings.minify.css` is three). */
const MAX_DEPTH = 4;

type ObjectValue = Extract<Value, { kind: 'object' }>;

/**
 * `new cloudflare.FirewallRule(name, args)` (Pulumi: the arguments second) or
 * `new FirewallRule(this, id, config)` (CDK for Terraform: the config third), when the class is
 * imported from a provider package in any style (namespace, named, renamed, default, `require`,
 * CDKTF's `lib/<resource>` modules and `firewallRule.FirewallRule` namespaces). A class the file
 * does not define or import at all is kept too, by its name only (`knownImport: false`); a class
 * imported from any other module is not a provider resource. Only classes the catalogue names are read.
 */
export function declaredResource(
  node: TSESTree.NewExpression,
  ev: Evaluator,
  catalogue: Catalogue,
): DeclaredResourceFact | undefined {
  const scope = ev.scopeOf(node);
  const callee = ev.value(node.callee, scope);
  const known = providerClass(callee);
  const className = known?.className ?? (callee.kind === 'global' && callee.path.length === 0 ? callee.name : '');
  // Only a class the catalogue names is worth its arguments' walk (`new Map(…)`, `new Error(…)` are not).
  if (!resourceClassNames(catalogue).has(className)) return undefined;
  // Without an import, the constructor's shape tells the tools apart: CDKTF passes a scope first.
  const ecosystem: IacEcosystem = known?.ecosystem ?? (node.arguments.length >= 3 ? 'cdktf' : 'pulumi');
  const argument = node.arguments[ecosystem === 'cdktf' ? 2 : 1];
  const properties: DeclaredProperty[] = [];
  const pending: PendingProperties[] = [];
  if (argument && argument.type !== 'SpreadElement')
    for (const object of objectValues(argument, scope, ev, [], pending))
      collectProperties(object, [], ev, properties, pending);
  return {
    ecosystem,
    resourceType: className,
    range: rangeOf(node.callee),
    knownImport: known !== undefined,
    properties,
    ...(pending.length ? { pending } : {}),
  };
}

/**
 * The keys of an object another module may use as a resource's arguments: what a `map` export
 * carries. Only keys the catalogue can match are kept (by their last segment), so exported
 * configuration objects do not grow the index.
 */
export function objectKeys(object: ObjectValue, ev: Evaluator, catalogue: Catalogue): DeclaredProperty[] {
  const properties: DeclaredProperty[] = [];
  collectProperties(object, [], ev, properties, []);
  const wanted = resourcePropertyKeys(catalogue);
  return properties.filter((property) => wanted.has(snakeCase(property.path.at(-1)!)));
}

function providerClass(callee: Value): { ecosystem: IacEcosystem; className: string } | undefined {
  if (callee.kind !== 'module') return undefined;
  const path = normalizeModulePath(callee.path);
  const className = path.at(-1);
  if (className === undefined) return undefined;
  // `@pulumi/cloudflare`, or one of its per-resource files (`@pulumi/cloudflare/firewallRule`).
  const pulumi = callee.source === PULUMI_PACKAGE || callee.source.startsWith(`${PULUMI_PACKAGE}/`);
  if (pulumi && path.length === 1) return { ecosystem: 'pulumi', className };
  // `@cdktf/provider-cloudflare` with `firewallRule.FirewallRule`, or `…/lib/firewall-rule` with `FirewallRule`.
  if (callee.source === CDKTF_PACKAGE && path.length === 2) return { ecosystem: 'cdktf', className };
  if (callee.source.startsWith(`${CDKTF_PACKAGE}/lib/`) && path.length === 1) return { ecosystem: 'cdktf', className };
  return undefined;
}

/** Every property of an arguments object as a path, nested objects and spreads included. */
function collectProperties(
  object: ObjectValue,
  prefix: string[],
  ev: Evaluator,
  into: DeclaredProperty[],
  pending: PendingProperties[],
  depth = 0,
): void {
  for (const property of object.node.properties) {
    if (property.type === 'SpreadElement') {
      for (const spread of objectValues(property.argument, object.scope, ev, prefix, pending))
        if (depth < MAX_DEPTH) collectProperties(spread, prefix, ev, into, pending, depth + 1);
      continue;
    }
    const name = propertyKeyName(property.key, property.computed);
    if (name === undefined) continue;
    const path = [...prefix, name];
    const value = staticValue(property.value, object.scope, ev);
    const range = rangeOf(property.key);
    if (value !== undefined) into.push({ path, range, value });
    else {
      // A loop variable stands for each value it takes: one property per value, all at this key.
      // It is reported where each value is written (`mobile_redirect: …` of the table looped over).
      const values = writtenAlternatives(ev.pattern(property.value, object.scope));
      if (values) for (const each of values) into.push({ path, range: each.written, value: each.text });
      else into.push({ path, range });
    }
    if (depth < MAX_DEPTH)
      for (const inner of objectValues(property.value, object.scope, ev, path, pending))
        collectProperties(inner, path, ev, into, pending, depth + 1);
  }
}

/**
 * The objects an expression may be: both branches of a conditional, the right of `&&` or `??`;
 * an object another module exports is left for the scanner (`pending`).
 */
function objectValues(
  node: Node,
  scope: Scope,
  ev: Evaluator,
  at: string[],
  pending: PendingProperties[],
): ObjectValue[] {
  const inner = unwrap(node);
  if (inner.type === 'ConditionalExpression')
    return [
      ...objectValues(inner.consequent, scope, ev, at, pending),
      ...objectValues(inner.alternate, scope, ev, at, pending),
    ];
  if (inner.type === 'LogicalExpression') return objectValues(inner.right, scope, ev, at, pending);
  const value = ev.value(inner, scope);
  if (value.kind === 'object') return [value];
  if (value.kind === 'module' && ev.isProjectModule(value.source))
    pending.push({ at, from: { source: value.source, path: value.path }, range: rangeOf(inner) });
  return [];
}

function staticValue(node: Node, scope: Scope, ev: Evaluator): string | number | boolean | undefined {
  const inner = unwrap(node);
  if (inner.type === 'Literal' && (typeof inner.value === 'number' || typeof inner.value === 'boolean'))
    return inner.value;
  const value = ev.value(inner, scope);
  if (value.kind === 'string' && value.pattern.length === 1 && value.pattern[0]!.kind === 'text')
    return value.pattern[0]!.text;
  return undefined;
}

/** The classes the catalogue names (Pulumi and CDKTF): only their declarations are worth keeping as facts. */
const resourceClassNames = perCatalogueOnce((catalogue: Catalogue): ReadonlySet<string> => {
  const names = new Set<string>();
  for (const entry of catalogue.entries)
    for (const resource of entry.match.resources ?? []) {
      if (resource.pulumi) names.add(resource.pulumi);
      if (resource.cdktf) names.add(resource.cdktf);
    }
  return names;
});

/** The last segments of the catalogue's resource properties (`brotli`, `setting_id`, `service`). */
const resourcePropertyKeys = perCatalogueOnce((catalogue: Catalogue): ReadonlySet<string> => {
  const keys = new Set<string>();
  for (const entry of catalogue.entries)
    for (const resource of entry.match.resources ?? []) {
      const key = resource.property?.split('.').at(-1);
      if (key) keys.add(key);
    }
  return keys;
});

function perCatalogueOnce<T>(compute: (catalogue: Catalogue) => T): (catalogue: Catalogue) => T {
  const cache = new WeakMap<Catalogue, T>();
  return (catalogue) => {
    let value = cache.get(catalogue);
    if (value === undefined) cache.set(catalogue, (value = compute(catalogue)));
    return value;
  };
}
