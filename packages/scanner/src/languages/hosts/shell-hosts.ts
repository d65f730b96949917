import { parseDocument, isMap, isPair, isScalar, isSeq, type Node as YamlNode, type Scalar } from 'yaml';
import { hole } from '@sunset-lint/core/internal';
import { writtenValue, type Value } from '../facts-builder.js';
import type { ShellHost } from '../kinds.js';
import { MaskedText } from './mask.js';

/**
 * The shell a file holds, as text of the file's own length (hosts/mask.ts), and the variables its
 * format sets for that shell: a Dockerfile's `RUN` instructions (and `ENV`/`ARG`), a Makefile's
 * recipes (and its variables), the `run:` steps of a GitHub Actions workflow and the `script:` lines
 * of GitLab CI (and their `env:`/`variables:`).
 */
export interface ShellText {
  text: string;
  predefined: Map<string, Value>;
}

export function shellOf(source: string, host: ShellHost): ShellText {
  switch (host) {
    case 'script':
      return { text: source, predefined: new Map() };
    case 'dockerfile':
      return dockerfile(source);
    case 'makefile':
      return makefile(source);
    case 'github-actions':
    case 'gitlab-ci':
      return workflow(source, host);
  }
}

function lineStarts(source: string): number[] {
  const starts = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === '\n') starts.push(i + 1);
  return starts;
}

function dockerfile(source: string): ShellText {
  const masked = new MaskedText(source);
  const predefined = new Map<string, Value>();
  const starts = lineStarts(source);
  let i = 0;
  while (i < starts.length) {
    const start = starts[i]!;
    const lineEnd = (starts[i + 1] ?? source.length + 1) - 1;
    const line = source.slice(start, lineEnd);
    if (/^\s*#/.test(line)) {
      masked.show(start, lineEnd);
      i++;
      continue;
    }
    // The instruction and its continuation lines.
    let last = i;
    while (
      last + 1 < starts.length &&
      /\\\s*$/.test(source.slice(starts[last]!, (starts[last + 1] ?? source.length + 1) - 1))
    )
      last++;
    const end = (starts[last + 1] ?? source.length + 1) - 1;
    const instruction = /^\s*([A-Za-z]+)\s+/.exec(line);
    const keyword = instruction?.[1]?.toUpperCase();
    if (keyword === 'RUN') {
      // `RUN --mount=… --network=… command`: the flags are Docker's, the rest is the shell's.
      const flags = /^\s*RUN\s+((?:--\S+\s+)*)/i.exec(line)!;
      masked.show(start + flags[0].length, end);
    } else if ((keyword === 'ENV' || keyword === 'ARG') && instruction) {
      const body = source.slice(start + instruction[0].length, end);
      const base = start + instruction[0].length;
      const pairs = [...body.matchAll(/([A-Za-z_]\w*)=("([^"]*)"|'([^']*)'|(\S*))/g)];
      if (pairs.length)
        for (const pair of pairs) {
          const text = pair[3] ?? pair[4] ?? pair[5] ?? '';
          const offset =
            base + pair.index + pair[1]!.length + 1 + (pair[3] !== undefined || pair[4] !== undefined ? 1 : 0);
          predefined.set(pair[1]!, writtenValue(text, offset));
        }
      else {
        const legacy = /^([A-Za-z_]\w*)\s+(.+)$/.exec(body.trim());
        if (legacy) predefined.set(legacy[1]!, writtenValue(legacy[2]!, base + body.indexOf(legacy[2]!)));
      }
    }
    i = last + 1;
  }
  return { text: masked.toString(), predefined };
}

function makefile(source: string): ShellText {
  const masked = new MaskedText(source);
  const predefined = new Map<string, Value>();
  const starts = lineStarts(source);
  let inRecipe = false;
  let continued = false;
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i]!;
    const end = (starts[i + 1] ?? source.length + 1) - 1;
    const line = source.slice(start, end);
    if (line.startsWith('\t') || (continued && inRecipe)) {
      if (!inRecipe && !continued) continue;
      // `\t@curl …`, `\t-rm …`: the prefixes are make's.
      const prefix = /^\t?[@+\-\s]*/.exec(line)![0].length;
      masked.show(start + prefix, end);
      // `$$` is the shell's `$`; `$(VAR)` is make's variable, read as the shell's `${VAR}`.
      for (let k = start + prefix; k < end; k++) {
        if (source[k] === '$' && source[k + 1] === '$') {
          masked.set(k, ' ');
          k++;
        } else if (source[k] === '$' && source[k + 1] === '(') {
          const close = source.indexOf(')', k);
          if (close > 0 && close < end && /^[A-Za-z_][\w]*$/.test(source.slice(k + 2, close))) {
            masked.set(k + 1, '{');
            masked.set(close, '}');
          }
        }
      }
      continued = /\\\s*$/.test(line);
      continue;
    }
    continued = false;
    if (/^\s*#/.test(line)) {
      masked.show(start, end);
      continue;
    }
    const assignment = /^\s*(?:export\s+|override\s+)?([A-Za-z_][\w]*)\s*(?::{1,3}=|\?=|\+=|=)\s*(.*)$/.exec(line);
    if (assignment && !line.includes('\t')) {
      const value = assignment[2]!.replace(/\s+#.*$/, '').trimEnd();
      predefined.set(assignment[1]!, makeValue(value, start + line.length - assignment[2]!.length, predefined));
      inRecipe = false;
      continue;
    }
    // A rule line (`target: prerequisites`) starts a recipe.
    inRecipe = /^[^\s#=][^=]*:(?!=)/.test(line);
  }
  return { text: masked.toString(), predefined };
}

/**
 * A Makefile variable's value with make's references in it read: `$(CF_API)` or `${CF_API}` is the
 * value of a variable set before it, `$(shell …)` and any other reference a value not known
 * (`SETTINGS_URL = $(CF_API)/zones/$(ZONE_ID)/settings`).
 */
function makeValue(text: string, start: number, predefined: ReadonlyMap<string, Value>): Value {
  const value: Value = [];
  let at = 0;
  for (const found of text.matchAll(/\$(?:\(([^()]*)\)|\{([^{}]*)\})/g)) {
    value.push(...writtenValue(text.slice(at, found.index), start + at));
    const name = found[1] ?? found[2] ?? '';
    value.push(...(/^[A-Za-z_]\w*$/.test(name) ? (predefined.get(name) ?? [hole()]) : [hole()]));
    at = found.index + found[0].length;
  }
  value.push(...writtenValue(text.slice(at), start + at));
  return value;
}

function workflow(source: string, host: 'github-actions' | 'gitlab-ci'): ShellText {
  const masked = new MaskedText(source);
  const predefined = new Map<string, Value>();
  let document;
  try {
    document = parseDocument(source, { keepSourceTokens: true, strict: false, uniqueKeys: false });
  } catch {
    return { text: masked.toString(), predefined };
  }
  const scriptKeys =
    host === 'github-actions' ? new Set(['run']) : new Set(['script', 'before_script', 'after_script']);
  const envKeys = host === 'github-actions' ? new Set(['env']) : new Set(['variables']);
  const showScalar = (scalar: Scalar) => {
    const [start, , end] = scalar.range ?? [0, 0, 0];
    if (scalar.type === 'BLOCK_LITERAL' || scalar.type === 'BLOCK_FOLDED') {
      // The block's lines, after its `|` or `>` header line.
      const body = source.indexOf('\n', start);
      if (body >= 0 && body < end) {
        showShell(masked, source, body + 1, end);
        if (scalar.type === 'BLOCK_FOLDED') foldLines(masked, source, body + 1, end);
      }
    } else if (scalar.type === 'QUOTE_DOUBLE' || scalar.type === 'QUOTE_SINGLE')
      showShell(masked, source, start + 1, end - 1);
    else showShell(masked, source, start, end);
  };
  const visit = (node: YamlNode | null | undefined): void => {
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
        const value = pair.value as YamlNode | null;
        if (key && scriptKeys.has(key)) {
          if (isScalar(value)) showScalar(value);
          else if (isSeq(value)) for (const item of value.items) if (isScalar(item)) showScalar(item);
          continue;
        }
        if (key && envKeys.has(key) && isMap(value))
          for (const variable of value.items) {
            if (!isPair(variable) || !isScalar(variable.key) || !isScalar(variable.value)) continue;
            const scalar = variable.value;
            if (typeof scalar.value !== 'string') continue;
            const [start] = scalar.range ?? [0];
            const quoted = scalar.type === 'QUOTE_DOUBLE' || scalar.type === 'QUOTE_SINGLE' ? 1 : 0;
            predefined.set(
              String(variable.key.value),
              writtenValue(scalar.value, start + quoted, scalar.type === 'PLAIN' || quoted === 1),
            );
          }
        visit(value);
      }
    } else if (isSeq(node)) for (const item of node.items) visit(item as YamlNode);
  };
  visit(document.contents as YamlNode);
  return { text: masked.toString(), predefined };
}

