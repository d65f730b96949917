import type { RuleName } from '../catalogue/types.js';
import { RULE_NAMES } from '../catalogue/rule-table.js';
import { GRADES, type Grade } from '../grading/grade.js';

/**
 * A rule's configuration from an inline `/* eslint sunset-lint/<rule>: … *\/` comment, as ESLint
 * applies it: 0 off (the rule reports nothing), 1 warn (all its reports are warnings), 2 error (the
 * scanner's severities by grade, as under `recommended-by-grade`); `grades` as the rule's option.
 */
export interface InlineRuleConfig {
  severity: 0 | 1 | 2;
  grades?: Grade[];
}

/** What ESLint reports as an error of an inline configuration, under the rule it names (if any). */
export interface InvalidConfig {
  message: string;
  ruleId?: string;
}

const SEVERITIES: Readonly<Record<string, 0 | 1 | 2>> = { off: 0, warn: 1, error: 2, 0: 0, 1: 1, 2: 2 };

/**
 * The rules of ours an `eslint` comment's body configures, parsed as ESLint's comment parser does
 * (`@eslint/plugin-kit`: levn's notation, `rule: off`, `rule: [warn, {grades: [expired]}]`, else
 * JSON with its keys quoted). A comment ESLint cannot parse configures nothing; an entry of ours
 * with an unknown rule, an invalid severity or option is ignored: both are `invalid`, as ESLint
 * reports them as errors. Other rules are ESLint's business.
 */
export function parseInlineConfig(
  body: string,
  namespace: string,
): { rules: Map<RuleName, InlineRuleConfig>; invalid: InvalidConfig[] } {
  const rules = new Map<RuleName, InlineRuleConfig>();
  const items = parseItems(body);
  if (!items) return { rules, invalid: [{ message: `the inline configuration '${body.trim()}' cannot be parsed` }] };
  const invalid: InvalidConfig[] = [];
  for (const [key, value] of Object.entries(items)) {
    if (!key.startsWith(`${namespace}/`)) continue;
    const rule = key.slice(namespace.length + 1) as RuleName;
    if (!RULE_NAMES.includes(rule)) {
      invalid.push({ message: `Definition for rule '${key}' was not found.`, ruleId: key });
      continue;
    }
    const config = ruleConfig(value);
    if (config) rules.set(rule, config);
    else
      invalid.push({
        message: `Inline configuration for rule "${key}" is invalid (severity: off, warn, error, 0, 1 or 2; option: { grades: [...] }).`,
        ruleId: key,
      });
  }
  return { rules, invalid };
}

function parseItems(body: string): Record<string, unknown> | undefined {
  const levn = parseLevnObject(body);
  if (levn && Object.values(levn).every(validSeverity)) return levn;
  // ESLint's fallback for the notation without commas: keys quoted, then JSON.
  const normalized = body
    .replace(/(?<![-a-zA-Z0-9/])([-a-zA-Z0-9/]+):/gu, '"$1":')
    .replace(/([\]0-9])\s+(?=")/u, '$1,');
  try {
    const parsed: unknown = JSON.parse(`{${normalized}}`);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function severityOf(value: unknown): 0 | 1 | 2 | undefined {
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  if (typeof first !== 'string' && typeof first !== 'number') return undefined;
  return Object.hasOwn(SEVERITIES, String(first)) && (typeof first === 'number' || !/^\d$/.test(first))
    ? SEVERITIES[String(first)]
    : undefined;
}

function validSeverity(value: unknown): boolean {
  return severityOf(value) !== undefined;
}

function ruleConfig(value: unknown): InlineRuleConfig | undefined {
  const severity = severityOf(value);
  if (severity === undefined) return undefined;
  const options = Array.isArray(value) ? (value as unknown[]).slice(1) : [];
  if (options.length === 0) return { severity };
  if (options.length > 1) return undefined;
  const option = options[0];
  if (!option || typeof option !== 'object' || Array.isArray(option)) return undefined;
  const keys = Object.keys(option);
  if (keys.some((key) => key !== 'grades')) return undefined;
  const grades = (option as { grades?: unknown }).grades;
  if (grades === undefined) return { severity };
  if (
    !Array.isArray(grades) ||
    grades.length === 0 ||
    new Set(grades).size !== grades.length ||
    !grades.every((grade) => GRADES.includes(grade as Grade))
  )
    return undefined;
  return { severity, grades: grades as Grade[] };
}

/**
 * levn's `Object` notation, as far as rule configurations use it: `key: value` pairs separated by
 * commas, braces optional around the whole; values are numbers, `true`/`false`/`null`, quoted or
 * bare strings, arrays and objects. Undefined where levn would fail.
 */
function parseLevnObject(text: string): Record<string, unknown> | undefined {
  const reader = { text, at: 0 };
  skipSpace(reader);
  const braced = reader.text[reader.at] === '{';
  try {
    const value = braced ? readValue(reader) : readPairs(reader, undefined);
    skipSpace(reader);
    if (reader.at !== reader.text.length || !value || typeof value !== 'object' || Array.isArray(value))
      return undefined;
    return value as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

interface Reader {
  text: string;
  at: number;
}

function skipSpace(reader: Reader): void {
  while (reader.at < reader.text.length && /\s/u.test(reader.text[reader.at]!)) reader.at++;
}

function readPairs(reader: Reader, close: string | undefined): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  skipSpace(reader);
  if (close && reader.text[reader.at] === close) return object;
  for (;;) {
    skipSpace(reader);
    const key = readWord(reader);
    skipSpace(reader);
    if (reader.text[reader.at] !== ':') throw new Error('expected :');
    reader.at++;
    object[String(key)] = readValue(reader);
    skipSpace(reader);
    if (reader.text[reader.at] !== ',') return object;
    reader.at++;
  }
}

function readValue(reader: Reader): unknown {
  skipSpace(reader);
  const char = reader.text[reader.at];
  if (char === '[') {
    reader.at++;
    const list: unknown[] = [];
    skipSpace(reader);
    if (reader.text[reader.at] === ']') {
      reader.at++;
      return list;
    }
    for (;;) {
      list.push(readValue(reader));
      skipSpace(reader);
      const next = reader.text[reader.at++];
      if (next === ']') return list;
      if (next !== ',') throw new Error('expected , or ]');
    }
  }
  if (char === '{') {
    reader.at++;
    const object = readPairs(reader, '}');
    skipSpace(reader);
    if (reader.text[reader.at++] !== '}') throw new Error('expected }');
    return object;
  }
  return readWord(reader);
}

/** A quoted string, or a bare word read as a number, boolean, null or string. */
function readWord(reader: Reader): unknown {
  const char = reader.text[reader.at];
  if (char === '"' || char === "'") {
    let value = '';
    reader.at++;
    while (reader.at < reader.text.length && reader.text[reader.at] !== char) {
      if (reader.text[reader.at] === '\\') reader.at++;
      value += reader.text[reader.at++] ?? '';
    }
    if (reader.text[reader.at++] !== char) throw new Error('unterminated string');
    return value;
  }
  const match = /^[^\s,:[\]{}'"]+/u.exec(reader.text.slice(reader.at));
  if (!match) throw new Error('expected a value');
  reader.at += match[0].length;
  const word = match[0];
  if (word === 'true') return true;
  if (word === 'false') return false;
  if (word === 'null') return null;
  if (/^-?\d+(?:\.\d+)?$/u.test(word)) return Number(word);
  return word;
}
