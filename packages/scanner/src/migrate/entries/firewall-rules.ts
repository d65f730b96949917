import ts = require('typescript');
import { negate, oneRule, type Out, type RulesetTarget, type Translation } from './ruleset-rule.js';

/** The actions a firewall rule and a WAF custom rule share (`log`: Enterprise only in both). */
const SAME_ACTIONS = new Set(['block', 'challenge', 'js_challenge', 'managed_challenge', 'log']);

/** Keys of a firewall rule the translation reads; any other is named as not carried. */
const READ = new Set(['filter', 'action', 'description', 'paused', 'priority', 'products', 'ref', 'id']);

/**
 * `POST zones/:zone_id/firewall/rules` with one rule `{ filter: { expression }, action,
 * description, paused, priority, products }` → a WAF custom rule `{ description, expression,
 * action, action_parameters, enabled }` added to the zone's `http_request_firewall_custom` entry
 * point. `allow` becomes `skip` of the remaining custom rules (`ruleset: 'current'`), `bypass`
 * becomes `skip` of the same `products`; priority has no equivalent (rules run in order).
 */
export const FIREWALL_RULES: RulesetTarget = {
  entryId: 'firewall-rules-api',
  phase: 'http_request_firewall_custom',
  // sunset-lint-ignore firewall-rules-api -- the retired path this rewrite replaces, not a request
  from: 'firewall/rules',
  method: 'POST',
  byId: { update: ['PUT', 'PATCH'] },
  objectName: 'firewall rule',
  names: { response: 'customRules', id: 'customRulesetId' },
  description: 'Add the rule as a WAF custom rule to the http_request_firewall_custom entry point',
  translate(sent, read): Translation {
    const node = oneRule(sent);
    if (typeof node === 'string') return { leftFor: node };
    const rule = read.object(node);
    if (!rule) return { leftFor: 'the rule object spreads or computes its keys' };
    const filter = rule.get('filter');
    const filterObject = filter && ts.isObjectLiteralExpression(filter.node) ? read.object(filter.node) : undefined;
    const expression = filterObject?.get('expression');
    if (!expression)
      return {
        leftFor:
          'the rule refers to a stored filter (by id) or writes none: its expression is not in the code (read it with GET …/filters/:filter_id)',
      };
    const action = rule.get('action');
    if (typeof action?.value !== 'string')
      return { leftFor: 'the action is not written literally here (each action maps differently)' };
    const notes: string[] = [];
    const out: Array<[string, Out]> = [];
    const description = rule.get('description') ?? filterObject?.get('description');
    if (description) out.push(['description', description.text]);
    out.push(['expression', expression.text]);
    const products = rule.get('products');
    switch (action.value) {
      case 'allow':
        out.push(['action', read.quote('skip')], ['action_parameters', [['ruleset', read.quote('current')]]]);
        notes.push("allow became skip of the remaining custom rules (ruleset: 'current')");
        break;
      case 'bypass':
        if (!products)
          return { leftFor: 'a bypass rule without a literal `products` list: choose what the skip rule skips' };
        out.push(['action', read.quote('skip')], ['action_parameters', [['products', products.text]]]);
        notes.push(
          "bypass became skip of the same products; the new rate limiting rules and managed rules are phases: add phases: ['http_ratelimit', 'http_request_firewall_managed'] where the bypass meant them",
        );
        break;
      default:
        if (!SAME_ACTIONS.has(action.value))
          return { leftFor: `the action '${action.value}' has no custom-rule equivalent` };
        out.push(['action', action.text]);
        if (action.value === 'log') notes.push('log is an Enterprise action');
    }
    const paused = rule.get('paused');
    out.push([
      'enabled',
      paused === undefined ? 'true' : typeof paused.value === 'boolean' ? String(!paused.value) : negate(paused.text),
    ]);
    const ref = rule.get('ref');
    if (ref) out.push(['ref', ref.text]);
    const priority = rule.get('priority');
    if (priority)
      notes.push(
        `priority ${priority.text} is not carried: custom rules run in the entry point's order (POST adds the rule last; send position: { before: ruleId } to place it)`,
      );
    if (products && action.value !== 'bypass') notes.push('products is read only by a bypass rule: dropped');
    const dropped = [...rule.keys()].filter((key) => !READ.has(key));
    if (dropped.length > 0) notes.push(`not carried: ${dropped.join(', ')}`);
    notes.push(
      'where the entry point does not exist yet (a 404), create it: PUT …/rulesets/phases/http_request_firewall_custom/entrypoint with { rules: [rule] }; the POST answers with the whole ruleset (result.rules), not the created rules; stored firewall rule and filter ids do not carry over',
    );
    return { rule: out, notes };
  },
};
