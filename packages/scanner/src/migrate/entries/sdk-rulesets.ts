import ts = require('typescript');
import type { Finding, TextEdit } from '@sunset-lint/core';
import type { JsPlaces } from '../js-places.js';
import { COMMENT_MARK } from '../text.js';
import { FIREWALL_RULES } from './firewall-rules.js';
import { ACTIONS as RATE_LIMIT_ACTIONS, RATE_LIMITS } from './rate-limits.js';
import { format, type ObjectView, type Out, type Reader, type RulesetTarget } from './ruleset-rule.js';
import { paramsAt, sdkCallAt, type SdkCall } from './sdk-call.js';

/**
 * The SDK's `client.firewall.rules.<method>(…)` and `client.rateLimits.<method>(…)` (`cloudflare`
 * 7.3.0) → the zone's phase entry point (`client.rulesets.phases.get(phase, { zone_id })`) and a
 * rule of it (`client.rulesets.rules.create(entryPoint.id, { zone_id, …rule })`), the rule
 * translated by the same mapping the `fetch` rewrite uses (`firewall-rules.ts`, `rate-limits.ts`).
 * A create whose params are written at the call is rewritten, with a comment saying what needs a
 * person. No other method has an exact replacement (the old ids do not carry over; a list's answer
 * is one list of ruleset rules): a list, a get, a full update (`update`, `edit`), a delete and the
 * bulk calls get a comment above the statement writing the replacement out from the call's own
 * values (an update's rule translated as a create's), and stay findings, listed for a person.
 */

interface SdkTarget {
  chain: readonly string[];
  target: RulesetTarget;
  /** The SDK's create params (everything but `zone_id`), as the translation reads the old request's body. */
  adapt: (view: ObjectView, read: Reader) => { view: ObjectView; notes: string[] } | string;
  /** What the old create answered, for the comment where the answer is used. */
  oldAnswer: string;
  /** What the old delete answered. */
  oldDelete: string;
  /** The old object's name in the comments. */
  noun: string;
}

/** The keys of a firewall filter the translation reads (`expression`, `description`). */
const FILTER_READ = new Set(['expression', 'description']);

const FIREWALL: SdkTarget = {
  // sunset-lint-ignore firewall-rules-api -- the retired SDK chain this rewrite replaces, not a request
  chain: ['firewall', 'rules'],
  target: FIREWALL_RULES,
  // 7.3.0 types a firewall rule's action as `{ mode, response, timeout }` (the modes of a legacy
  // rate limit): the mode names the action; a string action (as the API takes it) is read as it is.
  adapt(view, read) {
    const out: ObjectView = new Map(view);
    const notes: string[] = [];
    const action = view.get('action');
    const actionObject = action && ts.isObjectLiteralExpression(action.node) ? read.object(action.node) : undefined;
    if (actionObject) {
      const mode = actionObject.get('mode');
      // A mode that is already a firewall rule's action (`{ mode: 'block' }`) is read as that action.
      const mapped = typeof mode?.value === 'string' ? (RATE_LIMIT_ACTIONS[mode.value] ?? mode.value) : undefined;
      if (!mapped) return 'the action mode is not written literally here';
      out.set('action', { node: mode!.node, text: read.quote(mapped), value: mapped });
      if (mapped !== mode!.value) notes.push(`action.mode ${mode!.value} -> ${mapped}`);
      const lost = [...actionObject.keys()].filter((key) => key !== 'mode');
      if (lost.length > 0) notes.push(`not carried: ${lost.map((key) => `action.${key}`).join(', ')}`);
    }
    const filter = view.get('filter');
    const filterObject = filter && ts.isObjectLiteralExpression(filter.node) ? read.object(filter.node) : undefined;
    const filterLost = [...(filterObject?.keys() ?? [])].filter((key) => !FILTER_READ.has(key));
    if (filterLost.length > 0) notes.push(`not carried: ${filterLost.map((key) => `filter.${key}`).join(', ')}`);
    return { view: out, notes };
  },
  oldAnswer: 'the firewall rules written (a page of them, or the one updated)',
  oldDelete: 'the deleted firewall rule',
  noun: 'firewall rule',
};

const RATE_LIMIT: SdkTarget = {
  chain: ['rateLimits'],
  target: RATE_LIMITS,
  adapt: (view) => ({ view, notes: [] }),
  oldAnswer: 'nothing (void)',
  oldDelete: 'nothing (void)',
  noun: 'rate limit',
};

/** The methods whose params carry the whole object (a create; a full update, which 7.3.0 names `update` or `edit`). */
const WRITES: Record<string, ReadonlySet<string>> = {
  'firewall.rules': new Set(['create', 'update']),
  rateLimits: new Set(['create', 'edit']),
};

type Rewrite = { description: string; edits: TextEdit[]; comment?: string } | { notDerived: string };

