import { concatPatterns, sliceText, type PatternPart, type UrlPattern } from './pattern.js';
import { holesForEnginePlaceholders } from './placeholders.js';
import { valuesCut } from './budget.js';
import type { RequestFact } from '../facts.js';

export const DEFAULT_API_HOSTS: readonly string[] = ['api.cloudflare.com'];
const API_PREFIX = '/client/v4';

export interface NormalizedPath {
  /** The path relative to `{base_url}`, without a leading slash, query or fragment. */
  path: PatternPart[];
  /** How the URL was anchored: a known API origin, `/client/v4`, base-relative, or after an unknown base. */
  anchor: 'api-host' | 'api-prefix' | 'relative' | 'unknown-base';
}

/**
 * Strips origin, `/client/v4`, query and fragment. Returns undefined when the URL names a host that
 * is not an API host, or when its text cannot be a URL (prose, or text before a scheme).
 */
export function normalizeApiUrl(
  pattern: UrlPattern,
  apiHosts: readonly string[] = DEFAULT_API_HOSTS,
): NormalizedPath | undefined {
  // The reader (is a mention an API path?), the matcher and the other-host check each ask this of
  // the same URL: it is worked out once per URL and list of hosts (patterns are not changed once
  // made, and what this returns is only read). Not when the value budget of the moment cut the
  // path (a file past its budget): a later caller, under another budget, may build it whole.
  const known = normalizedByPattern.get(pattern);
  if (known && known.apiHosts === apiHosts) return known.normalized;
  const cutsBefore = valuesCut();
  const normalized = normalizeOnce(pattern, apiHosts);
  if (valuesCut() === cutsBefore) normalizedByPattern.set(pattern, { apiHosts, normalized });
  return normalized;
}

const normalizedByPattern = new WeakMap<
  UrlPattern,
  { apiHosts: readonly string[]; normalized: NormalizedPath | undefined }
>();

