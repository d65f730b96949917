import { isRequestCommandLine, otherHost } from '@sunset-lint/core/internal';
import type { FactsBuilder, ObjectLiteral, Value } from '../facts-builder.js';
import { writtenValue } from '../facts-builder.js';
import { MaskedText } from '../hosts/mask.js';
import { objectsInJsonText } from '../json-text.js';
import { objectsInText } from './structures.js';
import { basesElsewhere, concatenations, joinedSegments } from './concatenation.js';
import { COMMENT_LINE, isSentence, OWN_ROUTE } from './lines.js';
import { readsAndChecks } from './reads.js';
import { headerCalls, headersIn, requestsDescribed } from './requests.js';
import { settingsNamed } from './settings-named.js';
import { HISTORY } from '../docs/reference-lines.js';

/**
 * Text files of formats no grammar here reads (a `Jenkinsfile`, a `justfile`, Nix, fish, an `.http`
 * request file, AsciiDoc, Org, a YAML pipeline of another CI): what `grep` would find in them is
 * found here too.
 *
 * - Shell: the multi-line strings that hold a request command (Groovy's `sh '''…'''`, Nix's
 *   `''…''`), and elsewhere each line that runs one (`curl`, `wget`, HTTPie, `xh`, `jq`) with its
 *   `\` continuations, are read by the shell reader, as a runbook's blocks are. A template's
 *   `{{name}}` (just, `.http`) and Groovy's `${env.NAME}` are variables there, and a variable the
 *   file sets (`api := "https://…"`, `@api = https://…`) has its value.
 * - Every other line is read as the grep floor reads code: each quoted string and each word holding
 *   a `/` is written text, whose retired path is a finding at medium confidence unless the text is
 *   prose. Comment lines are skipped, and so are lines whose `{{name}}` is a URL of another host.
 */
export interface PlainText {
  /** The file's text with only its shell showing (offsets kept), and that shell's variables. */
  shell?: { masked: string; predefined: Map<string, Value> };
  /** What the text readers leave alone: the shell stretches, and lines that use another host. */
  skip: Array<[number, number]>;
}

