import type { FieldMatcher } from '../../catalogue/types.js';
import { literalSegments } from '../../url/template.js';
import type { InFileDetector, Route, Term } from '../detector.js';
import { fieldReads } from './reads.js';
import { fieldWrites } from './writes.js';

/** Deprecated fields written in payloads (object literals) and read from responses. */
export const fields: InFileDetector = {
  routes: (entry, { lowConfidenceToo }) =>
    (entry.match.fields ?? []).flatMap((field) => fieldRoutes(field, lowConfidenceToo)),
  match: (entry, facts) =>
    (entry.match.fields ?? []).flatMap((field) => [
      ...fieldWrites(entry, field, facts.objects),
      ...(field.access.includes('read') ? fieldReads(entry, field, facts.reads) : []),
    ]),
};

/**
 * The path's names are in the file (writes, reads, and payloadFields in requests.ts). The fields of
 * one kind (SRV's `data.name`) are common words, so above low confidence they also need what gives
 * the detectors their context: the kind (`type: 'SRV'`), a receiver named as the context says, the
 * field's inner evidence (two SRV data keys), or a body sent to a field endpoint.
 */
function fieldRoutes(field: FieldMatcher, lowConfidenceToo: boolean): Route[] {
  const names: Route = field.path.split('.').map((text) => ({ text }));
  if (lowConfidenceToo || !field.recordType) return [names];
  const routes: Route[] = [[...names, { text: field.recordType, ignoreCase: true }]];
  // A read needs the receiver right before the path's first name (`record.data.service`).
  for (const receiver of receiverTerms(field.context))
    routes.push([...names, { ...receiver, accessed: names[0]!.text }]);
  if (field.innerEvidence)
    for (const keys of combinations(field.innerEvidence.keys, field.innerEvidence.atLeast))
      routes.push([...names, ...keys.map((text) => ({ text, wholeWord: true }))]);
  for (const endpoint of field.endpoints ?? [])
    routes.push([...names, ...literalSegments(endpoint.path).map((text) => ({ text }))]);
  return routes;
}

/** Reads are high confidence only on receivers named as the context's `receivers` say (a start is found anywhere). */
function receiverTerms(context: FieldMatcher['context']): Term[] {
  return (context.receivers ?? []).map(({ text, where }) => ({
    text,
    ignoreCase: true,
    ...(where === 'whole' ? { wholeWord: true } : {}),
  }));
}

/** Every choice of `size` of the items, in their order. */
function combinations<T>(items: readonly T[], size: number): T[][] {
  if (size === 0) return [[]];
  return items.flatMap((item, i) => combinations(items.slice(i + 1), size - 1).map((rest) => [item, ...rest]));
}
