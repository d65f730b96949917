// Used by plugin.test.ts: one expired endpoint and one that a settings entry schedules for 2027.
const API = 'https://api.cloudflare.com/client/v4';
export const rules = (zoneId) => fetch(`${API}/zones/${zoneId}/firewall/rules`);
export const next = (zoneId) => fetch(`${API}/zones/${zoneId}/settings/next_thing`);
