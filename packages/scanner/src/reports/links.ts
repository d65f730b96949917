import type { CatalogueEntry } from '@sunset-lint/core';
import type { ScanReport } from './types.js';

/**
 * The base URL that the catalogue's repository-relative `docs` paths resolve against. SARIF needs
 * absolute URIs (`helpUri`), and a PR comment cannot follow a relative link.
 */
export function docsBase(tool: ScanReport['tool']): string {
  if (tool.docsBaseUri) return withSlash(tool.docsBaseUri);
  const info = tool.informationUri.replace(/\/+$/, '');
  // A GitHub repository root shows files under /blob/<branch>/.
  if (/^https:\/\/github\.com\/[^/]+\/[^/]+$/.test(info)) return `${info}/blob/main/`;
  return withSlash(info);
}

/** The entry's documentation page as an absolute URL (user entries may already give one). */
export function entryDocsUrl(entry: CatalogueEntry, tool: ScanReport['tool']): string | undefined {
  return absoluteUrl(entry.docs, docsBase(tool));
}

/** `replacementDocs` is free-form data; only an http(s) URL becomes a link. */
export function replacementDocsUrl(entry: CatalogueEntry, tool: ScanReport['tool']): string | undefined {
  return entry.replacementDocs ? absoluteUrl(entry.replacementDocs, docsBase(tool)) : undefined;
}

function absoluteUrl(target: string, base: string): string | undefined {
  try {
    const url = new URL(target, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function withSlash(value: string): string {
  return value.endsWith('/') ? value : `${value}/`;
}
