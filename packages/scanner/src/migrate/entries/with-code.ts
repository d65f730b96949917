/**
 * The catalogue entries whose rewrite or manual replacement is code of its own (this folder's
 * modules, which read TypeScript's tree): `migrate` loads them, and TypeScript with them, only for
 * a file with a place of one of these. A JSON scan's classes (automatic entries only) never do.
 */
export const ENTRIES_WITH_CODE: ReadonlySet<string> = new Set([
  'access-bookmark-applications',
  'firewall-rules-api',
  'rate-limiting-legacy',
  'zone-setting-mobile-redirect',
  'waf-managed-rules-legacy',
  'zone-analytics-api',
]);