/** A command word that runs a request or reads its answer. */
/** A YAML flow list that runs a shell script: `- [ sh, -c, '…' ]` (cloud-init's `runcmd`). */
const FLOW_SHELL = /^\s*-?\s*\[\s*(?:\S*\/)?(?:ba|da|z)?sh\s*,\s*-\w*c\s*,\s*(["'])/;
const COMMAND = /(?:^|[\s"'`(=;|&{])((?:curl|wget|xh|jq)\s|https?\s+(?:-\S+\s+)*(?:GET|POST|PUT|PATCH|DELETE|HEAD)\s)/;
/** What a host format writes before a command (`sh "`, `- `, `run: `, `command: '`, cloud-init's `- [ sh, -c, '`): the shell starts after it. */
const HOST_PREFIX =
  /^\s*(?:-\s+)?(?:[\w.-]+\s*[:=]\s*)?(?:(?:sh|bat|exec|run)\s*\(?\s*)?(?:\S*\/(?:ba|da|z)?sh\s+(?:-\w+\s+)+)?(?:\[\s*(?:\S*\/)?(?:ba|da|z)?sh\s*,\s*-\w+\s*,\s*)?(["'`]{1,3})?\s*$/;
/**
 * Quoted strings, words holding a `/`, and OpenSSL cipher lists written bare (nginx's
 * `ssl_ciphers ECDHE-…-OLD:ECDHE-…;`), on one line.
 */
const TOKEN =
  /"((?:[^"\\\n]|\\.)*)"|'([^'\n]*)'|`([^`\n]*)`|([^\s"'`]*\/[^\s"'`]*)|(?<![\w-])([A-Z][A-Z0-9]*(?:[-_][A-Z0-9]+)+(?::[!+-]?[\w@=.-]+)*)/g;
/** A variable the file sets: just's `name := "…"`, an `.http` file's `@name = …`, `NAME = "…"`, Nix's `name = "…";`. */
const DEFINITION = /^[ \t]*@?([A-Za-z_][\w-]*)[ \t]*:?=[ \t]*(?:"([^"\n]*)"|'([^'\n]*)'|([^\s"';]+))[ \t]*;?[ \t]*$/gm;
/** A YAML file's `NAME: value` (a Taskfile's `vars:`), read only where a placeholder names it. */
const YAML_VALUE = /^[ \t]+([A-Za-z_]\w*):[ \t]+(?:"([^"\n]*)"|'([^'\n]*)'|([^\s"'#][^\s#]*))[ \t]*$/gm;
/** A shell variable read (`$MOCK`, `${MOCK}`). */
const SHELL_VARIABLE = /\$\{?([A-Za-z_]\w*)/g;
/** A template placeholder (`{{api}}`, `{{ zone }}`, Go templates' `{{.API}}`). */
const PLACEHOLDER = /\{\{(\s*\.?)([A-Za-z_][\w-]*)(\s*)\}\}/g;
/** A YAML key or list item whose value is a block scalar (`content: |`, `- |-`): its indentation. */
const YAML_BLOCK_SCALAR = /^([ \t]*)(?:-[ \t]+)?(?:[\w.-]+:[ \t]*)?([|>])[-+]?\d*[ \t]*$/;
/** `sh -c "…"`, `/bin/bash -lc '…'`: a shell given its script as one argument. */
const SHELL_C = /^(\s*(?:\S*\/)?(?:ba|da|z)?sh\s+(?:-\w+\s+)*-\w*c\s+)(["'])/;

/** The script a `sh -c "…"` runs, in place of the command (offsets kept: the wrapper is blanked, `\"` is `"`). */
function scriptInside(stretch: string): string {
  const found = SHELL_C.exec(stretch);
  if (!found) return stretch;
  const quote = found[2]!;
  const open = found[0].length;
  const close = stretch.lastIndexOf(quote);
  if (close <= open) return stretch;
  const inner = stretch.slice(open, close);
  const unescaped = quote === '"' ? inner.replace(/\\(["$`\\])/g, ' $1') : inner;
  return ' '.repeat(open) + unescaped + ' ' + stretch.slice(close + 1);
}
/** A multi-line string: `'''`, `"""` (Groovy, Python-like hosts) or Nix's `''`, its opening at a line's end. */
const BLOCK_OPEN = /('''|"""|'')[ \t]*$/;

export function readPlainTextFile(text: string, apiHosts: readonly string[], file = ''): PlainText {
  // A Windows batch file's `curl.exe` lines are no POSIX shell (`%VAR%`, `^|`, `for /f`): text only.
  // Nor is fish (`for t in (cfapi GET …)`, `set -l url (string join / …)`).
  if (/\.(cmd|bat|fish)$/i.test(file)) return { skip: [] };
  const definitions = new Map<string, { value: string; at: number }>();
  for (const found of [...text.matchAll(DEFINITION), ...text.matchAll(YAML_VALUE)]) {
    const value = found[2] ?? found[3] ?? found[4]!;
    const name = found[1]!;
    if (!definitions.has(name)) definitions.set(name, { value, at: found.index + found[0].indexOf(value) });
  }
  const namesOtherHost = (name: string) => {
    const value = definitions.get(name)?.value;
    return value !== undefined && /^https?:\/\//.test(value) && otherHost(value, apiHosts);
  };
  // `{{stub}}`, or a shell variable the file sets (`MOCK=http://127.0.0.1:8787/…` in a bats file).
  const otherHostLine = (line: string) =>
    [...line.matchAll(PLACEHOLDER)].some((found) => namesOtherHost(found[2]!)) ||
    [...line.matchAll(SHELL_VARIABLE)].some((found) => namesOtherHost(found[1]!));

  const masked = new MaskedText(text);
  const skip: Array<[number, number]> = [];
  const show = (start: number, end: number, spell: (stretch: string) => string = (stretch) => stretch) => {
    masked.show(start, end, shellSpelling(spell(text.slice(start, end))));
    skip.push([start, end]);
  };
  const lines = text.split('\n');
  const starts: number[] = [];
  let offset = 0;
  for (const line of lines) {
    starts.push(offset);
    offset += line.length + 1;
  }
  let continued = false;
  for (let i = 0; i < lines.length; i++) {
    const start = starts[i]!;
    const line = lines[i]!.replace(/\r$/, '');
    if (otherHostLine(line)) {
      skip.push([start, start + line.length]);
      continued = false;
      continue;
    }
    // A YAML block scalar (`content: |`, `- |`) that holds a script or a request command: all of it
    // is shell (cloud-init's `write_files`, a compose service's `command:`, a CI job of another CI).
    const scalar = continued || COMMENT_LINE.test(line) ? null : YAML_BLOCK_SCALAR.exec(line);
    if (scalar) {
      const indent = scalar[1]!.length;
      let end = i + 1;
      while (end < lines.length && (lines[end]!.trim() === '' || /^[ \t]*/.exec(lines[end]!)![0].length > indent))
        end++;
      const body = lines.slice(i + 1, end).join('\n');
      if (end > i + 1 && (COMMAND.test(body) || /^\s*#!\s*\S*\/(?:env\s+)?(?:ba|da|z)?sh\b/.test(body))) {
        const blockLines = lines.slice(i + 1, end);
        // A folded scalar (`>`, `>-`) is one line: its line breaks are spaces (a `command: >` of compose).
        if (scalar[2] === '>' && !blockLines.some((later) => otherHostLine(later)))
          show(starts[i + 1]!, starts[end - 1]! + lines[end - 1]!.length, (stretch) =>
            scriptInside(stretch.replace(/[\r\n]/g, ' ')),
          );
        else
          for (let j = i + 1; j < end; j++)
            if (!otherHostLine(lines[j]!)) show(starts[j]!, starts[j]! + lines[j]!.replace(/\r$/, '').length);
        i = end - 1;
        continue;
      }
    }
    // A multi-line string that runs a request: all of it is shell.
    const open = COMMENT_LINE.test(line) ? null : BLOCK_OPEN.exec(line);
    if (open && !continued) {
      const close = lines.findIndex((later, j) => j > i && later.trimStart().startsWith(open[1]!));
      const body = close > i ? lines.slice(i + 1, close).join('\n') : '';
      if (close > i && COMMAND.test(body)) {
        for (let j = i + 1; j < close; j++)
          if (!otherHostLine(lines[j]!)) show(starts[j]!, starts[j]! + lines[j]!.replace(/\r$/, '').length);
        i = close;
        continue;
      }
    }
    let from: number | undefined;
    let to: number | undefined;
    // A suppression comment is the shell's, for the command under it.
    if (!continued && /^\s*#\s*sunset-lint-ignore\b/.test(line)) from = line.indexOf('#');
    else if (continued) from = 0;
    else if (!COMMENT_LINE.test(line)) {
      const found = COMMAND.exec(line);
      // cloud-init's `- [ sh, -c, '… && curl …' ]`: the script is the quoted item, whatever comes before its command.
      const flow = found && FLOW_SHELL.exec(line);
      if (flow) {
        from = flow.index + flow[0].length;
        to = line.lastIndexOf(flow[1]!);
      } else if (found) {
        const command = found.index + found[0].length - found[1]!.length;
        // After a host's own prefix (`sh "curl …"`, `ExecStart=/bin/sh -c '`), from the command, up to
        // the prefix's closing quote; else the line is shell (`if [ "$(jq …)" … ]`).
        const prefix = HOST_PREFIX.exec(line.slice(0, command));
        from = prefix ? command : line.length - line.trimStart().length;
        const quote = prefix?.[1];
        const close = quote ? line.lastIndexOf(quote) : -1;
        if (close > command && !/\\\s*$/.test(line)) to = close;
      }
    }
    continued = from !== undefined && /\\\s*$/.test(line);
    if (from !== undefined) show(start + from, start + (to ?? line.length));
  }
  if (!masked.shown) return { skip };
  const predefined = new Map<string, Value>();
  for (const [name, { value, at }] of definitions) predefined.set(placeholderName(name, 0), writtenValue(value, at));
  for (const found of text.matchAll(PLACEHOLDER)) {
    const padding = found[1]!.length + found[3]!.length;
    const definition = definitions.get(found[2]!);
    if (definition) predefined.set(placeholderName(found[2]!, padding), writtenValue(definition.value, definition.at));
  }
  return { shell: { masked: masked.toString(), predefined }, skip };
}

/** `{{ name }}` as a shell variable of the same length (`${___name}`), and Groovy's `${env.API}` as `${env_API}`. */
function shellSpelling(stretch: string): string {
  return (
    stretch
      // Compose's `$$` is the shell's `$` (`$${CF_API}` as `${_CF_API}`: a variable of the same length).
      .replace(/\$\$\{/g, '${_')
      .replace(/\$\$(?=[A-Za-z_])/g, '$_')
      .replace(PLACEHOLDER, (_all, before: string, name: string, after: string) =>
        name.includes('-') ? _all : `\${${placeholderName(name, before.length + after.length)}}`,
      )
      .replace(
        /\$\{([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)\}/g,
        (_all, dotted: string) => `\${${dotted.replace(/\./g, '_')}}`,
      )
  );
}

function placeholderName(name: string, padding: number): string {
  return `${'_'.repeat(padding + 1)}${name}`;
}

/** A YAML scalar written bare (`- ECDHE-…-OLD`, `- id: minify`): text as much as a quoted one. */
const YAML_SCALAR = /^\s*(?:-\s+)?(?:[\w.-]+:\s+)?([A-Za-z_][\w.-]*)\s*$/;

/**
 * Every line the shell does not read: its quoted strings and path-like words, written text for the
 * grep floor; and the objects the file writes (`text/structures.ts`), returned for the reference
 * reader to send with the request line above them (a Hurl or Bruno body).
 */
export function readPlainText(
  text: string,
  builder: FactsBuilder,
  skip: ReadonlyArray<[number, number]>,
): ObjectLiteral[] {
  const skipped = (at: number) => skip.some(([start, end]) => start <= at && at < end);
  const objects = objectsInText(text, (line) => COMMENT_LINE.test(line)).filter((object) => !skipped(object.range[0]));
  for (const object of objects) {
    builder.object(object);
    headersIn(object, builder);
    requestsDescribed(object, builder);
  }
  headerCalls(text, builder);
  const relativeIsElsewhere = basesElsewhere(text, builder);
  const lines = text.split('\n');
  let lineStart = 0;
  for (const [index, line] of lines.entries()) {
    const start = lineStart;
    lineStart += line.length + 1;
    if (COMMENT_LINE.test(line)) continue;
    // The words around a line, for the matcher to grade a read by: only for a line that has one.
    let around: string | undefined;
    const aroundLine = () => (around ??= lines.slice(Math.max(0, index - 20), index + 21).join('\n'));
    if (!skipped(start)) readsAndChecks(line, start, aroundLine, builder);
    settingsNamed(lines, index, start, builder);
    const scalar = YAML_SCALAR.exec(line);
    if (scalar && !skipped(start)) {
      const at = start + line.lastIndexOf(scalar[1]!);
      builder.written(writtenValue(scalar[1]!, at), [at, at + scalar[1]!.length]);
    }
    // A sentence about what was removed or replaced (a request file's `docs` block) is prose.
    if (isSentence(line) && HISTORY.test(line)) continue;
    // The program's own route: its strings are read, as silent (`@GetMapping("/zones/{id}/firewall/rules")`).
    const served = OWN_ROUTE.test(line);
    const joined =
      skipped(start) || served
        ? []
        : [...concatenations(line, start, builder, relativeIsElsewhere), ...joinedSegments(line, start, builder)];
    for (const found of line.matchAll(TOKEN)) {
      // What the shell reads (from the command on: `sh "curl …"`, inside the quotes) is read there, once.
      if (skipped(start + found.index) || skipped(start + found.index + 1)) continue;
      // A string of a concatenation is read with the whole of it.
      if (joined.some(([from, to]) => from <= found.index && found.index < to)) continue;
      const code = found[3];
      const quoted = found[1] ?? found[2] ?? code;
      const written = quoted ?? found[4] ?? found[5]!;
      if (!written) continue;
      // Inline code in a sentence (AsciiDoc's, Org's `` `/firewall/waf/packages` ``) is prose.
      // (A request command in backticks, `` `curl.exe … "%CF_API%/user/billing/profile"` `` in a batch file's `for /f`, is code.)
      if (code !== undefined && !isRequestCommandLine(code) && isSentence(line.replace(found[0], ' '))) continue;
      const at = start + found.index + (quoted === undefined ? 0 : 1);
      // JSON written in a string (Salt's `- data: '{"type":"SRV", …}'`): its objects, as a body's.
      if (quoted !== undefined && /^\s*\{\s*"/.test(quoted))
        for (const object of objectsInJsonText(writtenValue(quoted, at, !quoted.includes('\\'))))
          builder.object(object);
      // A path with no base of its own (`"/organizations/#{id}/members"`) in a file whose bases are all another host's.
      const elsewhere = relativeIsElsewhere && /^\/?[A-Za-z_]/.test(written) && !/^https?:/.test(written);
      builder.written(
        writtenValue(written, at, quoted === undefined || !written.includes('\\')),
        [start + found.index, start + found.index + found[0].length],
        served ? 'own route' : elsewhere ? 'another host' : undefined,
      );
    }
  }
  return objects;
}
