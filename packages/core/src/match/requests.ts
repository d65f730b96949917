import { BULK_SETTINGS_TEMPLATE } from '../api-surface.js';
import type { CatalogueEntry, EndpointMatcher, PathRewrite } from '../catalogue/types.js';
import type { Confidence, FindingFix } from '../findings/finding.js';
import type { Range, RawMatch, RequestFact } from '../facts.js';
import { describeContext, removalFixes } from './fields/context.js';
import { migrationKeyDrop, migrationPathEdits } from './migration-edits.js';
import { words, type Detector } from './detector.js';
import { matchPathTemplate, pathTextOf, templateMatch } from '../url/match.js';
import { normalizeApiUrl, type NormalizedPath } from '../url/normalize.js';
import { sourceRangeOf, spanAt, type PatternPart, type TextSpan } from '../url/pattern.js';
import { compileTemplate, literalSegments } from '../url/template.js';
import { escapeRegExp } from '../text/escape-regexp.js';

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
  // Only text written down, or sent by a client the file does not show: it must read as an API path.
  const needsApiShape = fact.via === 'mention' || fact.via === 'unknown-client';
  if (needsApiShape && !readsAsApiPath(normalized, context)) return [];
  const reportedInside = fact.innerUrl ? innerEntries(fact, context) : undefined;
  const matches: RawMatch[] = [];
  const { text, choice } = pathTextOf(normalized.path);
  for (const entry of context.entries) {
    if (reportedInside?.has(entry.id)) continue;
    // Most requests name no entry's path: the cheap necessary condition first (see pathScreen).
    if (!choice && !mayNamePath(pathScreen(entry), text)) {
      if (fact.payload)
        matches.push(...bulkSettings(entry, fact, normalized), ...payloadFields(entry, fact, normalized));
      continue;
    }
    const endpoint = matchEndpoints(entry.match.endpoints, normalized, fact);
    if (endpoint) {
      matches.push(endpointMatch(entry, endpoint.matcher, endpoint.how, fact, normalized));
      continue;
    }
    for (const segment of entry.match.segments ?? []) {
      if (!hasSegment(normalized.path, segment.segment)) continue;
      const confidence = contextConfidence(fact, 'exact');
      const place = placement(fact, normalized.path, segment.segment);
      const migration = migrationPathEdits(entry, fact, place);
      matches.push({
        entryId: entry.id,
        ruleId: entry.rule,
        confidence: confidence === 'high' || normalized.anchor !== 'relative' ? confidence : 'medium',
        subject: `the path segment \`${segment.segment}\``,
        ...place,
        fixes: rewriteFix(
          fact.url,
          segment.segment,
          segment.replacement,
          segment.fix ?? 'suggestion',
          undefined,
          place.file,
        ),
        ...(migration ? { migration } : {}),
        onePerPlace: true,
      });
      break;
    }
    matches.push(...bulkSettings(entry, fact, normalized), ...payloadFields(entry, fact, normalized));
  }
  return matches;
}

function endpointMatch(
  entry: CatalogueEntry,
  endpoint: EndpointMatcher,
  how: 'exact' | 'prefix',
  fact: RequestFact,
  normalized: NormalizedPath,
): RawMatch {
  const template = compileTemplate(endpoint.path);
  const method = fact.method.kind === 'known' ? fact.method.method : endpoint.methods.join('|');
  const lastLiteral = [...template.segments].reverse().find((segment) => segment.kind === 'literal');
  const rewrite = endpoint.rewrite;
  const place = placement(fact, normalized.path, lastLiteral?.kind === 'literal' ? lastLiteral.text : undefined);
  const fixes = rewrite ? rewriteFix(fact.url, rewrite.from, rewrite.to, rewrite.kind, rewrite.note, place.file) : [];
  const migration = migrationPathEdits(entry, fact, place);
  return {
    entryId: entry.id,
    ruleId: entry.rule,
    confidence: contextConfidence(fact, how),
    subject: `${method} ${template.path}${how === 'prefix' ? '/…' : ''}`,
    ...place,
    // The body is written beside the request: renaming its key goes with a rewrite in the same file.
    ...(rewrite ? { fixes: place.file === undefined ? withBodyKeyRename(fixes, rewrite, fact) : fixes } : {}),
    ...(migration ? { migration } : {}),
    ...(fact.method.kind !== 'known'
      ? { said: `A request (method unknown) to ${template.path}${how === 'prefix' ? '/…' : ''}` }
      : {}),
    onePerPlace: true,
  };
}

