import { SDK_SETTING_METHODS } from '../api-surface.js';
import type { RawMatch, SdkCallFact } from '../facts.js';
import { words, type Detector } from './detector.js';
import type { MatchContext } from './requests.js';

/** SDK resource calls; settings calls are routed by their id in requests.ts. */
export const sdkCalls: Detector = {
  // The chain's names are member names of the file.
  routes: (entry) => (entry.match.sdk ?? []).map((sdk) => words(...sdk.chain.split('.'))),
};

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
        });
    }
  }
  return matches;
}
