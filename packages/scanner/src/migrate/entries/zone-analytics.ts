import type { Finding } from '@sunset-lint/core';
import type { JsPlaces } from '../js-places.js';
import { fetchAt } from './ruleset-rule.js';

const SUMS = 'requests cachedRequests bytes cachedBytes threats pageViews';

/**
 * The GraphQL analytics request that replaces a `GET zones/:zone_id/analytics/dashboard` (or
 * `…/colos`) for the same zone and time range, written out from the URL the code sends: `since` and
 * `until` (minutes relative to now, or dates) choose the granularity node; `continuous` is dropped.
 * The response's shape differs (`totals.requests.all` -> `sum.requests`), so every read of it stays
 * with a person: the entry is manual.
 */
export function analyticsQuery(finding: Finding, text: string, js: JsPlaces | undefined): string | undefined {
  const request = fetchAt(finding, text, js);
  if (typeof request === 'string' || request.sent !== 'GET') return undefined;
  const urlText = request.nodeText(request.url);
  const found = /\/zones\/(\$\{[^}]+\}|[0-9a-f]{32})\/analytics\/(dashboard|colos)(?:\?([^`'"]*))?.$/.exec(urlText);
  if (!found) return undefined;
  const zone = found[1]!.startsWith('${') ? found[1]!.slice(2, -1) : `'${found[1]}'`;
  const query = new URLSearchParams(found[3] ?? '');
  const since = query.get('since') ?? '-10080';
  const until = query.get('until') ?? '0';
  const relative = (value: string) => (/^-?\d+$/.test(value) ? Number(value) : undefined);
  const minutes =
    relative(since) !== undefined && relative(until) !== undefined ? relative(until)! - relative(since)! : undefined;
  const daily = found[2] === 'dashboard' && (minutes === undefined || minutes >= 3 * 1440);
  const node =
    found[2] === 'colos'
      ? `httpRequestsAdaptiveGroups(limit: 10000, filter: { datetime_geq: $since, datetime_lt: $until }) { dimensions { coloCode } count sum { edgeResponseBytes } }`
      : daily
        ? `httpRequests1dGroups(limit: 10000, filter: { date_geq: $since, date_lt: $until }) { dimensions { date } sum { ${SUMS} } uniq { uniques } }`
        : `httpRequests1hGroups(limit: 10000, filter: { datetime_geq: $since, datetime_lt: $until }) { dimensions { datetime } sum { ${SUMS} } uniq { uniques } }`;
  const when = (value: string) => {
    const before = relative(value);
    if (before === undefined) return `'${value}'`;
    return `<${before === 0 ? 'now' : `${-before} minutes before now`}, as a ${daily ? 'date' : 'time'}>`;
  };
  const range = `since: ${when(since)}, until: ${when(until)}`;
  const type = daily ? 'Date' : 'Time';
  return `POST /graphql with { query: 'query ($zoneTag: string, $since: ${type}, $until: ${type}) { viewer { zones(filter: { zoneTag: $zoneTag }) { ${node} } } }', variables: { zoneTag: ${zone}, ${range} }${query.has('continuous') ? ' (continuous is dropped)' : ''}`;
}