/**
 * High when a recognized client sends the path with a known method; medium when the method is
 * unknown, the receiver is not shown, the path is only written down, or an unknown part follows
 * a retired prefix.
 */
function contextConfidence(fact: RequestFact, how: 'exact' | 'prefix'): Confidence {
  const sent = fact.via !== 'mention' && fact.via !== 'unknown-client';
  return sent && fact.method.kind === 'known' && how === 'exact' ? 'high' : 'medium';
}

/** An API URL, `/client/v4/…`, or a path that starts where the catalogue's paths start (`zones/…`). */
function readsAsApiPath(normalized: NormalizedPath, context: MatchContext): boolean {
  if (normalized.anchor === 'api-host' || normalized.anchor === 'api-prefix') return true;
  const first = normalized.path[0];
  if (first?.kind !== 'text') return false;
  const head = first.text.split('/')[0]!;
  return first.text.includes('/') && apiRoots(context.entries).has(head);
}

const apiRootCache = new WeakMap<readonly CatalogueEntry[], Set<string>>();

/** The first segments of the catalogue's path templates: `zones`, `accounts`, `user`, `organizations`. */
export function apiRoots(entries: readonly CatalogueEntry[]): Set<string> {
  let roots = apiRootCache.get(entries);
  if (!roots) {
    roots = new Set();
    for (const entry of entries) {
      const paths = [...(entry.match.endpoints ?? []), ...(entry.match.fields ?? []).flatMap((f) => f.endpoints ?? [])];
      for (const { path } of paths) {
        const first = compileTemplate(path).segments[0];
        if (first?.kind === 'literal') roots.add(first.text);
      }
    }
    apiRootCache.set(entries, roots);
  }
  return roots;
}

/** What a helper's own URL matches is reported there, once, not again at each call. */
function innerEntries(fact: RequestFact, context: MatchContext): Set<string> {
  const inner: RequestFact = { url: fact.innerUrl!, method: { kind: 'unknown' }, range: fact.range, via: 'helper' };
  return new Set(matchRequest(inner, context).map((match) => match.entryId));
}

/**
 * Where a finding points: the literal or template text that holds `literal` (the template's last
 * literal segment, the deprecated segment), possibly in another file; the request, when it is
 * elsewhere, becomes the related location. Without such text (a setting id from a map read with an
 * unknown key) the finding stays at the request.
 */
function placement(
  fact: RequestFact,
  path: readonly PatternPart[],
  literal: string | undefined,
): Pick<RawMatch, 'range' | 'file' | 'related'> {
  const written = literal === undefined ? undefined : writtenAt(path, literal);
  if (!written || (written.file === undefined && sameRange(written.written, fact.range))) return { range: fact.range };
  // Text inside the request's own URL argument (the template passed to fetch) needs no pointer to it.
  const insideRequest = written.file === undefined && within(written.written, fact.range);
  if ((fact.via === 'mention' || insideRequest) && written.file === undefined) return { range: written.written };
  return {
    range: written.written,
    ...(written.file !== undefined ? { file: written.file } : {}),
    related: [{ range: fact.range, message: relatedMessage(fact) }],
  };
}

function relatedMessage(fact: RequestFact): string {
  const method = fact.method.kind === 'known' ? ` (${fact.method.method})` : '';
  if (fact.via === 'mention') return 'where the path is used';
  return fact.via === 'helper' ? `the call that sends it${method}` : `the request that sends it${method}`;
}

function within(inner: Range, outer: Range): boolean {
  return outer[0] <= inner[0] && inner[1] <= outer[1];
}

function sameRange(a: Range, b: Range): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

/** The span of the last place `literal` stands as a whole segment in the path's text. */
function writtenAt(path: readonly PatternPart[], literal: string): TextSpan | undefined {
  const segment = new RegExp(`(?:^|/)(${escapeRegExp(literal)})(?=/|$)`, 'g');
  for (let i = path.length - 1; i >= 0; i--) {
    const part = path[i]!;
    if (part.kind !== 'text') continue;
    let at: number | undefined;
    for (const found of part.text.matchAll(segment)) at = found.index + found[0].length - found[1]!.length;
    const span = at === undefined ? undefined : spanAt(part, at);
    if (span) return span;
  }
  return undefined;
}

/**
 * Words an entry's endpoints and path segments need written in a path's text: an endpoint matches
 * only a path whose text holds every literal segment of its template (holes never write them:
 * url/match.ts `mayContainLiterals`), so its longest one; a segment only a path with a text part
 * holding it. None of them written (and no choice in the path), neither can match. `undefined`
 * when an endpoint has no literal segment (it could match any path).
 */
