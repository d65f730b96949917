import {
  anyOfTexts,
  concatPatterns,
  type FileFacts,
  type PatternPart,
  type RequestFact,
  type SdkCallFact,
} from '@sunset-lint/core/internal';
import type { TypeResolver } from './type-resolver.js';

export interface TypeResolution {
  facts: FileFacts;
  /** Holes and SDK arguments the checker filled. */
  resolved: number;
}

/**
 * Fills what the syntactic pass (and cross-file resolution) left unknown with what the type checker
 * knows: a hole whose expression has a string-literal type becomes that text, a union becomes a
 * choice (matched if any option matches, as for a conditional); an SDK call's unknown setting-id
 * argument becomes one call per literal. Everything else is left as it was.
 */
export function resolveFactsWithTypes(facts: FileFacts, file: string, resolver: TypeResolver): TypeResolution {
  let resolved = 0;
  const fill = (pattern: readonly PatternPart[]): PatternPart[] => {
    let changed = false;
    const parts = pattern.map((part): PatternPart[] => {
      if (part.kind !== 'hole' || !part.range) return [part];
      const values = resolver.stringValuesAt(file, part.range);
      if (!values) return [part];
      const any = anyOfTexts(values.map((value) => [{ kind: 'text', text: value }]));
      if (!any) return [part];
      changed = true;
      resolved++;
      return any;
    });
    return changed ? concatPatterns(...parts) : [...pattern];
  };
  const request = (fact: RequestFact): RequestFact => ({ ...fact, url: fill(fact.url) });
  // `edit(settingId, …)` (v4) or `edit(zoneId, settingId, …)` (v2): every unknown argument the
  // checker narrows to literals multiplies the call; a zone id typed `string` stays unknown.
  const sdkCalls = facts.sdkCalls.flatMap((call): SdkCallFact[] => {
    let calls = [call];
    call.args.forEach((arg, i) => {
      const range = call.argRanges?.[i];
      if (arg !== undefined || !range) return;
      const values = resolver.stringValuesAt(file, range);
      if (!values) return;
      resolved++;
      calls = calls.flatMap((c) =>
        values.map((value) => ({ ...c, args: c.args.map((a, j) => (j === i ? value : a)) })),
      );
    });
    return calls;
  });
  return {
    facts: {
      ...facts,
      requests: facts.requests.map(request),
      sdkCalls,
      importedCalls: facts.importedCalls.map((call) => ({ ...call, args: call.args.map(fill) })),
    },
    resolved,
  };
}
