import {
  MIGRATION_CLASSES,
  type CatalogueEntry,
  type Finding,
  type FindingFix,
  type MigrationClass,
  type MigrationRewrite,
  type TextEdit,
} from '@sunset-lint/core';
import type { JsPlaces } from './js-places.js';
import { COMMENT_MARK, keepingQuotes, lineStart } from './text.js';

/** How far `migrate` goes: the automatic entries only (default), or the assisted ones' derivable parts too. */
export type MigrationLevel = Exclude<MigrationClass, 'manual'>;
export const MIGRATION_LEVELS: readonly MigrationLevel[] = MIGRATION_CLASSES.filter(
  (level): level is MigrationLevel => level !== 'manual',
);

/** The file a finding is in, as `migrate` reads it: its text, and its syntax tree for JavaScript and TypeScript. */
export interface MigrationSource {
  text: string;
  /** Undefined for the other languages (shell, Python, Go, Terraform, documentation). */
  js: () => JsPlaces | undefined;
}

/** What `migrate` does at one finding: the edits (one fix, all or nothing), or why a person has to. */
export type PlannedMigration = { fix: FindingFix } | { leftFor: string };

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
  if (migration.class === 'manual')
    return { leftFor: `manual migration: ${migration.person ?? migration.description}` };
  if (migration.class === 'assisted' && level === 'automatic')
    return { leftFor: 'assisted migration: run with --level assisted for the part that can be derived' };
  let rewritten: Rewritten | undefined;
  for (const rewrite of migration.rewrites ?? []) {
    rewritten = rewriteAt(rewrite, finding, source);
    if (rewritten) break;
  }
  if (!rewritten) return { leftFor: migration.person ?? 'nothing here can be rewritten from the code' };
  const edits = rewritten.edits.map((edit) => keepingQuotes(source.text, edit));
  if (migration.class === 'assisted' && rewritten.comment) {
    const comment = commentAbove(finding, source, `${COMMENT_MARK} (${entry.id}): ${rewritten.comment}`);
    if (!comment)
      return { leftFor: `${rewritten.description}, but no comment can be written here: ${migration.person}` };
    if (comment !== 'present') edits.push(comment);
  }
  return { fix: { kind: 'fix', description: rewritten.description, edits } };
}

interface Rewritten {
  description: string;
  edits: TextEdit[];
  comment?: string;
}

function rewriteAt(rewrite: MigrationRewrite, finding: Finding, source: MigrationSource): Rewritten | undefined {
  switch (rewrite.kind) {
    case 'path':
      // Core derives it where the URL is written (the request's own argument, or the reported text).
      return finding.migration;
    case 'drop-key':
    case 'fold-keys':
    case 'drop-header': {
      // Core's fix for the finding is this very splice (the catalogue's fix-remove, composeOuter, drop).
      const fix = finding.fixes.find((candidate) => candidate.edits.length > 0);
      return fix ? { description: fix.description, edits: fix.edits } : undefined;
    }
    case 'root-cause-read': {
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
  const [start, end] = finding.range;
  const written = source.text.slice(start, end);
  const quote = written[0];
  // One string that is the name: an item of an array, the list itself.
  if (written === `${quote}${name}${quote}`) {
    const array = source.js()?.arrayOfString(finding.range);
    if (array) {
      if (array.items.includes(standard))
        return array.removal
          ? { description: `Remove \`${name}\` (\`${standard}\` is already in the list)`, edits: [array.removal] }
          : undefined;
    } else if (new RegExp(`["'\`]${standard}["'\`]`).test(source.text)) {
      // A list the syntax tree does not show (another language, a map): the standard name written
      // elsewhere in the file may be in the same list (a duplicate, or a duplicate map key).
      return undefined;
    }
    return {
      description: `Replace \`${name}\` with \`${standard}\``,
      edits: [{ start: start + 1, end: start + 1 + name.length, text: standard }],
    };
  }
  // A separated list in one string: `'A-OLD:B:C'`.
  const token = (text: string) => new RegExp(`(^|[^A-Za-z0-9_-])${text.replace(/[-]/g, '\\-')}(?=$|[^A-Za-z0-9_-])`);
  const found = token(name).exec(written);
  if (!found) return undefined;
  const at = start + found.index + found[1]!.length;
  if (!token(standard).test(written))
    return {
      description: `Replace \`${name}\` with \`${standard}\``,
      edits: [{ start: at, end: at + name.length, text: standard }],
    };
  const after = source.text[at + name.length];
  const before = source.text[at - 1];
  if (after === ':' || after === ',')
    return {
      description: `Remove \`${name}\` (\`${standard}\` is already in the list)`,
      edits: [{ start: at, end: at + name.length + 1, text: '' }],
    };
  if (before === ':' || before === ',')
    return {
      description: `Remove \`${name}\` (\`${standard}\` is already in the list)`,
      edits: [{ start: at - 1, end: at + name.length, text: '' }],
    };
  return undefined;
}

/** A retired setting: the statement that only sends its request, or its item in a bulk settings edit. */
function removeCall(finding: Finding, source: MigrationSource): Rewritten | undefined {
  const js = source.js();
  if (!js) return undefined;
  // Only a request (`PATCH /zones/:zone_id/settings/brotli`) or an SDK call: a declared resource's
  // setting (Pulumi, CDK for Terraform) is not a call to remove.
  if (
    !/^(?:[A-Z]+(?:\|[A-Z]+)* \/|the SDK call )/.test(finding.subject) &&
    !finding.subject.endsWith('in a bulk settings edit')
  )
    return undefined;
  if (finding.subject.endsWith('in a bulk settings edit')) {
    const removal = js.arrayItemRemovalByKey(finding.range, 'id');
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
  const statement = source.js()?.statementAt(finding.range);
  if (!statement) return undefined;
  // The file's own line break (a CRLF file stays CRLF).
  const line = `${statement.indent}// ${words}${source.text.includes('\r\n') ? '\r\n' : '\n'}`;
  const previousStart = lineStart(source.text, Math.max(0, statement.start - 1));
  if (statement.start > 0 && source.text.slice(previousStart, statement.start) === line) return 'present';
  return { start: statement.start, end: statement.start, text: line };
}
