import { createHash } from 'node:crypto';

/**
 * Stable across line moves: the file, the entry and the normalized text of what was reported
 * (not its position), plus its occurrence index among identical snippets in the file.
 */
export function fingerprintOf(parts: {
  file: string;
  entryId: string;
  ruleId: string;
  snippet: string;
  occurrence: number;
}): string {
  const snippet = parts.snippet.replace(/\s+/g, ' ').trim();
  return createHash('sha256')
    .update([parts.ruleId, parts.entryId, parts.file, snippet, String(parts.occurrence)].join('\u0000'))
    .digest('hex')
    .slice(0, 32);
}
