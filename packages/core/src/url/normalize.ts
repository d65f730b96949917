import { concatPatterns, sliceText, type PatternPart, type UrlPattern } from './pattern.js';

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
  let parts = cutQuery(pattern);
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
  const stripped = stripApiPrefix(parts);
  if (anchor === 'relative' && stripped.hadPrefix) anchor = 'api-prefix';
  return { path: stripped.parts, anchor };
}

function stripApiPrefix(parts: PatternPart[]): { parts: PatternPart[]; hadPrefix: boolean } {
  const first = parts[0];
  if (first?.kind !== 'text') return { parts, hadPrefix: false };
  const hadPrefix =
    first.text.startsWith(API_PREFIX) &&
    (first.text.length === API_PREFIX.length || first.text[API_PREFIX.length] === '/');
  const afterPrefix = hadPrefix ? API_PREFIX.length : 0;
  const cut = afterPrefix + /^\/*/.exec(first.text.slice(afterPrefix))![0].length;
  const rest: PatternPart = sliceText(first, cut);
  return { parts: concatPatterns([rest], parts.slice(1)), hadPrefix };
}

/** Everything from the first `?` or `#` in literal text on does not change the match. */
function cutQuery(pattern: UrlPattern): PatternPart[] {
  const out: PatternPart[] = [];
  for (const part of pattern) {
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
