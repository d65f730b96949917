import { BULK_SETTINGS_TEMPLATE } from '../api-surface.js';
import type { CatalogueEntry, EndpointMatcher, PathRewrite } from '../catalogue/types.js';
import type { Confidence, FindingFix } from '../findings/finding.js';
import type { RawMatch, RequestFact } from '../extract/facts.js';
import { describeContext, removalFixes } from './fields/context.js';
import { words, type Detector } from './detector.js';
import { matchPathTemplate } from '../url/match.js';
import { normalizeApiUrl, type NormalizedPath } from '../url/normalize.js';
import { sourceRangeOf, type PatternPart } from '../url/pattern.js';
import { compileTemplate, literalSegments } from '../url/template.js';

export interface MatchContext {
  entries: readonly CatalogueEntry[];
  apiHosts: readonly string[];
}

/** Requests and URL mentions: endpoints, path segments, bulk setting ids. */
export const requests: Detector = {
  routes: (entry) => [
    // matchEndpoints: the literal segments of the template are in the URL's text.
    ...(entry.match.endpoints ?? []).map((endpoint) => words(...literalSegments(endpoint.path))),
    // hasSegment.
    ...(entry.match.segments ?? []).map((segment) => words(segment.segment)),
    // bulkSettings (and sdk.ts settings calls): the id is a string of the file.
    ...(entry.match.settingIds ?? []).map((id) => words(id)),
  ],
};

/** Matches one request fact (its URL already resolved) against every entry. */
export function matchRequest(fact: RequestFact, context: MatchContext): RawMatch[] {
  const normalized = normalizeApiUrl(fact.url, context.apiHosts);
  if (!normalized) return [];
  // A verb call on a receiver the file does not show counts only when the URL names the API itself.
  if (
    (fact.via === 'unknown-client' || fact.via === 'mention') &&
    normalized.anchor !== 'api-host' &&
    normalized.anchor !== 'api-prefix'
  )
    return [];
  const reportedInside = fact.innerUrl
    ? new Set(
        matchRequest({ url: fact.innerUrl, method: { kind: 'unknown' }, range: fact.range, via: 'inner' }, context).map(
          (m) => m.entryId,
        ),
      )
    : undefined;
  const methodKnown = fact.method.kind === 'known';
  const baseConfidence: Confidence =
    fact.via === 'mention' || fact.via === 'unknown-client' || !methodKnown ? 'medium' : 'high';
  const matches: RawMatch[] = [];
  for (const entry of context.entries) {
    if (reportedInside?.has(entry.id)) continue;
    const endpoint = matchEndpoints(entry.match.endpoints, normalized, fact);
    if (endpoint) {
      const method =
        fact.method.kind === 'known'
          ? fact.method.method
          : endpoint.methods.length === 1
            ? endpoint.methods[0]!
            : endpoint.methods.join('|');
      matches.push({
        entryId: entry.id,
        ruleId: entry.rule,
        range: fact.range,
        confidence: baseConfidence,
        subject: `${method} ${compileTemplate(endpoint.path).path}`,
        ...(endpoint.rewrite
          ? {
              fixes: withBodyKeyRename(
                rewriteFix(
                  fact.url,
                  endpoint.rewrite.from,
                  endpoint.rewrite.to,
                  endpoint.rewrite.kind,
                  endpoint.rewrite.note,
                ),
                endpoint.rewrite,
                fact,
              ),
            }
          : {}),
        ...(fact.method.kind !== 'known' ? { note: 'The HTTP method could not be determined.' } : {}),
      });
      continue;
    }
    for (const segment of entry.match.segments ?? []) {
      if (!hasSegment(normalized.path, segment.segment)) continue;
      matches.push({
        entryId: entry.id,
        ruleId: entry.rule,
        range: fact.range,
        confidence: baseConfidence === 'high' || normalized.anchor !== 'relative' ? baseConfidence : 'medium',
        subject: `the path segment \`${segment.segment}\``,
        fixes: rewriteFix(fact.url, segment.segment, segment.replacement, segment.fix ?? 'suggestion'),
      });
      break;
    }
    matches.push(...bulkSettings(entry, fact, normalized), ...payloadFields(entry, fact, normalized));
  }
  return matches;
}

function methodAllowed(fact: RequestFact, methods: readonly string[]): boolean {
  return fact.method.kind !== 'known' || methods.includes(fact.method.method);
}

function matchEndpoints(
  endpoints: readonly EndpointMatcher[] | undefined,
  normalized: NormalizedPath,
  fact: RequestFact,
): EndpointMatcher | undefined {
  for (const endpoint of endpoints ?? []) {
    if (methodAllowed(fact, endpoint.methods) && matchPathTemplate(normalized.path, compileTemplate(endpoint.path)))
      return endpoint;
  }
  return undefined;
}