/** The rewrite at an SDK call of firewall rules or legacy rate limits, or why not; undefined elsewhere. */
export function sdkRulesetRule(
  entryId: string,
  finding: Finding,
  text: string,
  js: JsPlaces | undefined,
): Rewrite | undefined {
  const of =
    entryId === FIREWALL.target.entryId ? FIREWALL : entryId === RATE_LIMIT.target.entryId ? RATE_LIMIT : undefined;
  if (!of) return undefined;
  const sdk = sdkCallAt(finding, text, js, of.chain);
  if (!sdk) {
    const filters = of === FIREWALL ? sdkCallAt(finding, text, js, ['filters']) : undefined;
    return filters
      ? {
          notDerived: `filters.${filters.method} has no replacement call: a filter's expression becomes the expression of the custom rule that used it (client.rulesets.rules.create in the http_request_firewall_custom entry point), and filter ids do not carry over`,
        }
      : undefined;
  }
  const chain = of.chain.join('.');
  if (sdk.method === 'list') return list(of, sdk);
  if (sdk.method === 'delete') return ruleCall(of, sdk, text, 'delete');
  if (WRITES[chain]!.has(sdk.method)) return ruleCall(of, sdk, text, sdk.method === 'create' ? 'create' : 'edit');
  return writtenOut(of, sdk);
}

/**
 * A list: the entry point's rules, written out in a comment (the answer is one list of rules of the
 * ruleset engine, with ids of their own: not an exact replacement of a page of the old objects).
 */
function list(of: SdkTarget, sdk: SdkCall): Rewrite {
  const params = paramsAt(sdk, 0);
  const zone = params?.view.get('zone_id');
  if (!params || !zone || sdk.call.arguments.length !== 1)
    return { notDerived: 'the params are not one object literal written at the call (`{ zone_id, … }`)' };
  const paging = [...params.view.keys()].filter((key) => key !== 'zone_id');
  return commentOnly(
    of,
    sdk,
    `(await ${sdk.receiver}.rulesets.phases.get(${sdk.read.quote(of.target.phase)}, { zone_id: ${zone.text} })).rules`,
    `one list, no pages${paging.length > 0 ? ` (${paging.join(', ')} dropped)` : ''}, of rules of the ruleset engine (expression, action, enabled) rather than ${of.noun}s, with ids of their own`,
  );
}

/** The comment that writes out a method's replacement (no rewrite: it is not exact), and what differs. */
function commentOnly(of: SdkTarget, sdk: SdkCall, replacement: string, differs: string): Rewrite {
  const called = `${of.chain.join('.')}.${sdk.method}`;
  return {
    description: `Write the replacement of ${called} in a comment`,
    edits: [],
    comment: `${called} has no exact replacement: ${replacement}; ${differs}`,
  };
}

/** An object of named parts on one line (`{ zone_id: zoneId, ratelimit: { period: 60 } }`). */
function oneLine(parts: Array<[string, Out]>): string {
  return `{ ${parts.map(([key, value]) => `${key}: ${typeof value === 'string' ? value : oneLine(value)}`).join(', ')} }`;
}

/**
 * A create: the entry point read above the statement (its id is the `ruleset_id`), then
 * `client.rulesets.rules.create(entryPoint.id, { zone_id, …rule })`. A full update or a delete: the
 * same two calls (`.edit(<the rule's id>, { ruleset_id, zone_id, …rule })`, `.delete(<the rule's
 * id>, { ruleset_id, zone_id })`) written out in a comment, the rule's id being a person's.
 */
