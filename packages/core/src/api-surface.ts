import type { SdkFlavor } from './read/knowledge/sdk-clients.js';

/**
 * Facts about the live API that the detectors need but that are not deprecations (so they are not
 * catalogue entries): the generic settings endpoints and the SDK methods that take a setting id.
 */

/** `PATCH /zones/:zone_id/settings` with `items: [{ id, value }]` edits several settings at once. */
export const BULK_SETTINGS_TEMPLATE = '/zones/:zone_id/settings';

/** SDK methods whose argument at `idArg` is a zone setting id. */
export const SDK_SETTING_METHODS: ReadonlyArray<{
  flavors: ReadonlyArray<SdkFlavor | 'unknown'>;
  chain: string;
  methods: readonly string[];
  idArg: number;
}> = [
  // cloudflare (official TypeScript SDK, v4+): client.zones.settings.edit('brotli', { zone_id, value })
  { flavors: ['v4', 'unknown'], chain: 'zones.settings', methods: ['get', 'edit'], idArg: 0 },
  // cloudflare (legacy npm package, v2): cf.zoneSettings.edit(zoneId, 'minify', value)
  { flavors: ['legacy', 'unknown'], chain: 'zoneSettings', methods: ['read', 'edit'], idArg: 1 },
];
