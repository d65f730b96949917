import { parseDay } from '../grading/day.js';
import type { RuleName } from '../catalogue/types.js';
import type { PlacedComment } from './comments.js';
import { type InlineRuleConfig, type InvalidConfig, parseInlineConfig } from './inline-config.js';

/** The namespace the ESLint plugin is registered under: rules are `sunset-lint/<rule>`. */
export const PLUGIN_NAMESPACE = 'sunset-lint';
/** The deprecated namespace of upcoming findings under `recommended-by-grade` before 0.1 (see the plugin). */
export const UPCOMING_NAMESPACE = 'sunset-lint-upcoming';
/** The rule namespaces a directive may name our rules by. */
export const RULE_NAMESPACES = [PLUGIN_NAMESPACE, UPCOMING_NAMESPACE] as const;

export const IGNORE_KEYWORD = 'sunset-lint-ignore';

export type EslintDirectiveType = 'disable' | 'enable' | 'disable-line' | 'disable-next-line';

/** An ESLint directive comment, parsed as ESLint parses it. */
export interface EslintDirective {
  kind: 'eslint';
  type: EslintDirectiveType;
  /** The rule names listed, as written; undefined: all rules. */
  rules: string[] | undefined;
  justification: string;
  comment: PlacedComment;
}

/** `sunset-lint-ignore <entry>[, <entry>…] -- <reason>[ until YYYY-MM-DD]`. */
export interface IgnoreComment {
  kind: 'ignore';
  entryIds: string[];
  reason: string;
  /** The last day the comment silences (`until`), `YYYY-MM-DD`. */
  until?: string;
  /** The line whose findings it silences: its own when it trails code, else the next one. */
  targetLine: number;
  comment: PlacedComment;
}

/** A sunset-lint-ignore that cannot be applied; reported, never silently ignored. */
export interface InvalidIgnore {
  kind: 'invalid';
  entryIds: string[];
  message: string;
  comment: PlacedComment;
}

/** `/* eslint sunset-lint/<rule>: … *\/`: our rules it configures for the whole file (inline-config.ts). */
export interface InlineConfig {
  kind: 'config';
  rules: Map<RuleName, InlineRuleConfig>;
  /** What ESLint would call an error in it (an unknown rule of ours, an invalid severity or option). */
  invalid: InvalidConfig[];
  comment: PlacedComment;
}

export type Directive = EslintDirective | IgnoreComment | InvalidIgnore | InlineConfig;

/** ESLint's split of a directive from its description: the first `--` (two or more) between blanks. */
const DESCRIPTION_SEPARATOR = /\s-{2,}\s/u;
/** ESLint's directive label pattern (@eslint/plugin-kit's ConfigCommentParser). */
const LABEL = /^([a-z]+(?:-[a-z]+)*)(?:\s|$)/u;
/** A reason that ends in `until <token>`, where the token is meant as a date (it has a digit). */
const UNTIL = /(?:^|\s)until\s+(\S*\d\S*)$/u;

/** The directives among a file's comments, in source order. */
export function parseDirectives(comments: readonly PlacedComment[], knownEntry: (id: string) => boolean): Directive[] {
  const directives: Directive[] = [];
  for (const comment of comments) {
    const directive = parseDirective(comment, knownEntry);
    if (directive) directives.push(directive);
  }
  return directives;
}

function parseDirective(comment: PlacedComment, knownEntry: (id: string) => boolean): Directive | undefined {
  const separator = DESCRIPTION_SEPARATOR.exec(comment.value);
  const directivePart = (separator ? comment.value.slice(0, separator.index) : comment.value).trim();
  const description = separator ? comment.value.slice(separator.index + separator[0].length).trim() : '';
  const label = LABEL.exec(directivePart)?.[1];
  if (label === undefined) return undefined;
  const rest = directivePart.slice(label.length);
  if (label === IGNORE_KEYWORD) return parseIgnore(comment, rest, separator !== null, description, knownEntry);
  // As ESLint: rule configuration only in a block comment.
  if (label === 'eslint')
    return comment.kind === 'block'
      ? { kind: 'config', ...parseInlineConfig(rest, PLUGIN_NAMESPACE), comment }
      : undefined;
  const type = eslintType(label);
  // As ESLint: in a line comment only the -line forms are directives; -line must fit on one line.
  if (!type) return undefined;
  if (comment.kind === 'line' && type !== 'disable-line' && type !== 'disable-next-line') return undefined;
  if (type === 'disable-line' && comment.line !== comment.endLine) return undefined;
  const rules = listOf(rest);
  return { kind: 'eslint', type, rules: rules.length ? rules : undefined, justification: description, comment };
}

function eslintType(label: string): EslintDirectiveType | undefined {
  switch (label) {
    case 'eslint-disable':
      return 'disable';
    case 'eslint-enable':
      return 'enable';
    case 'eslint-disable-line':
      return 'disable-line';
    case 'eslint-disable-next-line':
      return 'disable-next-line';
    default:
      return undefined;
  }
}

/** ESLint's list syntax: comma-separated, each item trimmed and unquoted. */
function listOf(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim().replace(/^(['"]?)(.*)\1$/su, '$2'))
    .filter((item) => item !== '');
}

function parseIgnore(
  comment: PlacedComment,
  idText: string,
  hasSeparator: boolean,
  description: string,
  knownEntry: (id: string) => boolean,
): IgnoreComment | InvalidIgnore {
  const entryIds = listOf(idText);
  const invalid = (message: string): InvalidIgnore => ({ kind: 'invalid', entryIds, message, comment });
  const usage = `${IGNORE_KEYWORD} <entry-id>[, <entry-id>…] -- <reason>[ until YYYY-MM-DD]`;
  if (entryIds.length === 0) return invalid(`${IGNORE_KEYWORD} names no catalogue entry (${usage})`);
  const unknown = entryIds.filter((id) => !knownEntry(id));
  if (unknown.length)
    return invalid(
      `${IGNORE_KEYWORD} names ${unknown.length === 1 ? 'an unknown catalogue entry' : 'unknown catalogue entries'}: ${unknown.map((id) => `'${id}'`).join(', ')}`,
    );
  let reason = description;
  let until: string | undefined;
  const untilMatch = UNTIL.exec(description);
  if (untilMatch) {
    const day = untilMatch[1]!;
    if (!parseDay(day)) return invalid(`${IGNORE_KEYWORD}: 'until ${day}' is not a calendar date (YYYY-MM-DD)`);
    until = day;
    reason = description.slice(0, untilMatch.index).trim();
  }
  if (!hasSeparator || reason === '') return invalid(`${IGNORE_KEYWORD} needs a reason after ' -- ' (${usage})`);
  const targetLine = comment.codeBefore ? comment.line : comment.endLine + 1;
  return { kind: 'ignore', entryIds, reason, ...(until ? { until } : {}), targetLine, comment };
}