function ruleCall(of: SdkTarget, sdk: SdkCall, text: string, kind: 'create' | 'edit' | 'delete'): Rewrite {
  const { target } = of;
  const { file, call } = sdk;
  const at = kind === 'create' ? 0 : 1;
  const params = paramsAt(sdk, at);
  if (!params || call.arguments.length !== at + 1)
    return { notDerived: 'the params are not one object literal written at the call (`{ zone_id, … }`)' };
  const zone = params.view.get('zone_id');
  if (!zone) return { notDerived: 'the params do not write zone_id' };
  const notes: string[] = [];
  const rule: Array<[string, Out]> = [];
  if (kind === 'create') rule.push(['zone_id', zone.text]);
  else rule.push(['ruleset_id', `${target.names.response}.id`], ['zone_id', zone.text]);
  if (kind !== 'delete') {
    const rest: ObjectView = new Map([...params.view].filter(([key]) => key !== 'zone_id'));
    const adapted = of.adapt(rest, sdk.read);
    if (typeof adapted === 'string') return { notDerived: adapted };
    // The translation reads the params as the old request's body: the same mapping, the same notes.
    const read: Reader = {
      ...sdk.read,
      object: (node) => (node === params.node ? adapted.view : sdk.read.object(node)),
    };
    const translated = target.translate(params.node, read);
    if ('leftFor' in translated) return { notDerived: translated.leftFor };
    rule.push(...translated.rule);
    notes.push(...adapted.notes, ...translated.notes.map((note) => inSdkTerms(note, sdk, zone.text)).filter(Boolean));
  } else
    notes.push(
      `where the entry point does not exist yet (a 404), there is no rule to delete; stored ${of.noun} ids do not carry over`,
    );
  if (kind !== 'create')
    notes.unshift(
      `the id is the rule's id in the ${target.phase} entry point once the ${of.noun} is migrated (${target.names.response}.rules), not the ${of.noun}'s id (${sdk.nodeText(call.arguments[0]!)})`,
    );
  if (sdk.resultUsed)
    notes.push(
      kind === 'delete'
        ? `the answer differs: rulesets.rules.delete answers the ruleset without the rule, where ${of.chain.join('.')}.delete answered ${of.oldDelete}`
        : `the answer differs: rulesets.rules.${kind} answers the whole entry point ruleset (its rules in .rules; typed unknown by the SDK), where ${of.chain.join('.')}.${sdk.method} answered ${of.oldAnswer}`,
    );
  const { response } = target.names;
  const entryPoint = `const ${response} = await ${sdk.receiver}.rulesets.phases.get(${sdk.read.quote(target.phase)}, { zone_id: ${zone.text} })`;
  if (kind !== 'create')
    return commentOnly(
      of,
      sdk,
      `${entryPoint}; await ${sdk.receiver}.rulesets.rules.${kind}(<the rule's id>, ${oneLine(rule)})`,
      notes.join('; '),
    );
  if (!ts.isAwaitExpression(call.parent))
    return { notDerived: `the call is not awaited (the rule's ruleset id needs the entry point read first)` };
  if (!sdk.place) return { notDerived: 'no statement here to write the entry point read above' };
  let scope: ts.Node = call;
  while (scope.parent && !ts.isBlock(scope) && !ts.isSourceFile(scope)) scope = scope.parent;
  if (new RegExp(`\\b${response}\\b`).test(sdk.nodeText(scope)))
    return { notDerived: `the name \`${response}\` is already used here` };
  const lines = [`// ${COMMENT_MARK} (${target.entryId}): ${notes.join('; ')}`, `${entryPoint}${sdk.semi}`];
  const callee = call.expression as ts.PropertyAccessExpression;
  return {
    description: `${kind === 'create' ? target.description : kind === 'edit' ? `Edit the ${of.noun}'s rule in the ${target.phase} entry point` : `Delete the ${of.noun}'s rule from the ${target.phase} entry point`} (client.rulesets.rules.${kind})`,
    edits: [
      {
        start: sdk.place.start,
        end: sdk.place.start,
        text: lines.map((line) => `${sdk.place!.indent}${line}${sdk.eol}`).join(''),
      },
      { start: sdk.chain[0]!.getStart(file), end: callee.name.getEnd(), text: `rulesets.rules.${kind}` },
      {
        start: params.node.getStart(file),
        end: params.node.getEnd(),
        text: `${kind === 'create' ? `${response}.id, ` : ''}${format(rule, params.node, file, text)}`,
      },
    ],
  };
}

/**
 * A note of the translation in the SDK's terms: the entry point's creation is
 * `client.rulesets.phases.update(phase, { zone_id, rules: [rule] })`, the create adds the rule last;
 * what the POST answers is said where the answer is used (empty: dropped).
 */
function inSdkTerms(note: string, sdk: SdkCall, zone: string): string {
  return note
    .replace(
      /PUT …\/rulesets\/phases\/(\w+)\/entrypoint with \{ rules: \[rule\] \}/,
      (_, phase: string) =>
        `${sdk.receiver}.rulesets.phases.update(${sdk.read.quote(phase)}, { zone_id: ${zone}, rules: [rule] })`,
    )
    .replace(/; the POST answers with the whole ruleset \(result\.rules\), not the created rules/, '')
    .replace('POST adds the rule last', 'rulesets.rules.create adds the rule last');
}

/** A method with no equivalent call (a `get`, the bulk edits): its replacement written out from the call's values. */
function writtenOut(of: SdkTarget, sdk: SdkCall): Rewrite {
  const { target } = of;
  const params = sdk.call.arguments.find(ts.isObjectLiteralExpression);
  const zone = (params && sdk.read.object(params))?.get('zone_id')?.text ?? 'zoneId';
  const rules = `(await ${sdk.receiver}.rulesets.phases.get(${sdk.read.quote(target.phase)}, { zone_id: ${zone} })).rules`;
  const first = sdk.call.arguments[0];
  return sdk.method === 'get' && first && !ts.isObjectLiteralExpression(first)
    ? commentOnly(
        of,
        sdk,
        `${rules}.find((rule) => rule.id === <the rule's id>)`,
        `${of.noun} ids such as ${sdk.nodeText(first)} do not carry over; the answer is a rule of the ruleset engine (expression, action, enabled)`,
      )
    : commentOnly(
        of,
        sdk,
        `${rules}, then each rule with client.rulesets.rules.create, edit or delete`,
        `${of.noun} ids do not carry over`,
      );
}
