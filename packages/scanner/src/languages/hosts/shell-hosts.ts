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
    const heredoc = keyword === 'RUN' ? /^\s*RUN\s+(?:--\S+\s+)*<<-?\s*(["']?)(\w+)\1\s*$/i.exec(line) : null;
    if (heredoc) {
      // `RUN <<EOT` … `EOT` (BuildKit): the lines between are the script.
      let close = i + 1;
      while (close < starts.length) {
        const text = source.slice(starts[close]!, (starts[close + 1] ?? source.length + 1) - 1);
        if (text.trim() === heredoc[2]) break;
        close++;
      }
      // Up to the line break before the closing word (the whole rest of the file when it is missing).
      if (close > i + 1) masked.show(starts[i + 1]!, (starts[close] ?? source.length + 1) - 1);
      i = close + 1;
      continue;
    }
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
  let inDefine = false;
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i]!;
    const end = (starts[i + 1] ?? source.length + 1) - 1;
    const line = source.slice(start, end);
    // `define cf_get` … `endef`, run by `$(call cf_get,PATH)`: a shell function of the recipes
    // (`cf_get() {` … `}`, its `$(1)` the function's `${1}`).
    const defined = /^define\s+([A-Za-z_][\w]*)\s*$/.exec(line);
    if (defined && line.length >= defined[1]!.length + 4) {
      masked.show(start, end, `${defined[1]!}() {`.padEnd(line.length, ' '));
      inDefine = true;
      inRecipe = false;
      continue;
    }
    if (inDefine && /^endef\s*$/.test(line)) {
      masked.show(start, end, '}'.padEnd(line.length, ' '));
      inDefine = false;
      continue;
    }
    if (inDefine || line.startsWith('\t') || (continued && inRecipe)) {
      if (!inDefine && !inRecipe && !continued) continue;
      // `\t@curl …`, `\t-rm …`: the prefixes are make's.
      const prefix = /^\t?[@+\-\s]*/.exec(line)![0].length;
      masked.show(start + prefix, end);
      showMakeReferences(masked, source, start + prefix, end);
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
 * Make's references in a recipe line, as the shell reads them: `$$` is the shell's `$`; `$(VAR)` (and
 * `$(1)` in a `define`) is make's variable, read as the shell's `${VAR}`; `$(call NAME,A,B)` runs the
 * function a `define` made (`NAME A B`, each argument one word).
 */
function showMakeReferences(masked: MaskedText, source: string, from: number, end: number): void {
  for (let k = from; k < end; k++) {
    if (source[k] === '$' && source[k + 1] === '$') {
      // One `$` of two goes; the character it frees goes after what follows, not before the `$`,
      // which would split `status=$$(curl …)` into an empty assignment and a command.
      const next = source[k + 2];
      if (k + 2 >= end) {
        // `$$` ending the line: the shell's `$`, then a blank.
        masked.set(k + 1, ' ');
        k++;
        continue;
      }
      if (next === '(') {
        // `$$(cmd` reads `$( cmd`.
        masked.set(k + 1, '(');
        masked.set(k + 2, ' ');
        k += 2;
        continue;
      }
      // `$${VAR}`, `$$VAR`, `$$?`: the expansion moves left by one and a blank follows it.
      let last = k + 2;
      if (next === '{') last = source.indexOf('}', k + 2);
      else if (next !== undefined && /[A-Za-z_]/.test(next))
        while (last + 1 < end && /\w/.test(source[last + 1]!)) last++;
      if (last < 0 || last >= end) last = k + 2;
      for (let j = k + 1; j < last; j++) masked.set(j, source[j + 1]!);
      masked.set(last, ' ');
      k = last;
    } else if (source[k] === '$' && source[k + 1] === '(') {
      if (source.startsWith('call ', k + 2)) {
        // The matching parenthesis, and the commas between the arguments at its level.
        let depth = 0;
        let close = -1;
        const commas: number[] = [];
        for (let j = k + 1; j < end; j++) {
          if (source[j] === '(') depth++;
          else if (source[j] === ')' && --depth === 0) {
            close = j;
            break;
          } else if (source[j] === ',' && depth === 1) commas.push(j);
        }
        if (close < 0) continue;
        for (let j = k; j < k + 7; j++) masked.set(j, ' ');
        for (const comma of commas) masked.set(comma, ' ');
        masked.set(close, ' ');
        k += 6;
        continue;
      }
      const close = source.indexOf(')', k);
      if (close > 0 && close < end && /^([A-Za-z_][\w]*|\d)$/.test(source.slice(k + 2, close))) {
        masked.set(k + 1, '{');
        masked.set(close, '}');
      }
    }
  }
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
  const matrix = matrixValues(document.contents as YamlNode);
  // GitLab's `parallel: matrix: [{ SETTING: [a, b] }]` sets variables the script reads as `$SETTING`.
  if (host === 'gitlab-ci') for (const [name, value] of matrix) predefined.set(name, value);
  const scriptKeys =
    host === 'github-actions' ? new Set(['run']) : new Set(['script', 'before_script', 'after_script']);
  const envKeys = host === 'github-actions' ? new Set(['env']) : new Set(['variables']);
  const showScalar = (scalar: Scalar) => {
    const [start, , end] = scalar.range ?? [0, 0, 0];
    if (scalar.type === 'BLOCK_LITERAL' || scalar.type === 'BLOCK_FOLDED') {
      // The block's lines, after its `|` or `>` header line.
      const body = source.indexOf('\n', start);
      if (body >= 0 && body < end) {
        showShell(masked, source, body + 1, end, matrix, predefined);
        if (scalar.type === 'BLOCK_FOLDED') foldLines(masked, source, body + 1, end);
      }
    } else if (scalar.type === 'QUOTE_DOUBLE' || scalar.type === 'QUOTE_SINGLE')
      showShell(masked, source, start + 1, end - 1, matrix, predefined);
    else showShell(masked, source, start, end, matrix, predefined);
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

function showShell(
  masked: MaskedText,
  source: string,
  start: number,
  end: number,
  matrix: ReadonlyMap<string, Value> = new Map(),
  predefined?: Map<string, Value>,
): void {
  masked.show(start, end);
  const text = source.slice(start, end);
  for (const found of text.matchAll(/\$\{\{[^}]*\}\}/g)) {
    const at = start + found.index;
    const length = found[0].length;
    // `${{ matrix.setting }}`: a variable of the same length that holds each of the matrix's values.
    const key = /^\$\{\{\s*matrix\.([\w-]+)\s*\}\}$/.exec(found[0])?.[1];
    const values = key !== undefined ? matrix.get(key) : undefined;
    const name = `gha_matrix_${(key ?? '').replace(/-/g, '_')}`;
    if (values && predefined && name.length <= length - 3) {
      const variable = name.padEnd(length - 3, '_');
      predefined.set(variable, values);
      masked.show(at, at + length, '${' + variable + '}');
    } else masked.show(at, at + length, '$' + '_'.repeat(length - 1));
  }
}

/**
 * A workflow's `strategy.matrix` lists of strings (`setting: [brotli, mobile_redirect]`), each as a
 * value that is one of its items where it is written, for the steps that read `${{ matrix.setting }}`.
 */
function matrixValues(root: YamlNode): Map<string, Value> {
  const values = new Map<string, Value>();
  const visit = (node: YamlNode | null | undefined): void => {
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const value = pair.value as YamlNode | null;
        const rows =
          isScalar(pair.key) && pair.key.value === 'matrix'
            ? isMap(value)
              ? value.items
              : isSeq(value)
                ? value.items.flatMap((item) => (isMap(item) ? item.items : []))
                : []
            : [];
        for (const row of rows) {
          if (!isPair(row) || !isScalar(row.key) || !isSeq(row.value)) continue;
          const items = row.value.items.filter(
            (item): item is Scalar => isScalar(item) && typeof item.value === 'string',
          );
          if (items.length === 0 || items.length > 32) continue;
          values.set(String(row.key.value), [
            hole({
              alternatives: items.map((item) => {
                const quoted = item.type === 'QUOTE_DOUBLE' || item.type === 'QUOTE_SINGLE' ? 1 : 0;
                return writtenValue(String(item.value), (item.range?.[0] ?? 0) + quoted);
              }),
            }),
          ]);
        }
        visit(value);
      }
    } else if (isSeq(node)) for (const item of node.items) visit(item as YamlNode);
  };
  visit(root);
  return values;
}
