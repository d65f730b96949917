import type { ImportedCallFact, RequestFact, SdkCallFact } from '@sunset-lint/core';
import { holdsImport, type MatchableFacts } from './index-file.js';
import type { CrossFileResolver } from './resolve-facts.js';

/** A file whose findings wait for other modules: its facts, without AST or source text. */
export interface DeferredFile {
  file: string;
  facts: MatchableFacts;
  importedCalls: ImportedCallFact[];
}

/**
 * The graph step: a deferred file's facts with what other modules export substituted (constants,
 * helpers' requests at this file's calls, clients and SDK clients created elsewhere, objects
 * used as a declared resource's arguments). The result
 * is plain facts again, matched exactly as a single file's are.
 */
export function resolveAcrossFiles(deferred: DeferredFile, resolver: CrossFileResolver): MatchableFacts {
  const requests: RequestFact[] = deferred.facts.requests.map((request) =>
    holdsImport(request) ? resolver.resolveRequest(request, deferred.file) : request,
  );
  for (const call of deferred.importedCalls) requests.push(...resolver.resolveImportedCall(call, deferred.file));
  const sdkCalls = deferred.facts.sdkCalls
    .map((call) => resolver.resolveSdkCall(call, deferred.file))
    .filter((call): call is SdkCallFact => call !== undefined);
  const resources = deferred.facts.resources.map((resource) =>
    resolver.resolveDeclaredResource(resource, deferred.file),
  );
  return { requests, sdkCalls, resources, inFile: deferred.facts.inFile };
}
