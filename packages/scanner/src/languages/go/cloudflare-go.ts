import type { RequestMethod } from '@sunset-lint/core';

/**
 * What the provider's Go SDK (`github.com/cloudflare/cloudflare-go`, v0) sends, as data: the
 * request each method makes, from the SDK's sources. The reader turns a call into that request, so
 * the catalogue (not this table) decides what is deprecated; the table only has to be true to the
 * SDK. `{}` stands for an identifier the method takes; `setting` for the setting id argument (its
 * index in `settingArg`). Methods whose path is live (`Tunnels` uses `cfd_tunnel`) are not listed.
 */
export interface GoSdkMethod {
  method: RequestMethod;
  path: string;
  /** The argument (0-based, after `ctx`) holding a setting id spliced into the path. */
  settingArg?: number;
  /** The argument holding the request's body (a params struct or a slice of settings). */
  bodyArg?: number;
  /** The body is a list under this key (`UpdateZoneSettings` sends `{ items: […] }`). */
  bodyList?: string;
}

const rows: Array<[string, RequestMethod, string, Partial<GoSdkMethod>?]> = [
  ['FirewallRules', 'GET', '/zones/{}/firewall/rules'],
  ['FirewallRule', 'GET', '/zones/{}/firewall/rules/{}'],
  ['CreateFirewallRules', 'POST', '/zones/{}/firewall/rules', { bodyArg: 1 }],
  ['UpdateFirewallRule', 'PUT', '/zones/{}/firewall/rules/{}', { bodyArg: 1 }],
  ['UpdateFirewallRules', 'PUT', '/zones/{}/firewall/rules', { bodyArg: 1 }],
  ['DeleteFirewallRule', 'DELETE', '/zones/{}/firewall/rules/{}'],
  ['DeleteFirewallRules', 'DELETE', '/zones/{}/firewall/rules'],
  ['Filters', 'GET', '/zones/{}/filters'],
  ['Filter', 'GET', '/zones/{}/filters/{}'],
  ['CreateFilters', 'POST', '/zones/{}/filters', { bodyArg: 1 }],
  ['UpdateFilter', 'PUT', '/zones/{}/filters/{}', { bodyArg: 1 }],
  ['UpdateFilters', 'PUT', '/zones/{}/filters', { bodyArg: 1 }],
  ['DeleteFilter', 'DELETE', '/zones/{}/filters/{}'],
  ['DeleteFilters', 'DELETE', '/zones/{}/filters'],
  ['ListRateLimits', 'GET', '/zones/{}/rate_limits'],
  ['ListAllRateLimits', 'GET', '/zones/{}/rate_limits'],
  ['RateLimit', 'GET', '/zones/{}/rate_limits/{}'],
  ['CreateRateLimit', 'POST', '/zones/{}/rate_limits', { bodyArg: 1 }],
  ['UpdateRateLimit', 'PUT', '/zones/{}/rate_limits/{}', { bodyArg: 2 }],
  ['DeleteRateLimit', 'DELETE', '/zones/{}/rate_limits/{}'],
  ['ListWAFPackages', 'GET', '/zones/{}/firewall/waf/packages'],
  ['WAFPackage', 'GET', '/zones/{}/firewall/waf/packages/{}'],
  ['UpdateWAFPackage', 'PATCH', '/zones/{}/firewall/waf/packages/{}'],
  ['ListWAFGroups', 'GET', '/zones/{}/firewall/waf/packages/{}/groups'],
  ['WAFGroup', 'GET', '/zones/{}/firewall/waf/packages/{}/groups/{}'],
  ['UpdateWAFGroup', 'PATCH', '/zones/{}/firewall/waf/packages/{}/groups/{}'],
  ['ListWAFRules', 'GET', '/zones/{}/firewall/waf/packages/{}/rules'],
  ['WAFRule', 'GET', '/zones/{}/firewall/waf/packages/{}/rules/{}'],
  ['UpdateWAFRule', 'PATCH', '/zones/{}/firewall/waf/packages/{}/rules/{}'],
  ['ListWAFOverrides', 'GET', '/zones/{}/firewall/waf/overrides'],
  ['WAFOverride', 'GET', '/zones/{}/firewall/waf/overrides/{}'],
  ['CreateWAFOverride', 'POST', '/zones/{}/firewall/waf/overrides', { bodyArg: 1 }],
  ['UpdateWAFOverride', 'PUT', '/zones/{}/firewall/waf/overrides/{}', { bodyArg: 2 }],
  ['DeleteWAFOverride', 'DELETE', '/zones/{}/firewall/waf/overrides/{}'],
  ['ZoneAnalyticsDashboard', 'GET', '/zones/{}/analytics/dashboard'],
  ['ZoneAnalyticsByColocation', 'GET', '/zones/{}/analytics/colos'],
  ['ArgoTunnels', 'GET', '/accounts/{}/tunnels'],
  ['ArgoTunnel', 'GET', '/accounts/{}/tunnels/{}'],
  ['CreateArgoTunnel', 'POST', '/accounts/{}/tunnels'],
  ['DeleteArgoTunnel', 'DELETE', '/accounts/{}/tunnels/{}'],
  ['CleanupArgoTunnelConnections', 'DELETE', '/accounts/{}/tunnels/{}/connections'],
  ['AccessBookmarks', 'GET', '/accounts/{}/access/bookmarks'],
  ['AccessBookmark', 'GET', '/accounts/{}/access/bookmarks/{}'],
  ['CreateAccessBookmark', 'POST', '/accounts/{}/access/bookmarks'],
  ['UpdateAccessBookmark', 'PUT', '/accounts/{}/access/bookmarks/{}'],
  ['DeleteAccessBookmark', 'DELETE', '/accounts/{}/access/bookmarks/{}'],
  ['UserBillingProfile', 'GET', '/user/billing/profile'],
  ['UserBillingHistory', 'GET', '/user/billing/history'],
  ['OrganizationDetails', 'GET', '/organizations/{}'],
  ['OrganizationMembers', 'GET', '/organizations/{}/members'],
  ['OrganizationInvites', 'GET', '/organizations/{}/invites'],
  ['OrganizationRoles', 'GET', '/organizations/{}/roles'],
  ['ZoneSingleSetting', 'GET', '/zones/{}/settings/setting', { settingArg: 1 }],
  ['UpdateZoneSingleSetting', 'PATCH', '/zones/{}/settings/setting', { settingArg: 1 }],
  ['UpdateZoneSettings', 'PATCH', '/zones/{}/settings', { bodyArg: 1, bodyList: 'items' }],
  ['CreateDNSRecord', 'POST', '/zones/{}/dns_records', { bodyArg: 1 }],
  ['UpdateDNSRecord', 'PATCH', '/zones/{}/dns_records/{}', { bodyArg: 1 }],
  ['CreateLoadBalancerPool', 'POST', '/user/load_balancers/pools', { bodyArg: 1 }],
  ['UpdateLoadBalancerPool', 'PUT', '/user/load_balancers/pools/{}', { bodyArg: 1 }],
];

export const GO_SDK_METHODS: ReadonlyMap<string, GoSdkMethod> = new Map(
  rows.map(([name, method, path, extra]) => [name, { method, path, ...extra }]),
);

/**
 * Methods whose responses hold the deprecated fields' resources, by the path they read: what a read
 * of `Locked` or `Data["service"]` near them is about (live endpoints, so not in the table above).
 */
export const GO_SDK_READS: ReadonlyMap<string, string> = new Map([
  ['ListDNSRecords', '/zones/{}/dns_records'],
  ['GetDNSRecord', '/zones/{}/dns_records/{}'],
  ['DNSRecords', '/zones/{}/dns_records'],
  ['DNSRecord', '/zones/{}/dns_records/{}'],
  ['ListLoadBalancerPools', '/user/load_balancers/pools'],
  ['GetLoadBalancerPool', '/user/load_balancers/pools/{}'],
  ['LoadBalancerPoolDetails', '/user/load_balancers/pools/{}'],
]);
