import { SDK_SETTING_METHODS } from '../api-surface.js';
import type { RawMatch, SdkCallFact } from '../facts.js';
import { words, type Detector } from './detector.js';
import { SDK_CLIENTS, SDK_RECEIVER_NAME_LIST } from '../read/knowledge/sdk-clients.js';
import type { MatchContext } from './requests.js';

/** SDK resource calls; settings calls are routed by their id in requests.ts. */
export const sdkCalls: Detector = {
  // The chain's names are member names of the file. An SDK call is read on a client the reader
  // knows to be the SDK's, which the file (or, across files, a module it imports) names: the SDK
  // imported, its types imported, a client made or typed (the module `cloudflare`, its export
  // `Cloudflare`); or on a receiver named like a client, on which the chain is read
  // (`client.firewall.rules.list()`). Without these, the chain's words alone (`filters`) would
  // admit most files of a repository through the modules they import.
  routes: (entry) =>
    (entry.match.sdk ?? []).flatMap((sdk) => {
      const chain = words(...sdk.chain.split('.'));
      return [
        ...SDK_NAMES.map((name) => [name, ...chain]),
        ...SDK_RECEIVERS_NOT_NAMING_IT.map((name) => [
          { text: name, wholeWord: true, accessed: chain[0]!.text },
          ...chain,
        ]),
      ];
    }),
};

/** The SDKs' modules and client exports, in any case (`cloudflare`, `Cloudflare`, `cloudflareClient`). */
const SDK_NAME_TEXTS = [
  ...new Set(SDK_CLIENTS.flatMap((sdk) => [sdk.module, ...sdk.clientExports].map((name) => name.toLowerCase()))),
];
const SDK_NAMES = SDK_NAME_TEXTS.map((text) => ({ text, ignoreCase: true }));
const SDK_RECEIVERS_NOT_NAMING_IT = SDK_RECEIVER_NAME_LIST.filter(
  (name) => !SDK_NAME_TEXTS.some((text) => name.toLowerCase().includes(text)),
);

/** SDK resource methods of deprecated endpoints, and SDK settings calls with a deprecated id. */
export function matchSdkCall(fact: SdkCallFact, context: MatchContext): RawMatch[] {
  if (fact.unconfirmed) return [];
  const chain = fact.chain.join('.');
  const call = `${chain}.${fact.method}()`;
  const confidence = fact.flavor === 'unknown' ? 'medium' : 'high';
  const matches: RawMatch[] = [];
  for (const entry of context.entries) {
    const resource = entry.match.sdk?.find(
      (sdk) =>
        (chain === sdk.chain || chain.startsWith(`${sdk.chain}.`)) &&
        (!sdk.methods || sdk.methods.includes(fact.method)),
    );
    if (resource) {
      matches.push({
        entryId: entry.id,
        ruleId: entry.rule,
        range: fact.range,
        confidence,
        subject: `the SDK call \`${call}\``,
      });
      continue;
    }
    const ids = entry.match.settingIds;
    if (!ids) continue;
    for (const shape of SDK_SETTING_METHODS) {
      if (shape.chain !== chain || !shape.methods.includes(fact.method) || !shape.flavors.includes(fact.flavor))
        continue;
      const id = fact.args[shape.idArg];
      if (id !== undefined && ids.includes(id))
        matches.push({
          entryId: entry.id,
          ruleId: entry.rule,
          range: fact.range,
          confidence,
          subject: `the SDK call \`${call}\` for the zone setting \`${id}\``,
          // One finding where the id is written, whichever calls take it (a loop's `get` and `edit`).
          onePerPlace: true,
        });
    }
  }
  return matches;
}
