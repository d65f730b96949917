// The endpoints generated client code calls. Deprecated ones come from rules/*.json (their entry ids
// are what the planted findings record); live ones must stay silent.

/** Deprecated zone-scoped suffixes (after `/zones/${zoneId}`), with the SDK chain when the SDK has one. */
export const DEPRECATED_ZONE = [
  { entryId: 'firewall-rules-api', suffix: '/firewall/rules', sdk: 'firewall.rules' },
  { entryId: 'firewall-rules-api', suffix: '/filters', sdk: 'filters' },
  { entryId: 'rate-limiting-legacy', suffix: '/rate_limits', sdk: 'rateLimits' },
  { entryId: 'waf-managed-rules-legacy', suffix: '/firewall/waf/packages' },
  { entryId: 'zone-setting-brotli', suffix: '/settings/brotli' },
  { entryId: 'zone-setting-minify', suffix: '/settings/minify' },
  { entryId: 'zone-setting-server-side-exclude', suffix: '/settings/server_side_exclude' },
  { entryId: 'dns-settings-legacy-endpoints', suffix: '/dns_settings/use_apex_ns' },
  { entryId: 'zone-analytics-api', suffix: '/analytics/dashboard' },
];

export const DEPRECATED_ACCOUNT = [
  { entryId: 'tunnels-legacy-api', suffix: '/tunnels' },
  { entryId: 'access-bookmark-applications', suffix: '/access/bookmarks' },
];

export const LIVE_ZONE = [
  { suffix: '/rulesets', sdk: 'rulesets' },
  { suffix: '/dns_records', sdk: 'dns.records' },
  { suffix: '/settings/ssl' },
  { suffix: '/settings/always_use_https' },
  { suffix: '/workers/routes' },
  { suffix: '/page_rules' },
];

export const LIVE_ACCOUNT = [{ suffix: '/workers/scripts' }, { suffix: '/cfd_tunnel' }, { suffix: '/rulesets' }];

/** The generated files' API host: the one the catalogue's paths live under. */
export const API_ROOT = 'https://api.cloudflare.com/client/v4';
