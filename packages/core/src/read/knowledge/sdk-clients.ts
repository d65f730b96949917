/**
 * The SDK clients the extractor follows, as data: the module, the exports that make a client and
 * the flavor each way of making one gives. Read by read/evaluate.ts (client values) and
 * read/extract.ts (SDK calls); the SDK methods that take a setting id are in api-surface.ts.
 */

/**
 * The official TypeScript SDK (`cloudflare` v4+: `client.zones.settings.edit(id, …)`) or the legacy
 * npm package (v2: `cf.zoneSettings.edit(zone, id, value)`). Both are published as `cloudflare`.
 */
export type SdkFlavor = 'v4' | 'legacy';

export interface SdkClientModel {
  readonly module: string;
  /** Whether the module itself (its default or CommonJS export) makes a client. */
  readonly moduleIsClient: boolean;
  /** Named exports that make a client. */
  readonly clientExports: readonly string[];
  /** The flavor of a client made with `new` (`new Cloudflare()`). */
  readonly constructed: SdkFlavor;
  /** The flavor of a client made by a plain call (`cloudflare({ token })`). */
  readonly called: SdkFlavor;
  /** The flavor of a parameter or field typed with any export of the module (`cf: Cloudflare`). */
  readonly typed: SdkFlavor;
}

export const SDK_CLIENTS: readonly SdkClientModel[] = [
  {
    module: 'cloudflare',
    moduleIsClient: true,
    clientExports: ['Cloudflare'],
    constructed: 'v4',
    called: 'legacy',
    typed: 'v4',
  },
];

/** Receivers that read as an SDK client when the file does not show where they come from (`_cf` too: a private field). */
export const SDK_RECEIVER_NAME_LIST = ['cf', 'cloudflare', 'cfClient', 'cloudflareClient', 'cfApi', 'client'] as const;
export const SDK_RECEIVER_NAMES = new RegExp(`^_*(${SDK_RECEIVER_NAME_LIST.join('|')})$`);

const byModule = new Map(SDK_CLIENTS.map((sdk) => [sdk.module, sdk]));

export function sdkClientOfModule(source: string): SdkClientModel | undefined {
  return byModule.get(source);
}

/** The flavor of the client a call or `new` of a module's member path makes, if it makes one. */
export function sdkFlavorMade(source: string, path: readonly string[], isNew: boolean): SdkFlavor | undefined {
  const sdk = byModule.get(source);
  if (!sdk || path.length > 1) return undefined;
  const makesClient = path.length === 0 ? sdk.moduleIsClient : sdk.clientExports.includes(path[0]!);
  if (!makesClient) return undefined;
  return isNew ? sdk.constructed : sdk.called;
}
