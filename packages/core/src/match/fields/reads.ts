import type { CatalogueEntry, FieldMatcher } from '../../catalogue/types.js';
import type { PropertyReadFact, RawMatch } from '../../facts.js';
import { nearbyKey } from '../nearby-words.js';
import { describeContext, endpointWords, receiverPattern } from './context.js';

/**
 * Reads of a deprecated field: high where the receiver is named like the resource (the context's
 * `receivers`: `record`, `pool`), or where the code around the read requests the resource's endpoints (the record list
 * read in the same function); low elsewhere (a registrar's `locked`).
 */
export function fieldReads(entry: CatalogueEntry, field: FieldMatcher, reads: PropertyReadFact[]): RawMatch[] {
  const matches: RawMatch[] = [];
  if (reads.length === 0) return matches;
  const hint = receiverPattern(field.context);
  const endpointsNearby = endpointKeys(field);
  for (const read of reads) {
    // Members and declarations say what they read from; a pattern elsewhere does not, unless it
    // nests the name under the others (`({ data: { service } })`: a `data` object's `service`).
    if ((read.how === 'pattern' && read.path.length === 1) || read.path.join('.') !== field.path) continue;
    // `job.data.name`, `res.data.service`: the payload a queue's job, an event or a response carries
    // (a record's `data` is read on the record: `record.data.service`).
    if (read.path[0] === 'data' && CONTAINER_RECEIVERS.test(read.receiver ?? '')) continue;
    const named = read.receiver !== undefined && !!hint?.test(read.receiver);
    matches.push({
      entryId: entry.id,
      ruleId: entry.rule,
      range: read.range,
      confidence: named || endpointsNearby.some((word) => read.nearby.includes(word)) ? 'high' : 'low',
      subject: `\`${field.path}\` read from a ${describeContext(field)}`,
    });
  }
  return matches;
}

/** Receivers whose `data` is the payload they carry, not a DNS record's `data`. */
const CONTAINER_RECEIVERS =
  /^(job|jobs|event|evt|ev|msg|message|req|request|res|resp|response|ctx|context|task|payload)$/i;

const endpointKeysByField = new WeakMap<FieldMatcher, string[]>();

/** The nearby-word keys of the field's endpoints, once per field. */
function endpointKeys(field: FieldMatcher): string[] {
  let keys = endpointKeysByField.get(field);
  if (!keys) endpointKeysByField.set(field, (keys = endpointWords(field.endpoints).map(nearbyKey)));
  return keys;
}