function hasSegment(path: readonly PatternPart[], segment: string): boolean {
  const pattern = new RegExp(`(^|/)${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=/|$)`);
  return path.some(
    (part, i) => part.kind === 'text' && pattern.test(part.text) && (i === 0 || !part.text.startsWith(segment)),
  );
}

/** Replaces `from` with `to` inside the literal text of the URL, when that text is in one literal. */
function rewriteFix(
  url: readonly PatternPart[],
  from: string,
  to: string,
  kind: 'fix' | 'suggestion',
  note?: string,
): FindingFix[] {
  for (const part of url) {
    if (part.kind !== 'text') continue;
    const at = part.text.indexOf(from);
    if (at < 0) continue;
    const range = sourceRangeOf(part, at, from.length);
    if (!range) return [];
    return [
      {
        kind,
        description: `Replace \`${from}\` with \`${to}\`${note ? ` (${note})` : ''}`,
        edits: [{ start: range[0], end: range[1], text: to }],
      },
    ];
  }
  return [];
}

/**
 * Adds the body-key rename (`{ value }` -> `{ multi_provider }`) to a path rewrite when this call's
 * own payload has the key. A helper's payload is written inside the helper and shared by its other
 * callers, so it is left alone there (the rewrite's note says what to send).
 */
function withBodyKeyRename(fixes: FindingFix[], rewrite: PathRewrite, fact: RequestFact): FindingFix[] {
  const rename = rewrite.renameBodyKey;
  const key =
    rename && fact.via !== 'helper' ? fact.payload?.find((payloadKey) => payloadKey.path === rename.from) : undefined;
  if (!rename || !key || fixes.length === 0) return fixes;
  const [start, end] = key.range;
  const edit = { start, end, text: key.shorthand ? `${rename.to}: ${rename.from}` : rename.to };
  return fixes.map((fix) => ({
    ...fix,
    description: `${fix.description}; rename the body's \`${rename.from}\` to \`${rename.to}\``,
    edits: [...fix.edits, edit],
  }));
}

/** `PATCH /zones/:zone_id/settings` with `items: [{ id: 'minify' }]`. */
function bulkSettings(entry: CatalogueEntry, fact: RequestFact, normalized: NormalizedPath): RawMatch[] {
  const ids = entry.match.settingIds;
  if (!ids || !fact.payload || !methodAllowed(fact, ['PATCH'])) return [];
  if (!matchPathTemplate(normalized.path, compileTemplate(BULK_SETTINGS_TEMPLATE))) return [];
  return fact.payload
    .filter((key) => key.path === 'items.id' && key.value !== undefined && ids.includes(key.value))
    .map(
      (key) =>
        ({
          entryId: entry.id,
          ruleId: entry.rule,
          range: key.range,
          confidence: fact.method.kind === 'known' ? 'high' : 'medium',
          subject: `the zone setting \`${key.value}\` in a bulk settings edit`,
        }) satisfies RawMatch,
    );
}

/** Fields sent to the operations that carry them (`locked` in a body sent to dns_records). */
function payloadFields(entry: CatalogueEntry, fact: RequestFact, normalized: NormalizedPath): RawMatch[] {
  if (!fact.payload) return [];
  const matches: RawMatch[] = [];
  for (const field of entry.match.fields ?? []) {
    if (!field.access.includes('write') || !field.endpoints) continue;
    const sent = fact.payload.filter((key) => key.path === field.path);
    if (sent.length === 0) continue;
    const writes = field.endpoints.some(
      (endpoint) =>
        methodAllowed(
          fact,
          endpoint.methods.filter((m) => m !== 'GET'),
        ) &&
        endpoint.methods.some((m) => m !== 'GET') &&
        matchPathTemplate(normalized.path, compileTemplate(endpoint.path)),
    );
    if (!writes) continue;
    for (const key of sent) {
      // A nested field's fix (drop the siblings too, keep the outer name) needs the whole object
      // literal: the object-literal detector offers it at the same place.
      const fixes = field.path.includes('.') ? [] : removalFixes(field, key.removal);
      matches.push({
        entryId: entry.id,
        ruleId: entry.rule,
        range: key.range,
        confidence: fact.method.kind === 'known' ? 'high' : 'medium',
        subject: `\`${field.path}\` sent in a ${describeContext(field)} payload`,
        ...(fixes.length ? { fixes } : {}),
      });
    }
  }
  return matches;
}