function pathScreen(entry: CatalogueEntry): readonly string[] | undefined {
  let screen = pathScreens.get(entry);
  if (screen === undefined && !pathScreens.has(entry)) {
    const words: string[] = [];
    let open = false;
    for (const endpoint of entry.match.endpoints ?? []) {
      let longest = '';
      for (const segment of compileTemplate(endpoint.path).segments)
        if (segment.kind === 'literal' && segment.text.length > longest.length) longest = segment.text;
      if (longest === '') open = true;
      else words.push(longest);
    }
    for (const segment of entry.match.segments ?? []) words.push(segment.segment);
    screen = open ? undefined : [...new Set(words)];
    pathScreens.set(entry, screen);
  }
  return screen;
}

const pathScreens = new WeakMap<CatalogueEntry, readonly string[] | undefined>();

function mayNamePath(screen: readonly string[] | undefined, text: string): boolean {
  if (screen === undefined) return true;
  for (let i = 0; i < screen.length; i++) if (text.includes(screen[i]!)) return true;
  return false;
}

/** The request's method is one of these, or unknown. */
function sendsOneOf(fact: RequestFact, methods: readonly string[]): boolean {
  return fact.method.kind !== 'known' || methods.includes(fact.method.method);
}

function methodAllowed(fact: RequestFact, endpoint: Pick<EndpointMatcher, 'methods' | 'liveMethods'>): boolean {
  // A path retired as a whole is deprecated under any method.
  if (!endpoint.liveMethods) return true;
  // A path that stays live under other methods is evidence only together with a request.
  return fact.via !== 'mention' && sendsOneOf(fact, endpoint.methods);
}

function matchEndpoints(
  endpoints: readonly EndpointMatcher[] | undefined,
  normalized: NormalizedPath,
  fact: RequestFact,
): { matcher: EndpointMatcher; how: 'exact' | 'prefix' } | undefined {
  let prefix: EndpointMatcher | undefined;
  let below: EndpointMatcher | undefined;
  for (const endpoint of endpoints ?? []) {
    if (!methodAllowed(fact, endpoint)) continue;
    const how = templateMatch(normalized.path, compileTemplate(endpoint.path), { subtree: endpoint.subtree ?? false });
    // A listed endpoint names the request more exactly than the subtree it is in, even as a prefix.
    if (how === 'exact' && endpoint.subtree) below ??= endpoint;
    else if (how === 'exact') return { matcher: endpoint, how };
    else if (how === 'prefix') prefix ??= endpoint;
  }
  if (prefix) return { matcher: prefix, how: 'prefix' };
  return below ? { matcher: below, how: 'exact' } : undefined;
}

function hasSegment(path: readonly PatternPart[], segment: string): boolean {
  let pattern = segmentPatterns.get(segment);
  if (!pattern) {
    pattern = new RegExp(`(^|/)${escapeRegExp(segment)}(?=/|$)`);
    segmentPatterns.set(segment, pattern);
  }
  const compiled = pattern;
  return path.some(
    (part, i) => part.kind === 'text' && compiled.test(part.text) && (i === 0 || !part.text.startsWith(segment)),
  );
}

/** Each segment's expression, compiled once (every request is matched against every entry). */
const segmentPatterns = new Map<string, RegExp>();

/**
 * Replaces `from` with `to` inside the literal text of the URL, when that text is in one literal
 * written in `file` (the finding's file: undefined for the file being matched).
 */
function rewriteFix(
  url: readonly PatternPart[],
  from: string,
  to: string,
  kind: 'fix' | 'suggestion',
  note: string | undefined,
  file: string | undefined,
): FindingFix[] {
  for (const part of url) {
    if (part.kind !== 'text') continue;
    const at = part.text.indexOf(from);
    if (at < 0) continue;
    const range = sourceRangeOf(part, at, from.length, file);
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
  if (!ids || !fact.payload || !sendsOneOf(fact, ['PATCH'])) return [];
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
        sendsOneOf(
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
      const migration = field.path.includes('.') ? undefined : migrationKeyDrop(entry, field.path, key.removal);
      matches.push({
        entryId: entry.id,
        ruleId: entry.rule,
        range: key.range,
        confidence: fact.method.kind === 'known' ? 'high' : 'medium',
        subject: `\`${field.path}\` sent in a ${describeContext(field)} payload`,
        ...(fixes.length ? { fixes } : {}),
        ...(migration ? { migration } : {}),
      });
    }
  }
  return matches;
}
