import { compareText, HTTP_METHODS, type EndpointMatcher, type HttpMethod } from '@sunset-lint/core/schedule';
import type { CollectedDeprecations, OperationRecord } from './collect.js';
import type { DateSource } from './dates.js';
import type { DeprecationGroup } from './group.js';
import { catalogueTemplate, isScheduleMethod, pathKey } from './paths.js';

/*
 * Groups → entries in the schema of `catalogue.add` (rules/schema.json). What cannot be an entry
 * is listed with the reason: undated groups (nothing to grade), methods the schedule does not
 * name (HEAD, OPTIONS, TRACE), paths the catalogue's syntax cannot write, deprecated parameters.
 */

/** A `catalogue.add` entry as the import writes it. */
export interface ImportedEntry {
  id: string;
  title: string;
  area: string;
  eol: string;
  rule: 'no-deprecated-endpoint';
  replacement: string;
  docs: string;
  match: { endpoints: EndpointMatcher[] };
}

export interface ListedOperation {
  id: string;
  method: string;
  path: string;
  pointer: string;
}

export interface NotImportable {
  pointer: string;
  what: string;
  reason: string;
}

export interface ImportResult {
  entries: ImportedEntry[];
  /** Which document field gave each entry's date. */
  dateSources: Record<string, DateSource>;
  undated: ListedOperation[];
  notImportable: NotImportable[];
}

export function emitEntries(
  file: string,
  groups: readonly DeprecationGroup[],
  collected: CollectedDeprecations,
): ImportResult {
  const result: ImportResult = { entries: [], dateSources: {}, undated: [], notImportable: [] };
  const methodsByPath = documentMethodsByPath(collected.operations);
  for (const group of groups) {
    const importable: OperationRecord[] = [];
    for (const operation of group.operations) {
      const what = `${operation.method} ${operation.path}`;
      if (!isScheduleMethod(operation.method))
        result.notImportable.push({
          pointer: operation.pointer,
          what,
          reason: `the schedule names no ${operation.method} requests (GET, POST, PUT, PATCH, DELETE only)`,
        });
      else if (catalogueTemplate(operation.path) === undefined)
        result.notImportable.push({
          pointer: operation.pointer,
          what,
          reason: 'the path has segments the catalogue path syntax cannot write',
        });
      else importable.push(operation);
    }
    if (importable.length === 0) continue;
    if (!group.date) {
      for (const operation of importable)
        result.undated.push({
          id: group.id,
          method: operation.method,
          path: operation.path,
          pointer: operation.pointer,
        });
      continue;
    }
    result.entries.push({
      id: group.id,
      title: titleOf(group),
      area: areaOf(importable),
      eol: group.date.day,
      rule: 'no-deprecated-endpoint',
      replacement: replacementOf(group, file),
      docs: importable.find((operation) => operation.docsUrl)?.docsUrl ?? `${file}#${importable[0]!.pointer}`,
      match: { endpoints: endpointsOf(importable, methodsByPath) },
    });
    result.dateSources[group.id] = group.date.source;
  }
  for (const parameter of collected.parameters) {
    const scope = parameter.method ? `${parameter.method} ${parameter.path}` : `every operation of ${parameter.path}`;
    result.notImportable.push({
      pointer: parameter.pointer,
      what: `parameter '${parameter.name}' (in: ${parameter.in}) of ${scope}${parameter.dates[0] ? `, sunset ${parameter.dates[0].day}` : ''}`,
      reason: `the catalogue's field matchers cover request and response body fields of DNS records and load-balancer pools; a ${parameter.in} parameter has no match kind`,
    });
  }
  return result;
}

/** Every schedule method the document has on each path (deprecated or not), by path key. */
function documentMethodsByPath(operations: readonly OperationRecord[]): Map<string, Set<HttpMethod>> {
  const byPath = new Map<string, Set<HttpMethod>>();
  for (const operation of operations) {
    if (!isScheduleMethod(operation.method)) continue;
    const key = pathKey(operation.path);
    const methods = byPath.get(key) ?? new Set<HttpMethod>();
    methods.add(operation.method);
    byPath.set(key, methods);
  }
  return byPath;
}

/**
 * One endpoint per path. The path's other methods in the document become `liveMethods`, so the
 * entry claims only the deprecated methods; a path whose every method is deprecated here is
 * retired as a whole (no `liveMethods`), as the built-in rows are.
 */
function endpointsOf(
  operations: readonly OperationRecord[],
  methodsByPath: Map<string, Set<HttpMethod>>,
): EndpointMatcher[] {
  const byTemplate = new Map<string, { key: string; methods: Set<HttpMethod> }>();
  for (const operation of operations) {
    if (!isScheduleMethod(operation.method)) continue;
    const template = catalogueTemplate(operation.path)!;
    const slot = byTemplate.get(template) ?? { key: pathKey(operation.path), methods: new Set<HttpMethod>() };
    slot.methods.add(operation.method);
    byTemplate.set(template, slot);
  }
  return [...byTemplate.entries()]
    .sort(([a], [b]) => compareText(a, b))
    .map(([path, { key, methods }]) => {
      const live = HTTP_METHODS.filter((method) => methodsByPath.get(key)?.has(method) && !methods.has(method));
      return {
        methods: HTTP_METHODS.filter((method) => methods.has(method)),
        ...(live.length > 0 ? { liveMethods: live } : {}),
        path,
      };
    });
}

function titleOf(group: DeprecationGroup): string {
  const summaries = new Set(group.operations.map((operation) => operation.summary).filter(Boolean));
  if (summaries.size === 1) return [...summaries][0]!;
  const words = group.id.replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The tag most operations carry (ties: alphabetical), else the first literal path segment. */
function areaOf(operations: readonly OperationRecord[]): string {
  const counts = new Map<string, number>();
  for (const operation of operations) {
    const tag = operation.tags[0];
    if (tag) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  const [best] = [...counts.entries()].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]));
  if (best) return best[0];
  return catalogueTemplate(operations[0]!.path)?.split('/')[0] ?? 'API';
}

function replacementOf(group: DeprecationGroup, file: string): string {
  const message = group.operations.find((operation) => operation.message)?.message;
  return message ?? `No replacement is named in ${file}; see the provider's API changelog for '${group.id}'.`;
}
