import {
  MIGRATION_CLASSES,
  type CatalogueEntry,
  type Finding,
  type FindingFix,
  type MigrationClass,
  type MigrationRewrite,
  type TextEdit,
} from '@sunset-lint/core';
import { ENTRIES_WITH_CODE } from './entries/with-code.js';
import type { JsPlaces } from './js-places.js';
import { BULK_ITEM_KEY, type PlaceQueries } from './place-syntax.js';
import type { ScriptPlaces } from './script-places.js';
import { replacementRequest } from './plan-report.js';
import { lineEntryRemoval } from './script-lines.js';
import { COMMENT_MARK, keepingQuotes, lineStart } from './text.js';
import { escapeRegExp } from '@sunset-lint/core/internal';

/** How far `migrate` goes: the automatic entries only (default), or the assisted ones' derivable parts too. */
export type MigrationLevel = Exclude<MigrationClass, 'manual'>;
export const MIGRATION_LEVELS: readonly MigrationLevel[] = MIGRATION_CLASSES.filter(
  (level): level is MigrationLevel => level !== 'manual',
);

/** The file a finding is in, as `migrate` reads it: its text, and its syntax tree. */
export interface MigrationSource {
  text: string;
  /**
   * What the rewrites of the catalogue's data ask of the syntax at a place (place-syntax.ts);
   * undefined for the other languages (shell, Python, Go, Terraform, documentation).
   */
  js: () => PlaceQueries | undefined;
  /**
   * The file's TypeScript tree, for the entries whose rewrite is code (`entries/`) and for the
   * statement an assisted entry's comment goes above; undefined for the other languages.
   */
  tree: () => JsPlaces | undefined;
  /** The entries' own code (`entries/index.ts`), loaded by the caller where a place is of an entry `ENTRIES_WITH_CODE` lists. */
  entryCode?: typeof import('./entries/index.js');
  /** The statements of a shell script, a Python, Go or Terraform file; undefined for the others. */
  script?: ScriptPlaces | undefined;
  /** What starts a line comment in the file's language (undefined: no comment can be written). */
  lineComment: string | undefined;
  /** `javascript` (JavaScript and TypeScript), `terraform`, `shell`, `python`, `go` or `docs`. */
  language: string;
}

/**
 * What `migrate` does at one finding: the edits (one fix, all or nothing), or why a person has to.
 * `commentOnly`: the fix only writes the comment that says what needs a person (at an automatic
 * entry's assisted place, `--level assisted`): the finding stays, and so does the place in the list.
 */
export type PlannedMigration = { fix: FindingFix; commentOnly?: string } | { leftFor: string };

/**
 * The migration of the finding's entry at the finding's place: each rewrite of the entry's
 * `migration.rewrites` that the place gives, as text splices there; for an assisted entry, with a
 * comment above the statement saying what still needs a person.
 */
export function planMigration(
  finding: Finding,
  entry: CatalogueEntry,
  level: MigrationLevel,
  source: MigrationSource,
): PlannedMigration {
  const migration = entry.migration;
  if (!migration) return { leftFor: 'the catalogue entry has no migration' };
  if (migration.class === 'manual') {
    const replacement = ENTRIES_WITH_CODE.has(entry.id)
      ? codeOf(source).manualReplacement(entry.id, finding, source.text, source.tree)
      : undefined;
    return {
      leftFor: `manual migration: ${replacement ? `the replacement here: ${replacement}. ` : ''}${migration.person ?? migration.description}`,
    };
  }
  if (finding.noRewrite) {
    const leftFor = `not rewritten: ${finding.noRewrite}`;
    return migration.class === 'automatic' && level === 'assisted'
      ? personComment(finding, entry, source, leftFor, `Not rewritten: ${finding.noRewrite}.`)
      : { leftFor };
  }
  // An entry whose rewrite is code of its own (entries/): the replacement request from the code's values.
  const own = ENTRIES_WITH_CODE.has(entry.id)
    ? codeOf(source).entryRewrite(entry.id, finding, source.text, source.tree)
    : undefined;
  if (migration.class === 'assisted' && level === 'automatic') {
    // Point to --level assisted only where it would rewrite something at this place.
    const derivable =
      own && 'edits' in own
        ? own
        : (migration.rewrites ?? []).map((rewrite) => rewriteAt(rewrite, finding, source)).find(Boolean);
    return {
      leftFor: derivable
        ? `assisted migration: run with --level assisted to ${lowerFirst(derivable.description)} here`
        : `assisted migration, with nothing derivable here: ${migration.person ?? migration.description}`,
    };
  }
  let rewritten: Rewritten | undefined = own && 'edits' in own ? own : undefined;
  const why = new Set<string>(own && 'notDerived' in own ? [own.notDerived] : []);
  for (const rewrite of rewritten ? [] : (migration.rewrites ?? [])) {
    rewritten = rewriteAt(rewrite, finding, source);
    if (rewritten) break;
    why.add(NOT_DERIVED[rewrite.kind]);
  }
  if (!rewritten) {
    const leftFor = `no rewrite derived here (${[...why].join('; ') || 'the entry has none'})${migration.person ? `. ${migration.person}` : ''}`;
    // An automatic entry's assisted place, at --level assisted: the comment that says what needs a person.
    return migration.class === 'automatic' && level === 'assisted'
      ? personComment(finding, entry, source, leftFor)
      : { leftFor };
  }
  const edits = rewritten.edits.map((edit) => keepingQuotes(source.text, edit));
  if (migration.class === 'assisted' && rewritten.comment) {
    const comment = commentAbove(finding, source, `${COMMENT_MARK} (${entry.id}): ${rewritten.comment}`);
    if (!comment)
      return { leftFor: `${rewritten.description}, but no comment can be written here: ${migration.person}` };
    if (comment !== 'present') edits.push(comment);
  }
  // A rewrite that is only its comment (an SDK method whose replacement is written out there): once
  // the comment is written, the place is a person's.
  if (edits.length === 0)
    return {
      leftFor: `the replacement is written in the comment above (${rewritten.comment ?? ''}). ${migration.person}`,
    };
  return { fix: { kind: 'fix', description: rewritten.description, edits } };
}

