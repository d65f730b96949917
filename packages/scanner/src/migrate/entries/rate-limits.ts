import { negate, type Literal, type Out, type RulesetTarget, type Translation } from './ruleset-rule.js';

/** The counting periods a rate limiting rule takes (seconds; which of them a plan offers varies). */
export const PERIODS = [10, 60, 120, 300, 600, 3600] as const;
/** The mitigation timeouts every plan's API takes for block and log (seconds; challenges take 0). */
export const TIMEOUTS = [60, 600, 3600, 86400] as const;

/** The legacy action modes and the rule's action. */
export const ACTIONS: Record<string, string> = {
  ban: 'block',
  simulate: 'log',
  challenge: 'challenge',
  js_challenge: 'js_challenge',
  managed_challenge: 'managed_challenge',
};

/** Keys of a legacy rate limit the translation reads; any other is named as not carried. */
const READ = new Set(['threshold', 'period', 'action', 'match', 'disabled', 'description', 'id']);

/** The allowed value nearest to `value` (the larger one on a tie), as the provider's own upgrade rounds. */
export function nearest(value: number, allowed: readonly number[]): number {
  return allowed.reduce((best, next) => (Math.abs(next - value) <= Math.abs(best - value) ? next : best));
}

/**
 * `POST zones/:zone_id/rate_limits` with `{ threshold, period, match: { request: { url, methods,
 * schemes } }, action: { mode, timeout }, disabled, description }` → a rate limiting rule of the
 * zone's `http_ratelimit` entry point: the expression from the URL pattern, methods and schemes,
 * `ratelimit: { characteristics: ['cf.colo.id', 'ip.src'], period, requests_per_period,
 * mitigation_timeout }` with the period and timeout rounded to the nearest allowed values (the
 * comment names each rounding and what was not carried: a custom response, response matching,
 * bypass URLs, NAT correlation).
 */
export const RATE_LIMITS: RulesetTarget = {
  entryId: 'rate-limiting-legacy',
  phase: 'http_ratelimit',
  // sunset-lint-ignore rate-limiting-legacy -- the retired path this rewrite replaces, not a request
  from: 'rate_limits',
  method: 'POST',
  byId: { update: ['PUT'] },
  objectName: 'legacy rate limit',
  names: { response: 'rateLimitRules', id: 'rateLimitRulesetId' },
  description: 'Add the rate limit as a rate limiting rule to the http_ratelimit entry point',
  translate(sent, read): Translation {
    const limit = read.object(sent);
    if (!limit) return { leftFor: 'the rate limit is not an object literal written at the request' };
    const period = limit.get('period')?.value;
    const threshold = limit.get('threshold');
    if (typeof period !== 'number' || !threshold)
      return { leftFor: 'the threshold and the period are not written here (the period is rounded to an allowed one)' };
    const action = asObject(limit.get('action')?.value);
    const mode = action?.['mode'];
    if (typeof mode !== 'string' || !ACTIONS[mode]) return { leftFor: 'the action mode is not written literally here' };
    const request = asObject(asObject(limit.get('match')?.value)?.['request']);
    const expression = request ? expressionOf(request) : 'true';
    if (expression === undefined)
      return {
        leftFor:
          'the URL pattern has a wildcard inside the host or path, or a query: write the expression (for example with the wildcard operator)',
      };
    const notes: string[] = [];
    const newAction = ACTIONS[mode]!;
    const challenge = newAction.includes('challenge');
    const newPeriod = nearest(period, PERIODS);
    notes.push(
      `mapped: threshold -> requests_per_period, period ${period} -> ${newPeriod} s${newPeriod === period ? '' : ` (the nearest allowed; the rate changes: adjust requests_per_period)`}, action.mode ${mode} -> ${newAction}`,
    );
    let timeout = 0;
    if (!challenge) {
      const old = action?.['timeout'];
      timeout = typeof old === 'number' ? nearest(old, TIMEOUTS) : 60;
      notes.push(
        typeof old === 'number'
          ? `action.timeout ${old} -> mitigation_timeout ${timeout} s${timeout === old ? '' : ' (the nearest allowed)'}`
          : 'no action.timeout: mitigation_timeout 60 s',
      );
    } else notes.push('a challenge takes mitigation_timeout 0');
    const lost = [
      ...(action?.['response'] !== undefined
        ? ['action.response (a custom response: action_parameters.response)']
        : []),
      ...(asObject(limit.get('match')?.value)?.['response'] !== undefined
        ? ['match.response (counting by origin status or headers: counting_expression)']
        : []),
      ...[...limit.keys()].filter((key) => !READ.has(key)),
    ];
    if (limit.get('match') && !request && limit.get('match')!.value === undefined)
      return { leftFor: 'the match is not written literally here' };
    if (lost.length > 0) notes.push(`not carried: ${lost.join(', ')}`);
    notes.push(
      'check the plan: its periods, rules quota and characteristics (cf.colo.id is required; ip.src counts per IP as before); where the entry point does not exist yet (a 404), create it: PUT …/rulesets/phases/http_ratelimit/entrypoint with { rules: [rule] }; stored rate-limit ids do not carry over',
    );
    const out: Array<[string, Out]> = [];
    const description = limit.get('description');
    if (description) out.push(['description', description.text]);
    out.push(['expression', read.quote(expression)], ['action', read.quote(newAction)]);
    out.push([
      'ratelimit',
      [
        ['characteristics', `[${read.quote('cf.colo.id')}, ${read.quote('ip.src')}]`],
        ['period', String(newPeriod)],
        ['requests_per_period', threshold.text],
        ['mitigation_timeout', String(timeout)],
      ],
    ]);
    const disabled = limit.get('disabled');
    out.push([
      'enabled',
      disabled === undefined
        ? 'true'
        : typeof disabled.value === 'boolean'
          ? String(!disabled.value)
          : negate(disabled.text),
    ]);
    return { rule: out, notes };
  },
};

