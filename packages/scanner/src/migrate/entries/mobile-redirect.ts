import type { Literal, RulesetTarget, Translation } from './ruleset-rule.js';

/**
 * `PATCH zones/:zone_id/settings/mobile_redirect` with `{ value: { status: 'on', mobile_subdomain,
 * strip_uri } }` → a Single Redirects rule of the zone's `http_request_dynamic_redirect` entry
 * point: mobile user agents on a host other than the mobile one are sent to the mobile subdomain of
 * the host they asked for, with the path (and query string) unless `strip_uri`. `status: 'off'`
 * is the rule's deletion, not a create: left for a person.
 */
export const MOBILE_REDIRECT: RulesetTarget = {
  entryId: 'zone-setting-mobile-redirect',
  phase: 'http_request_dynamic_redirect',
  // sunset-lint-ignore zone-setting-mobile-redirect -- the retired path this rewrite replaces, not a request
  from: 'settings/mobile_redirect',
  method: 'PATCH',
  names: { response: 'redirectRules', id: 'redirectRulesetId' },
  description: 'Add a Single Redirects rule to the http_request_dynamic_redirect entry point',
  translate(sent, read): Translation {
    const body = read.object(sent);
    const value = asObject(body?.get('value')?.value);
    if (!value) return { leftFor: 'the setting value is not written literally here' };
    if (value['status'] !== 'on')
      return {
        leftFor:
          'the call turns the redirect off (or its status is not written): delete the redirect rule from the http_request_dynamic_redirect entry point instead',
      };
    const subdomain = value['mobile_subdomain'];
    if (typeof subdomain !== 'string' || !/^[A-Za-z0-9-]+$/.test(subdomain))
      return { leftFor: 'the mobile subdomain is not written literally here' };
    const strip = value['strip_uri'] === true;
    const target = strip
      ? `concat("https://${subdomain}.", http.host)`
      : `concat("https://${subdomain}.", http.host, http.request.uri.path)`;
    return {
      rule: [
        ['description', read.quote(`Mobile Redirect to ${subdomain}.`)],
        ['expression', read.quote(`(http.user_agent contains "Mobi" and not starts_with(http.host, "${subdomain}."))`)],
        ['action', read.quote('redirect')],
        [
          'action_parameters',
          [
            [
              'from_value',
              [
                ['status_code', '302'],
                ['target_url', [['expression', read.quote(target)]]],
                ['preserve_query_string', String(!strip)],
              ],
            ],
          ],
        ],
        ['enabled', 'true'],
      ],
      notes: [
        `mapped: status on -> an enabled redirect rule, mobile_subdomain ${subdomain} -> the target ${subdomain}.<host asked for>, strip_uri ${strip} -> ${strip ? 'the path and query dropped' : 'the path and query kept'}`,
        `the target is built from the host asked for: where the zone serves other hosts than its apex (www.…), write the mobile hostname instead (for example "https://${subdomain}.example.com")`,
        'check the user-agent test (Mobi matches most phones) and choose the status code (301, 302, 303, 307 or 308)',
        'where the entry point does not exist yet (a 404), create it: PUT …/rulesets/phases/http_request_dynamic_redirect/entrypoint with { rules: [rule] }; the POST answers with the ruleset, not the setting',
      ],
    };
  },
};

function asObject(value: Literal | undefined): { [key: string]: Literal } | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}