/**
 * At an automatic entry's assisted place (`--level assisted`): the comment above the statement that
 * says the replacement and what needs a person (`commentOnly`: the place stays a finding, listed
 * for a person); the place as it was listed where the comment cannot be written or is there already.
 */
function personComment(
  finding: Finding,
  entry: CatalogueEntry,
  source: MigrationSource,
  leftFor: string,
  why?: string,
): PlannedMigration {
  const words = `${COMMENT_MARK} (${entry.id}): ${why ? `${why} ` : ''}${assistedWords(finding, entry, source)}`;
  const comment = commentAbove(finding, source, words);
  if (comment === undefined) return { leftFor };
  if (comment === 'present') return { leftFor: `${leftFor} (said in the comment above the statement)` };
  return {
    fix: { kind: 'fix', description: PERSON_COMMENT, edits: [comment] },
    commentOnly: `${leftFor} (said in the comment above the statement)`,
  };
}

/** The summary's words for a comment written at an automatic entry's assisted place. */
export const PERSON_COMMENT = 'Say above the statement what needs a person (a comment; the place stays listed)';

/**
 * What the comment at an automatic entry's assisted place says: the replacement written out from
 * the code's own values where the place gives them (the new path, the standard cipher name, the
 * header or key to drop, the request that has none), then what needs a person.
 */
