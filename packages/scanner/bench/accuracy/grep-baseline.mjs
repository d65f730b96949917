/**
 * The grep baseline: what someone armed with the catalogue and `grep -n` would find. Its search
 * terms come from the catalogue data itself (never a hand list), one term per thing an entry
 * names; a hit is every (file, line, entry) where a line holds one of the entry's terms, comments
 * and prose included. A line is one hit per entry, however many of its terms the line holds.
 */

/** `grep -w`: a term is bounded by characters that are not letters, digits or `_`. */
const WORD = '[A-Za-z0-9_]';
/** How far `grep -A` looks after a parent key for a dotted field's last key (`data: {` … `name:`). */
export const FIELD_WINDOW = 5;

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
const word = (text, flags = '') => new RegExp(`(?<!${WORD})${escape(text)}(?!${WORD})`, flags);

/**
 * @typedef {{ entryId: string, kind: string, term: string, test: (lines: string[], index: number) => boolean }} Term
 *   `term` is the term as shown to people; `test` says whether line `index` (0-based) holds it.
 */

const onLine = (pattern) => (lines, index) => pattern.test(lines[index]);

const isParameter = (segment) => segment.startsWith(':') || segment.startsWith('{');
const segmentsOf = (template) => template.replace(/^\//, '').split('/');

/**
 * First segments that begin endpoint templates of more than one entry (`zones`, `accounts`):
 * where every path starts, so they say nothing about which entry a path belongs to.
 */
function scopeRoots(entries) {
  const entriesByRoot = new Map();
  for (const entry of entries)
    for (const endpoint of entry.match.endpoints ?? []) {
      const root = segmentsOf(endpoint.path)[0];
      entriesByRoot.set(root, (entriesByRoot.get(root) ?? new Set()).add(entry.id));
    }
  return new Set([...entriesByRoot].filter(([, ids]) => ids.size > 1).map(([root]) => root));
}

/**
 * The longest run of consecutive literal segments of a path template, a scope root as the first
 * segment left out (ties: the first run): `/zones/:zone_id/firewall/rules/:rule_id` →
 * `firewall/rules`, `organizations/:id/invites` → `organizations`, `user/billing/profile` whole.
 */
export function literalRun(template, roots) {
  const segments = segmentsOf(template);
  const runs = [];
  let run = [];
  segments.forEach((segment, index) => {
    const skipped = isParameter(segment) || (index === 0 && roots.has(segment) && segments.length > 1);
    if (skipped) {
      if (run.length) runs.push(run);
      run = [];
    } else run.push(segment);
  });
  if (run.length) runs.push(run);
  const longest = runs.reduce((best, candidate) => (candidate.length > best.length ? candidate : best), []);
  return longest.join('/');
}

/**
 * A dotted field (`data.service`): the path as written in a read (`record.data.service`), or its
 * last key (`service:`) on a line at most FIELD_WINDOW lines after its parent key (`data:`) —
 * `grep -A5 'data:' | grep 'service:'`. One-segment fields are plain words.
 */
function fieldTest(path) {
  const keys = path.split('.');
  if (keys.length === 1) return onLine(word(path));
  const dotted = word(path);
  const parentKey = new RegExp(`(?<!${WORD})${escape(keys[keys.length - 2])}\\s*:`);
  const lastKey = new RegExp(`(?<!${WORD})${escape(keys[keys.length - 1])}\\s*:`);
  return (lines, index) => {
    if (dotted.test(lines[index])) return true;
    if (!lastKey.test(lines[index])) return false;
    for (let back = index; back >= Math.max(0, index - FIELD_WINDOW); back -= 1)
      if (parentKey.test(lines[back])) return true;
    return false;
  };
}

/** @returns {Term[]} every entry's terms, deduplicated, by entry id. */
export function grepTerms(catalogue) {
  const roots = scopeRoots(catalogue.entries);
  const terms = [];
  for (const entry of [...catalogue.entries].sort((a, b) => a.id.localeCompare(b.id))) {
    const seen = new Set();
    const add = (kind, term, test) => {
      if (seen.has(`${kind}\0${term}`)) return;
      seen.add(`${kind}\0${term}`);
      terms.push({ entryId: entry.id, kind, term, test });
    };
    const match = entry.match;
    for (const endpoint of match.endpoints ?? []) {
      const run = literalRun(endpoint.path, roots);
      add('path', run, onLine(word(run)));
    }
    for (const { segment } of match.segments ?? []) add('segment', segment, onLine(word(segment)));
    // A setting id in quotes, as it stands in an SDK call or a bulk `items` list.
    for (const id of match.settingIds ?? [])
      add('setting id', `'${id}'`, onLine(new RegExp(`(['"\`])${escape(id)}\\1`)));
    for (const field of match.fields ?? []) add('field', field.path, fieldTest(field.path));
    for (const shape of match.errorShapes ?? []) {
      add('error code', String(shape.code), onLine(word(String(shape.code))));
      if (shape.message) add('error message', shape.message, onLine(new RegExp(escape(shape.message))));
      if (shape.chainField) add('error field', shape.chainField, onLine(word(shape.chainField)));
    }
    // The header the entry asks to drop; header names are case-insensitive (`grep -i`).
    for (const header of match.headers ?? []) {
      const name = header.drop ?? header.allOf[0];
      add('header', name, onLine(word(name, 'i')));
    }
    for (const cipher of match.ciphers ?? []) add('cipher', cipher, onLine(word(cipher)));
    for (const { chain } of match.sdk ?? []) add('sdk chain', chain, onLine(word(chain)));
    // Declared resources: the type as each tool writes it, or the property (snake_case and camelCase keys).
    for (const resource of match.resources ?? []) {
      if (!resource.property) {
        for (const type of [resource.terraform, resource.pulumi, resource.cdktf])
          if (type) add('resource', type, onLine(word(type)));
        continue;
      }
      const camel = resource.property.replace(/_([a-z0-9])/g, (_, letter) => letter.toUpperCase());
      for (const path of new Set([resource.property, camel])) add('resource property', path, fieldTest(path));
    }
  }
  return terms;
}

/**
 * @param {{ file: string, lines: string[] }[]} sources
 * @returns {(import('./expectations.mjs').Located & { terms: string[] })[]} one hit per line and entry
 */
export function grepHits(sources, terms) {
  const hits = [];
  for (const { file, lines } of sources)
    lines.forEach((_text, index) => {
      const byEntry = new Map();
      for (const term of terms)
        if (term.test(lines, index)) byEntry.set(term.entryId, [...(byEntry.get(term.entryId) ?? []), term]);
      for (const [entryId, matched] of byEntry)
        hits.push({
          file,
          line: index + 1,
          entryId,
          terms: [...new Set(matched.map((term) => term.term))],
          kinds: [...new Set(matched.map((term) => term.kind))],
        });
    });
  return hits;
}
