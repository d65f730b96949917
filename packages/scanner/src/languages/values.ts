import { branchesHole, concatPatterns, type TextSpan } from '@sunset-lint/core/internal';
import type { Value } from './facts-builder.js';

/**
 * Operations on values that several languages share: placeholders replaced (`%s`, `{}`), URL
 * joins, names in another spelling. Text keeps its spans through them, so that a finding still
 * points at the literal the text was written in.
 */

/** `rate_limits` → `rateLimits` (the TypeScript SDK's spelling of a Python SDK's chain). */
export function camelCase(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** `ZeroTrust` → `zeroTrust`, `WAF` → `waf`, `DNSRecords` → `dnsRecords` (a Go SDK chain's TypeScript spelling). */
export function exportedToCamel(name: string): string {
  const lead = /^[A-Z]+(?=[A-Z][a-z]|$)|^[A-Z]/.exec(name)![0];
  return lead.toLowerCase() + name.slice(lead.length);
}

/** `NotificationEmail` → `notification_email` (a Go field's API name). */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/** Every match of `pattern` in the value's text replaced by what `replace` gives (text around keeps its spans). */
export function replaceInValue(value: Value, pattern: RegExp, replace: (match: RegExpExecArray) => Value): Value {
  const out: Value[] = [];
  for (const part of value) {
    if (part.kind !== 'text') {
      out.push([part]);
      continue;
    }
    let at = 0;
    const flags = pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`;
    const global = new RegExp(pattern.source, flags);
    for (let found = global.exec(part.text); found; found = global.exec(part.text)) {
      if (found.index > at) out.push([sliceText(part, at, found.index)]);
      out.push(replace(found));
      at = found.index + found[0].length;
      if (found[0].length === 0) global.lastIndex++;
    }
    if (at < part.text.length) out.push([sliceText(part, at, part.text.length)]);
  }
  return concatPatterns(...out);
}

/** `"{}/zones/{zone}".format(…)`: each field replaced by the argument that fills it (`{{` stays a brace). */
export function formatPlaceholders(value: Value, argument: (field: string | undefined) => Value): Value {
  return replaceInValue(value, /\{\{|\}\}|\{([^{}:!]*)(?:![rsa])?(?::[^{}]*)?\}/g, (found) =>
    found[0] === '{{'
      ? [{ kind: 'text', text: '{' }]
      : found[0] === '}}'
        ? [{ kind: 'text', text: '}' }]
        : argument(found[1] || undefined),
  );
}

/** A base URL and a path joined with one slash between them (an absolute URL as the path wins). */
export function joinValues(base: Value, path: Value): Value {
  const first = path[0];
  if (first?.kind === 'text' && /^[a-z][a-z0-9+.-]*:\/\//i.test(first.text)) return path;
  const last = base[base.length - 1];
  const baseSlash = last?.kind === 'text' && last.text.endsWith('/');
  const pathSlash = first?.kind === 'text' && first.text.startsWith('/');
  if (baseSlash && pathSlash) return concatPatterns(base, [sliceText(first, 1, first.text.length)], path.slice(1));
  if (!baseSlash && !pathSlash && base.length) return concatPatterns(base, [{ kind: 'text', text: '/' }], path);
  return concatPatterns(base, path);
}

/** Characters `from` to `to` of a text part, its spans cut to them. */
export function sliceText(part: { kind: 'text'; text: string; spans?: TextSpan[] }, from: number, to: number) {
  const spans: TextSpan[] = [];
  for (const span of part.spans ?? []) {
    const lo = Math.max(span.at, from);
    const hi = Math.min(span.at + span.length, to);
    if (hi <= lo) continue;
    const cut = lo - span.at;
    spans.push({
      ...span,
      at: lo - from,
      length: hi - lo,
      start: span.exact ? span.start + cut : span.start,
      written: span.exact ? [span.written[0] + cut, span.written[0] + cut + (hi - lo)] : span.written,
    });
  }
  return { kind: 'text' as const, text: part.text.slice(from, to), spans };
}

/**
 * Path segments given one by one (`url.JoinPath(base, "zones", id, "filters")`, a legacy SDK's
 * attribute chain), read as joined by `/`: written text for the grep floor.
 */
export function joinedSegments(segments: readonly Value[]): Value {
  return concatPatterns(
    ...segments.flatMap((segment, i) => (i === 0 ? [segment] : [[{ kind: 'text' as const, text: '/' }], segment])),
  );
}

/**
 * One of several values a name may hold where it is read (assigned in each branch of a `switch`):
 * the value itself when there is one, else a hole standing for any of them (`branchesHole`), which
 * the facts builder expands into one request per value.
 */
export function oneOfValues(values: readonly Value[]): Value {
  if (values.length === 1) return values[0]!;
  return [branchesHole([...values])];
}