/** Shows shell text, with GitHub's `${{ expression }}` as a variable of the same length (unknown to the script). */
/**
 * A folded block (`run: >-`) is one line where YAML folds it: a line break between two lines of
 * text at the block's indentation is a space (a more indented line keeps its break), so
 * `curl -X PATCH` and the URL on the next line are one command, as the runner gets it.
 */
function foldLines(masked: MaskedText, source: string, start: number, end: number): void {
  const indent = /^[ \t]*/.exec(source.slice(start, end))![0].length;
  for (let at = source.indexOf('\n', start); at >= 0 && at < end - 1; at = source.indexOf('\n', at + 1)) {
    const next = /^([ \t]*)(\S?)/.exec(source.slice(at + 1, end))!;
    const previous = source.slice(source.lastIndexOf('\n', at - 1) + 1, at);
    const previousIndent = /^[ \t]*/.exec(previous)![0].length;
    if (next[2] && next[1]!.length === indent && previous.trim() && previousIndent === indent) masked.set(at, ' ');
  }
}

function showShell(masked: MaskedText, source: string, start: number, end: number): void {
  masked.show(start, end);
  const text = source.slice(start, end);
  for (const found of text.matchAll(/\$\{\{[^}]*\}\}/g))
    masked.show(start + found.index, start + found.index + found[0].length, '$' + '_'.repeat(found[0].length - 1));
}