function asObject(value: Literal | undefined): { [key: string]: Literal } | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

/**
 * The rule expression of a legacy `match.request`: the URL pattern (`host/path`, a leading `*.` on
 * the host, a trailing `*` on the path), the methods and the schemes; undefined for a pattern it
 * cannot say exactly.
 */
export function expressionOf(request: { [key: string]: Literal }): string | undefined {
  const parts: string[] = [];
  const url = request['url'];
  if (url !== undefined) {
    if (typeof url !== 'string') return undefined;
    const pattern = url.replace(/^https?:\/\//i, '');
    const slash = pattern.indexOf('/');
    const host = slash < 0 ? pattern : pattern.slice(0, slash);
    const path = slash < 0 ? '' : pattern.slice(slash);
    if (path.includes('?')) return undefined;
    if (host.startsWith('*.')) {
      if (host.slice(2).includes('*')) return undefined;
      parts.push(`ends_with(http.host, "${host.slice(1)}")`);
    } else if (host !== '' && host !== '*') {
      if (host.includes('*')) return undefined;
      parts.push(`http.host eq "${host}"`);
    }
    if (path !== '' && path !== '/*' && path !== '*') {
      const body = path.endsWith('*') ? path.slice(0, -1) : path;
      if (body.includes('*') || body.includes('"')) return undefined;
      parts.push(
        path.endsWith('*') ? `starts_with(http.request.uri.path, "${body}")` : `http.request.uri.path eq "${body}"`,
      );
    }
  }
  const methods = request['methods'];
  if (methods !== undefined) {
    if (!Array.isArray(methods) || !methods.every((m): m is string => typeof m === 'string')) return undefined;
    if (!methods.includes('_ALL_') && methods.length > 0)
      parts.push(`http.request.method in {${methods.map((m) => `"${m.toUpperCase()}"`).join(' ')}}`);
  }
  const schemes = request['schemes'];
  if (schemes !== undefined) {
    if (!Array.isArray(schemes) || !schemes.every((s): s is string => typeof s === 'string')) return undefined;
    const upper = new Set(schemes.map((s) => s.toUpperCase()));
    if (!upper.has('_ALL_') && !(upper.has('HTTP') && upper.has('HTTPS'))) {
      if (upper.has('HTTPS')) parts.push('ssl');
      else if (upper.has('HTTP')) parts.push('not ssl');
    }
  }
  if (parts.length === 0) return 'true';
  return parts.length === 1 ? parts[0]! : `(${parts.join(' and ')})`;
}