function normalizeOnce(pattern: UrlPattern, apiHosts: readonly string[]): NormalizedPath | undefined {
  let parts = cutQuery(holesForEnginePlaceholders(pattern));
  let anchor: NormalizedPath['anchor'] = 'relative';
  const first = parts[0];
  if (first === undefined) return undefined;
  if (first.kind === 'text') {
    const origin = /^([a-z][a-z0-9+.-]*:)?\/\/([^/?#]*)/i.exec(first.text);
    if (origin) {
      const wholeHost = origin[0].length < first.text.length || parts.length === 1;
      const host = origin[2]!
        .toLowerCase()
        .replace(/:\d+$/, '')
        .replace(/^[^@]*@/, '');
      if (wholeHost && !apiHosts.includes(host)) return undefined;
      if (!wholeHost) return undefined; // `https://api.${domain}` — host unknown: not claimed as ours
      parts = [sliceText(first, origin[0].length), ...parts.slice(1)];
      anchor = 'api-host';
    } else if (/\s/.test(first.text.trim()) || /^[^/A-Za-z0-9_]/.test(first.text)) {
      return undefined; // prose, or something that is not a path
    }
  } else if (first.kind === 'hole') {
    anchor = 'unknown-base';
    parts = parts.slice(1);
  } else {
    return undefined;
  }
  const stripped = stripApiPrefix(parts, anchor !== 'api-host');
  if (anchor === 'relative' && stripped.hadPrefix) anchor = 'api-prefix';
  return { path: stripped.parts, anchor };
}

/**
 * Strips `/client/v4` and the slashes after it. Without a host, the prefix may follow a path of the
 * app's own (`/api/proxy/client/v4/...`): a same-origin proxy that forwards to the API.
 */
function stripApiPrefix(parts: PatternPart[], behindProxy: boolean): { parts: PatternPart[]; hadPrefix: boolean } {
  const first = parts[0];
  if (first?.kind !== 'text') return { parts, hadPrefix: false };
  const at = apiPrefixAt(first.text, behindProxy);
  const afterPrefix = at === undefined ? 0 : at + API_PREFIX.length;
  const cut = afterPrefix + /^\/*/.exec(first.text.slice(afterPrefix))![0].length;
  const rest: PatternPart = sliceText(first, cut);
  return { parts: concatPatterns([rest], parts.slice(1)), hadPrefix: at !== undefined };
}

/** Where `/client/v4` starts as whole segments: at the start, or after a proxy's path (`/cf-api`). */
function apiPrefixAt(value: string, behindProxy: boolean): number | undefined {
  const endsSegment = (at: number) => value.length === at + API_PREFIX.length || value[at + API_PREFIX.length] === '/';
  if (value.startsWith(API_PREFIX) && endsSegment(0)) return 0;
  if (!behindProxy || !value.startsWith('/')) return undefined;
  const at = value.indexOf(API_PREFIX);
  return at > 0 && endsSegment(at) && !/\s/.test(value.slice(0, at)) ? at : undefined;
}

/** Everything from the first `?` or `#` in literal text on does not change the match. */
function cutQuery(pattern: UrlPattern): PatternPart[] {
  const out: PatternPart[] = [];
  for (const part of pattern) {
    // `${url}${url.includes('?') ? '&' : '?'}${query}`: a choice of query separators starts the query.
    if (part.kind === 'choice' && part.options.every((option) => /^[?&#]/.test(option))) return out;
    if (part.kind === 'text') {
      const at = part.text.search(/[?#]/);
      if (at >= 0) {
        out.push(sliceText(part, 0, at));
        return out;
      }
    }
    out.push(part);
  }
  return out;
}

/**
 * Whether a URL names, in full, a host that is not an API host (`https://api.other-cdn.example/…`):
 * what such a request sends (its body, its headers) goes to another API. A host the code splices in
 * (`https://api.${domain}`) is not named.
 */
export function namesAnotherHost(pattern: UrlPattern, apiHosts: readonly string[]): boolean {
  const first = pattern[0];
  if (first?.kind !== 'text') return false;
  const origin = /^([a-z][a-z0-9+.-]*:)?\/\/([^/?#]+)/i.exec(first.text);
  if (!origin || (origin[0].length === first.text.length && pattern.length > 1)) return false;
  const host = origin[2]!
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^[^@]*@/, '');
  return !apiHosts.includes(host);
}

/**
 * The text of requests sent to a host that is not the API's (`axios.create({ baseURL:
 * 'https://sentry.io/api/0' })` then `.get('organizations/x/members')`): a path of another API.
 * A host the code splices in (`https://${AUTH0_DOMAIN}/api/v2`) is another API's when the path
 * after it starts where none of ours does (`isApiRoot`: `zones`, `accounts`, …; `/client/v4`).
 */
export function sentToAnotherHost(
  requests: readonly RequestFact[],
  apiHosts: readonly string[],
  isApiRoot: (segment: string) => boolean,
): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const request of requests)
    if (sendsToAnotherHost(request, apiHosts, isApiRoot))
      for (const part of request.url)
        if (part.kind === 'text') for (const span of part.spans ?? []) if (!span.file) ranges.push(span.written);
  return ranges;
}

/**
 * The same, for text written in other modules (a constant imported from one and sent to another
 * host, resolved across files by the scanner): each span with its module.
 */
export function sentToAnotherHostFromOtherModules(
  requests: readonly RequestFact[],
  apiHosts: readonly string[],
  isApiRoot: (segment: string) => boolean,
): Array<{ file: string; range: [number, number] }> {
  const spans: Array<{ file: string; range: [number, number] }> = [];
  for (const request of requests)
    if (sendsToAnotherHost(request, apiHosts, isApiRoot))
      for (const part of request.url)
        if (part.kind === 'text')
          for (const span of part.spans ?? []) if (span.file) spans.push({ file: span.file, range: span.written });
  return spans;
}

/** A request whose URL names another host (or splices one in front of no API path). */
function sendsToAnotherHost(
  request: RequestFact,
  apiHosts: readonly string[],
  isApiRoot: (segment: string) => boolean,
): boolean {
  if (request.via === 'mention') return false;
  const [first, second, third] = request.url;
  if (first?.kind !== 'text') return false;
  const namedHost = /^([a-z][a-z0-9+.-]*:)?\/\/[^/?#]/i.test(first.text);
  const splicedHost =
    /^([a-z][a-z0-9+.-]*:)?\/\/$/i.test(first.text) && second?.kind === 'hole' && third?.kind === 'text';
  if (namedHost && normalizeApiUrl(request.url, apiHosts)) return false;
  if (!namedHost && !splicedHost) return false;
  if (splicedHost) {
    const segment = /^\/([^/?#]+)/.exec(third.text)?.[1];
    if (segment === undefined || segment === 'client' || isApiRoot(segment)) return false;
  }
  return true;
}
