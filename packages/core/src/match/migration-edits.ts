import type { CatalogueEntry } from '../catalogue/types.js';
import type { FindingMigration, TextEdit } from '../findings/finding.js';
import type { Range, RequestFact } from '../facts.js';
import { sourceRangeOf, type PatternPart } from '../url/pattern.js';
import { escapeRegExp } from '../text/escape-regexp.js';

/**
 * The path rewrite of an entry's migration (`migration.rewrites` of kind `path`) at one request's
 * finding, for `sunset-lint migrate`: `from` replaced with `to` where the URL's text writes it as
 * whole path segments, with the body key the new path takes renamed in the request's own payload.
 * Only text inside the finding's places changes (the reported range, and the request's URL argument
 * when the finding is in this file): a constant elsewhere is shared by other requests, so a path
 * written there is left to a person. Undefined where the entry has no path rewrite for this URL;
 * `blocked` where it has one that must not apply here (a path its `unless` names, text outside the
 * finding's places): another reading of the same place may not supply it then.
 */
export function migrationPathEdits(
  entry: CatalogueEntry,
  fact: RequestFact,
  place: { range: Range; file?: string },
): FindingMigration | 'blocked' | undefined {
  const places: Range[] = place.file === undefined ? [place.range, fact.range] : [place.range];
  for (const rewrite of entry.migration?.rewrites ?? []) {
    if (rewrite.kind !== 'path') continue;
    const found = segmentsAt(fact.url, rewrite.from, place.file);
    if (!found) continue;
    if (found === 'blocked') return 'blocked';
    if (rewrite.unless?.some((segment) => found.after.split(/[/?#]/).includes(segment))) return 'blocked';
    const inside = (range: Range) => places.some((outer) => outer[0] <= range[0] && range[1] <= outer[1]);
    if (!inside(found.range)) return 'blocked';
    const edits: TextEdit[] = [{ start: found.range[0], end: found.range[1], text: rewrite.to }];
    let description = `Replace \`${rewrite.from}\` with \`${rewrite.to}\``;
    const rename = rewrite.renameBodyKey;
    // A helper's payload is written inside the helper and shared by its other callers.
    const key =
      rename && fact.via !== 'helper' && place.file === undefined
        ? fact.payload?.find((payloadKey) => payloadKey.path === rename.from)
        : undefined;
    if (rename && key) {
      edits.push({
        start: key.range[0],
        end: key.range[1],
        text: key.shorthand ? `${rename.to}: ${rename.from}` : rename.to,
      });
      description += `; rename the body's \`${rename.from}\` to \`${rename.to}\``;
    }
    return {
      description,
      edits,
      ...(rewrite.comment ? { comment: rewrite.comment } : {}),
      ...(rewrite.methodComments && fact.method.kind === 'known' && rewrite.methodComments[fact.method.method]
        ? { comment: rewrite.methodComments[fact.method.method]! }
        : {}),
    };
  }
  return undefined;
}

/**
 * Where `from` stands as whole path segments in the URL's literal text, written exactly in `file`,
 * and the URL's text after it (holes as `*`).
 */
function segmentsAt(
  url: readonly PatternPart[],
  from: string,
  file: string | undefined,
): { range: Range; after: string } | 'blocked' | undefined {
  const pattern = new RegExp(`(^|/)${escapeRegExp(from)}(?=[/?#]|$)`);
  for (const [i, part] of url.entries()) {
    if (part.kind !== 'text') continue;
    const match = pattern.exec(part.text);
    if (!match) continue;
    const at = match.index + match[1]!.length;
    const range = sourceRangeOf(part, at, from.length, file);
    if (!range) return 'blocked';
    const rest = url.slice(i + 1).map((next) => (next.kind === 'text' ? next.text : '*'));
    return { range, after: part.text.slice(at + from.length) + rest.join('') };
  }
  return undefined;
}

/**
 * The drop of a payload key an entry's migration names (`migration.rewrites` of kind `drop-key`):
 * the key's removal where it is written in its resource's payload, with what a person still does
 * there (an assisted entry's comment: the notification policy that replaces `notification_email`).
 */
export function migrationKeyDrop(entry: CatalogueEntry, key: string, removal: TextEdit): FindingMigration | undefined {
  for (const rewrite of entry.migration?.rewrites ?? []) {
    if (rewrite.kind !== 'drop-key' || rewrite.key !== key) continue;
    return {
      description: `Remove \`${key}\` from the payload`,
      edits: [removal],
      ...(rewrite.comment ? { comment: rewrite.comment } : {}),
    };
  }
  return undefined;
}