function assistedWords(finding: Finding, entry: CatalogueEntry, source: MigrationSource): string {
  const migration = entry.migration!;
  const said: string[] = [];
  for (const rewrite of migration.rewrites ?? []) {
    const words = replacementWords(rewrite, finding, entry, source);
    if (words) said.push(words);
  }
  if (said.length === 0) said.push(migration.description);
  const text = `${said.join('; ')}. ${migration.person ?? ''}`.trim().replace(/\s+/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function replacementWords(
  rewrite: MigrationRewrite,
  finding: Finding,
  entry: CatalogueEntry,
  source: MigrationSource,
): string | undefined {
  const request = /^([A-Z]+(?:\|[A-Z]+)*) (\/\S+)/.exec(finding.subject);
  switch (rewrite.kind) {
    case 'path': {
      const replacement = replacementRequest(finding, entry, source.text);
      if (!replacement) return undefined;
      const keys = Object.entries(replacement.bodyKeys ?? {}).map(([from, to]) => `\`${from}\` -> \`${to}\``);
      // The code writes the segment alone (a constant): the words, not a request.
      if (!replacement.path.includes('/')) return `write \`${rewrite.to}\` for \`${rewrite.from}\` here`;
      return `send ${replacement.method ? `${replacement.method} ` : ''}${replacement.path} instead${keys.length ? ` (body ${keys.join(', ')})` : ''}`;
    }
    case 'drop-key': {
      // A read (JavaScript, TypeScript) written out: `(await loadRecord(id)).locked`.
      const read = source.tree()?.readAt(finding.range);
      if (rewrite.readValue !== undefined && read && read.read.length <= 120)
        return `\`${read.read}\` reads \`${rewrite.readValue}\` now (the field is omitted): write \`${rewrite.readValue}\` for the read, keeping what \`${read.object}\` does`;
      return `drop \`${rewrite.key}\` here (the API ignores it)${rewrite.readValue !== undefined ? `, and read it as \`${rewrite.readValue}\`` : ''}`;
    }
    case 'drop-header':
      return `remove the \`${rewrite.header}\` header of this request`;
    case 'replace-values': {
      const name = Object.keys(rewrite.values).find((candidate) => finding.subject.includes(`\`${candidate}\``));
      return name
        ? `write \`${rewrite.values[name]}\` for \`${name}\` (or drop \`${name}\` where the list already has it)`
        : undefined;
    }
    case 'remove-call':
      return request
        ? `${request[1]} ${request[2]} is retired with nothing in its place: remove the request and what uses its result`
        : 'remove the setting: it is retired with nothing in its place';
    default:
      return undefined;
  }
}

function codeOf(source: MigrationSource): typeof import('./entries/index.js') {
  if (!source.entryCode) throw new Error('the entries with code of their own were not loaded (entries/with-code.ts)');
  return source.entryCode;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

interface Rewritten {
  description: string;
  edits: TextEdit[];
  comment?: string;
}

/** Why a rewrite of this kind gave nothing at a place, in the words of the list of places left. */
const NOT_DERIVED: Record<MigrationRewrite['kind'], string> = {
  path: 'the path is not written as whole segments in the text of this place',
  'drop-key':
    'not a payload written here in JavaScript or TypeScript, nor a line that is by itself the entry in Python or Go (a key the place does not show, a write that clears the field with an empty string, or a read the entry gives no value for or whose object has a side effect)',
  'fold-keys': 'not a payload written here in JavaScript or TypeScript (a read, or a key the place does not show)',
  'drop-header':
    'the header is not written here as one removable entry (JavaScript and TypeScript: a headers object entry or a call that sets it; shell scripts, Python and Go: a line that is by itself the header)',
  'root-cause-read': 'the read cannot be written again here (JavaScript and TypeScript only)',
  'replace-values': 'the list the name is in cannot be seen whole here',
  'remove-call':
    'not a statement that only sends the request (its result is used, a declared resource, or a language other than JavaScript and TypeScript)',
};

function rewriteAt(rewrite: MigrationRewrite, finding: Finding, source: MigrationSource): Rewritten | undefined {
  switch (rewrite.kind) {
    case 'path':
      // Core derives it where the URL is written (the request's own argument, or the reported text);
      // else the reported text itself where it holds the segments once (a format string, a tagged
      // template, a path property), for a rewrite that needs nothing else of the request.
      return finding.migration?.edits.length ? finding.migration : pathInReportedText(rewrite, finding, source);
    // Payload keys, headers and reads: the splices core locates in JavaScript and TypeScript (the
    // other readers' removal spans are not exact enough to cut a key with its separator).
    case 'drop-key': {
      if (source.language !== 'javascript') return entryLine(rewrite.key, false, finding, source);
      // Core derives it where the key is written in its resource's payload (with the comment an
      // assisted entry writes); else the finding's own removal fix.
      const dropped = finding.migration ?? ownFix(finding) ?? readReplaced(rewrite, finding, source);
      // `notification_email: ''` is the provider's own way to clear the field: that write stays.
      const cleared = dropped?.edits.some((edit) =>
        /^\s*[\w$'"]+\s*:\s*(''|""|``)\s*,?\s*$/.test(source.text.slice(edit.start, edit.end)),
      );
      return cleared ? undefined : dropped;
    }
    case 'fold-keys': {
      const folded = source.language === 'javascript' ? ownFix(finding) : undefined;
      return folded && { ...folded, edits: folded.edits.map((edit) => inFileQuotes(edit, folded.edits, source.text)) };
    }
    case 'drop-header':
      return source.language === 'javascript'
        ? (ownFix(finding) ?? headerCall(rewrite.header, finding, source))
        : entryLine(rewrite.header, true, finding, source);
    case 'root-cause-read': {
      if (source.language !== 'javascript') return undefined;
      const fix = finding.fixes.find((candidate) => candidate.edits.length > 0);
      return fix
        ? { description: fix.description.replace(/ \(or use .*\)$/, ''), edits: fix.edits, ...comment(rewrite.comment) }
        : undefined;
    }
    case 'replace-values':
      return replaceValue(rewrite.values, finding, source);
    case 'remove-call':
      return removeCall(finding, source);
  }
}

function isQuote(char: string | undefined): boolean {
  return char === '"' || char === "'" || char === '`';
}

function pathInReportedText(
  rewrite: Extract<MigrationRewrite, { kind: 'path' }>,
  finding: Finding,
  source: MigrationSource,
): Rewritten | undefined {
  if (rewrite.unless || rewrite.renameBodyKey) return undefined;
  const [start, end] = finding.range;
  const written = source.text.slice(start, end);
  const escaped = escapeRegExp(rewrite.from);
  const found = [...written.matchAll(new RegExp(`(^|[/'"\`])${escaped}(?=[/?#'"\`]|$)`, 'g'))];
  if (found.length !== 1) return undefined;
  const at = start + found[0]!.index + found[0]![1]!.length;
  return {
    description: `Replace \`${rewrite.from}\` with \`${rewrite.to}\``,
    edits: [{ start: at, end: at + rewrite.from.length, text: rewrite.to }],
    ...comment(rewrite.comment),
  };
}

/**
 * Core writes a composed string in single quotes (`name: '_sip._udp.example.com'`); where the
 * object it goes into writes its strings in double quotes (the values it removes), so does the
 * inserted one.
 */
function inFileQuotes(edit: TextEdit, edits: readonly TextEdit[], text: string): TextEdit {
  const removed = edits.map((other) => text.slice(other.start, other.end)).join('');
  const quote = /['"]/.exec(removed)?.[0];
  if (quote !== '"') return edit;
  return { ...edit, text: edit.text.replace(/'((?:[^'\\"\n])*)'/g, '"$1"') };
}

/** Core's fix for the finding: this very splice (the catalogue's fix-remove, composeOuter, drop). */
function ownFix(finding: Finding): Rewritten | undefined {
  const fix = finding.fixes.find((candidate) => candidate.edits.length > 0);
  return fix ? { description: fix.description, edits: fix.edits } : undefined;
}

/**
 * In a shell script, a Python or a Go file: the line that is by itself the entry of the key or
 * header (`"locked": False,`, `-H "Transfer-Encoding: chunked" \`, `req.Header.Set(…)`).
 */
function entryLine(name: string, header: boolean, finding: Finding, source: MigrationSource): Rewritten | undefined {
  const language = source.language === 'shell' && !isShellScript(finding.file, source.text) ? 'host' : source.language;
  const removal = lineEntryRemoval(source.text, finding.range, language, name, header);
  return removal
    ? {
        description: header ? `Remove the \`${name}\` header` : `Remove \`${name}\` from the payload`,
        edits: [removal],
      }
    : undefined;
}

/** A shell script of its own (not the shell a Dockerfile, a Makefile or a CI step holds). */
function isShellScript(file: string, text: string): boolean {
  return /\.(?:sh|bash|zsh)$/i.test(file) || (!/\.[^/]+$/.test(file) && text.startsWith('#!'));
}

/** In JavaScript or TypeScript: the header set by a call (`headers.set(…);`, a chained `.set(…)`). */
function headerCall(header: string, finding: Finding, source: MigrationSource): Rewritten | undefined {
  const removal = source.js()?.headerCallRemoval(finding.range);
  if (!removal) return undefined;
  const written = source.text.slice(finding.range[0], finding.range[1]).replace(/^['"`]|['"`]$/g, '');
  return written.toLowerCase() === header.toLowerCase()
    ? { description: `Remove the \`${header}\` header`, edits: [removal] }
    : undefined;
}

/** A read of the dropped key, replaced with what the specification says it now reads as (`record.locked` → `false`). */
function readReplaced(
  rewrite: Extract<MigrationRewrite, { kind: 'drop-key' }>,
  finding: Finding,
  source: MigrationSource,
): Rewritten | undefined {
  if (rewrite.readValue === undefined) return undefined;
  const edit = source.js()?.readReplacement(finding.range, rewrite.readValue);
  return edit
    ? { description: `Replace the read of \`${rewrite.key}\` with \`${rewrite.readValue}\``, edits: [edit] }
    : undefined;
}

function comment(text: string | undefined): { comment?: string } {
  return text ? { comment: text } : {};
}

/** A draft cipher name: its RFC 7905 name, or removed where that name is already in the same list. */
function replaceValue(
  values: Record<string, string>,
  finding: Finding,
  source: MigrationSource,
): Rewritten | undefined {
  const name = Object.keys(values).find((candidate) => finding.subject.includes(`\`${candidate}\``));
  if (!name) return undefined;
  const standard = values[name]!;
  const { text } = source;
  const token = (value: string) => new RegExp(`(^|[^A-Za-z0-9_-])${value.replace(/[-]/g, '\\-')}(?=$|[^A-Za-z0-9_-])`);
  const written = text.slice(finding.range[0], finding.range[1]);
  const found = token(name).exec(written);
  if (!found) return undefined;
  const at = finding.range[0] + found.index + found[1]!.length;
  const replace = {
    description: `Replace \`${name}\` with \`${standard}\``,
    edits: [{ start: at, end: at + name.length, text: standard }],
  };
  const removed = `Remove \`${name}\` (\`${standard}\` is already in the list)`;
  // A string that is the name alone: an item of a list of strings.
  const quote = text[at - 1];
  if (isQuote(quote) && text[at + name.length] === quote) {
    const array = source.js()?.arrayOfString([at - 1, at + name.length + 1]);
    if (array) {
      if (!array.items.includes(standard)) return replace;
      return array.removal ? { description: removed, edits: [array.removal] } : undefined;
    }
    // A list the syntax tree does not show (another language, a map, JSON in a string): where the
    // standard name is written as a string elsewhere in the file, it may be in the same list (a
    // duplicate, a duplicate map key): a person decides.
    return new RegExp(`["'\`]${standard}["'\`]`).test(text) ? undefined : replace;
  }
  // A separated list in one string: `'A-OLD:B:C'`.
  if (!token(standard).test(written)) return replace;
  const after = text[at + name.length];
  const before = text[at - 1];
  if (after === ':' || after === ',')
    return { description: removed, edits: [{ start: at, end: at + name.length + 1, text: '' }] };
  if (before === ':' || before === ',')
    return { description: removed, edits: [{ start: at - 1, end: at + name.length, text: '' }] };
  return undefined;
}

/** A retired setting: the statement that only sends its request, or its item in a bulk settings edit. */
function removeCall(finding: Finding, source: MigrationSource): Rewritten | undefined {
  const js = source.js();
  // A setting of a declared resource (Pulumi, CDK for Terraform, Terraform `settings`): the
  // catalogue's resource replacement drops it from the settings.
  if (/^`settings\.[a-z_A-Z]+` in the (?:Pulumi|CDK for Terraform|Terraform) resource /.test(finding.subject)) {
    const removal = js ? js.propertyRemoval(finding.range) : source.script?.bodyItemRemoval(finding.range);
    return removal ? { description: "Drop the setting from the resource's settings", edits: [removal] } : undefined;
  }
  if (!js) {
    // Shell scripts, Python and Go: the statement that is only the request (or the helper call).
    const removal = /^[A-Z]+(?:\|[A-Z]+)* \/|^the SDK call /.test(finding.subject)
      ? source.script?.callStatementRemoval(finding.range)
      : undefined;
    return removal ? { description: 'Remove the request (its result is not used)', edits: [removal] } : undefined;
  }
  // Only a request (`PATCH /zones/:zone_id/settings/brotli`) or an SDK call: a declared resource's
  // setting (Pulumi, CDK for Terraform) is not a call to remove.
  if (
    !/^(?:[A-Z]+(?:\|[A-Z]+)* \/|the SDK call )/.test(finding.subject) &&
    !finding.subject.endsWith('in a bulk settings edit')
  )
    return undefined;
  if (finding.subject.endsWith('in a bulk settings edit')) {
    const removal = js.arrayItemRemovalByKey(finding.range, BULK_ITEM_KEY);
    return removal ? { description: 'Remove the setting from the bulk settings edit', edits: [removal] } : undefined;
  }
  const removal = js.requestStatementRemoval(finding.range);
  return removal ? { description: 'Remove the request (its result is not used)', edits: [removal] } : undefined;
}

/**
 * The comment line above the statement holding the finding, in the statement's indentation; 'present'
 * when that line already says it (an earlier pass, another finding of the same statement).
 */
function commentAbove(finding: Finding, source: MigrationSource, words: string): TextEdit | 'present' | undefined {
  const statement = (source.tree() ?? source.script)?.statementAt(finding.range);
  if (!statement || source.lineComment === undefined) return undefined;
  // The file's own line break (a CRLF file stays CRLF).
  const line = `${statement.indent}${source.lineComment} ${words}${source.text.includes('\r\n') ? '\r\n' : '\n'}`;
  // The comment lines `migrate` wrote right above the statement (one per entry there): any of them.
  for (let end = statement.start; end > 0;) {
    const previousStart = lineStart(source.text, end - 1);
    const previous = source.text.slice(previousStart, end);
    if (previous === line) return 'present';
    if (!previous.trimStart().startsWith(`${source.lineComment} ${COMMENT_MARK} (`)) break;
    end = previousStart;
  }
  return { start: statement.start, end: statement.start, text: line };
}
