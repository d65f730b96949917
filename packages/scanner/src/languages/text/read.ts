import { isRequestCommandLine, otherHost } from '@sunset-lint/core/internal';
import type { FactsBuilder, ObjectEntry, ObjectLiteral, Value } from '../facts-builder.js';
import { knownText, writtenValue } from '../facts-builder.js';
import { objectsInJsonText } from '../json-text.js';
import { MaskedText } from '../hosts/mask.js';
import { objectsInText } from './structures.js';
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
const COMMAND = /(?:^|[\s"'`(=;|&{])((?:curl|wget|xh|jq)\s|https?\s+(?:-\S+\s+)*(?:GET|POST|PUT|PATCH|DELETE|HEAD)\s)/;
/** What a host format writes before a command (`sh "`, `- `, `run: `, `command: '`): the shell starts after it. */
const HOST_PREFIX =
  /^\s*(?:-\s+)?(?:[\w.-]+\s*[:=]\s*)?(?:(?:sh|bat|exec|run)\s*\(?\s*)?(?:\S*\/(?:ba|da|z)?sh\s+(?:-\w+\s+)+)?(["'`]{1,3})?\s*$/;
/** Lines that are comments in the formats read this way (`#`, `//`, `--`, `;`, `%`, `*`, `<!--`); Ruby's `%w[…]` is a list. */
const COMMENT_LINE = /^\s*(#(?!!)|\/\/|--\s|;|%(?![wWiIqQ]?[[({<])|\/?\*|<!--)/;
/** Quoted strings, and words holding a `/`, on one line. */
const TOKEN = /"((?:[^"\\\n]|\\.)*)"|'([^'\n]*)'|`([^`\n]*)`|([^\s"'`]*\/[^\s"'`]*)/g;
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
  if (/\.(cmd|bat)$/i.test(file)) return { skip: [] };
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
      if (found) {
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

/**
 * A chain of names read from a value, as the formats write one: `.result[0].locked` (jq, JSONPath),
 * `item.json.errors[0].error_chain` (Jinja), `$pool.notification_email` (PowerShell),
 * `$_->{locked}` (Perl), `body["error_chain"]`.
 */
const READ_CHAIN = /([$@]?[A-Za-z_][\w$]*|\$|\]|\))?((?:(?:\.|->\{?|\[["'])[A-Za-z_]\w*["'}\]]?(?:\[[^\]\n]*\])?)+)/g;
const CHAIN_NAME = /(?:\.|->\{?|\[["'])([A-Za-z_]\w*)/g;
/** A number compared in any of the formats' spellings (`==`, `-eq`, `eq`, `!=`, `-ne`). */
const COMPARED_NUMBER = /(?:==|!=|-eq|-ne|\beq|\bne)\s*["']?(\d{3,5})\b|\b(\d{3,5})["']?\s*(?:==|!=|-eq|-ne)/g;
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
    const joined = skipped(start) ? [] : concatenations(line, start, builder, relativeIsElsewhere);
    for (const found of line.matchAll(TOKEN)) {
      // What the shell reads (from the command on: `sh "curl …"`, inside the quotes) is read there, once.
      if (skipped(start + found.index) || skipped(start + found.index + 1)) continue;
      // A string of a concatenation is read with the whole of it.
      if (joined.some(([from, to]) => from <= found.index && found.index < to)) continue;
      const code = found[3];
      const quoted = found[1] ?? found[2] ?? code;
      const written = quoted ?? found[4]!;
      if (!written) continue;
      // Inline code in a sentence (AsciiDoc's, Org's `` `/firewall/waf/packages` ``) is prose.
      // (A request command in backticks, `` `curl.exe … "%CF_API%/user/billing/profile"` `` in a batch file's `for /f`, is code.)
      if (code !== undefined && !isRequestCommandLine(code) && isSentence(line.replace(found[0], ' '))) continue;
      const at = start + found.index + (quoted === undefined ? 0 : 1);
      // A path with no base of its own (`"/organizations/#{id}/members"`) in a file whose bases are all another host's.
      const elsewhere = relativeIsElsewhere && /^\/?[A-Za-z_]/.test(written) && !/^https?:/.test(written);
      builder.written(
        writtenValue(written, at, quoted === undefined || !written.includes('\\')),
        [start + found.index, start + found.index + found[0].length],
        elsewhere ? 'another host' : undefined,
      );
    }
  }
  return objects;
}

/** One operand of a concatenation: a quoted string, or a name (with a call's or an index's brackets). */
const OPERAND = String.raw`(?:"(?:[^"\\\n]|\\.)*"|'[^'\n]*'|[A-Za-z_$@][\w.$]*(?:\([^()\n]*\))?(?:\[[^\]\n]*\])?)`;
/** Operands joined by a language's concatenation (`..` Lua, `+`, ` . ` PHP and Perl, `<>` Elixir, `&` VB, `||`). */
const CONCATENATION = new RegExp(String.raw`${OPERAND}(?:\s*(?:\.\.|\+|\s\.\s|<>|&|\|\|)\s*${OPERAND})+`, 'g');

/**
 * Strings joined with names by concatenation (`"/zones/" .. ZONE .. "/filters?per_page=100"`,
 * `API + "/zones/" + zone + "/rate_limits"`): one written text, the names holes, as the readers
 * of code join a `+` chain. Returns the line's stretches it read (their strings are not read again).
 */
function concatenations(
  line: string,
  start: number,
  builder: FactsBuilder,
  elsewhere: boolean,
): Array<[number, number]> {
  const read: Array<[number, number]> = [];
  for (const chain of line.matchAll(CONCATENATION)) {
    const value: Value = [];
    let strings = 0;
    for (const operand of chain[0].matchAll(new RegExp(OPERAND, 'g'))) {
      const quoted = /^(["'])([\s\S]*)$/.exec(operand[0]);
      if (!quoted) {
        value.push({ kind: 'hole' });
        continue;
      }
      strings++;
      value.push(...writtenValue(quoted[2]!, start + chain.index + operand.index + 1, !quoted[2]!.includes('\\')));
    }
    const text = value.map((part) => (part.kind === 'text' ? part.text : '\u0000')).join('');
    if (strings === 0 || value.length < 2 || !text.includes('/')) continue;
    const range: [number, number] = [start + chain.index, start + chain.index + chain[0].length];
    const relative = /^\/?[A-Za-z_]/.test(text);
    builder.written(value, range, elsewhere && relative ? 'another host' : undefined);
    read.push([chain.index, chain.index + chain[0].length]);
  }
  return read;
}

/**
 * Whether the file's base URLs (URLs with an API's path: `/api/v2`, `/v1`, `/client/v4`) are all
 * another host's (an Auth0 tenant's, a local emulator's), and it names none of the API's: then a
 * path it writes without a base is sent there.
 */
function basesElsewhere(text: string, builder: FactsBuilder): boolean {
  let elsewhere = false;
  for (const found of text.matchAll(/https?:\/\/[^\s"'`<>)\]]+/g)) {
    if (!builder.namesAnotherHost(writtenValue(found[0], 0))) return false;
    if (/^https?:\/\/[^/]+\/(?:.*\/)?(?:api|v\d+|client\/v4)(?:\/|$)/.test(found[0])) elsewhere = true;
  }
  return elsewhere;
}

/** Headers set together in an object of the file (a PowerShell `$headers = @{ … }`, a YAML `headers:`). */
function headersIn(object: ObjectLiteral, builder: FactsBuilder): void {
  builder.headers(
    object.entries.map((entry) => ({ name: entry.key, range: entry.keyRange })),
    true,
  );
  for (const entry of object.entries) if (entry.object) headersIn(entry.object, builder);
}

/**
 * An object that describes a request (`url` beside `method` or a body: an Argo or Ansible `http:`
 * step, an Insomnia or Bruno export's request): the request, sending its body. A body written as a
 * JSON string (`body: '{"notification_email": ""}'`, Insomnia's `body.text`) is read as JSON.
 */
function requestsDescribed(object: ObjectLiteral, builder: FactsBuilder): void {
  const entry = (name: string) => object.entries.find((one) => one.key === name);
  const url = entry('url') ?? entry('uri');
  const text = url?.value && knownText(url.value);
  if (url?.value && text?.includes('/')) {
    const verb = knownText(entry('method')?.value)?.toUpperCase();
    const body = entry('body') ?? entry('data') ?? entry('json');
    const payload = body ? payloadIn(body) : [];
    if (verb !== undefined || payload.length)
      builder.request({
        url: url.value,
        method:
          verb !== undefined && /^(GET|POST|PUT|PATCH|DELETE|HEAD)$/.test(verb)
            ? { kind: 'known', method: verb as never }
            : { kind: 'unknown' },
        range: url.property,
        via: 'mention',
        ...(payload.length ? { payload } : {}),
      });
  }
  for (const one of object.entries) {
    if (one.object) requestsDescribed(one.object, builder);
    for (const element of one.elements ?? []) requestsDescribed(element, builder);
  }
}

/** What a described request's body sends: its object, or the JSON its text holds. */
function payloadIn(body: ObjectEntry): ObjectLiteral[] {
  if (body.object) {
    const inner = body.object.entries.find((one) => one.key === 'text' || one.key === 'raw');
    return inner?.value ? objectsInJsonText(inner.value) : [body.object];
  }
  return body.value ? objectsInJsonText(body.value) : [];
}

/** A header set by a call (`.header("Transfer-Encoding", "chunked")`, `req.setHeader(…)`, `headers.add(…)`). */
const HEADER_CALL = /\b(?:header|setHeader|addHeader|set|append|add|put)\s*\(\s*["']([A-Za-z][\w-]*)["']\s*,/g;

/**
 * Headers set call by call on nearby lines (OkHttp's `.header(…)` chain, a ktor `headers { append(…) }`
 * block): set together, as one request's, when they are within a few lines of each other.
 */
function headerCalls(text: string, builder: FactsBuilder): void {
  const found: Array<{ name: string; range: [number, number]; line: number }> = [];
  let line = 0;
  let counted = 0;
  for (const call of text.matchAll(HEADER_CALL)) {
    for (let at = text.indexOf('\n', counted); at !== -1 && at < call.index; at = text.indexOf('\n', at + 1)) {
      line++;
      counted = at + 1;
    }
    const at = call.index + call[0].indexOf(call[1]!, call[0].indexOf('('));
    found.push({ name: call[1]!, range: [at, at + call[1]!.length], line });
  }
  let group: typeof found = [];
  const flush = () => {
    if (group.length > 1) builder.headers(group, true);
    group = [];
  };
  for (const one of found) {
    if (group.length && one.line - group[group.length - 1]!.line > 6) flush();
    group.push(one);
  }
  flush();
}

/** A word that says "setting" (`-Setting`, `enforceSettings:`, `|setting|`, `zone_settings`). */
const SETTING_WORD = /setting/i;
/** A settings path whose id is a variable, as a loop over the ids above writes it (`/settings/$s`, `/settings/%%S`). */
const SETTINGS_PATH = /\/settings\/(?:\$|%|\{|#\{|\$\{)/;

/**
 * Zone setting ids written as words of a line that names settings (`Set-EdgeZoneSetting -Setting
 * 'mobile_redirect'`, `%w[privacy_pass …].each do |setting|`), in a YAML list under a key that
 * does (`enforceSettings:` / `- id: minify`), or of a loop whose next lines send each to a
 * settings path (`for s in brotli minify; do` … `/settings/$s`): the setting's endpoint, named at
 * the word. Elsewhere the word alone (`minify` in a bundler's options) is no evidence.
 */
function settingsNamed(lines: readonly string[], index: number, start: number, builder: FactsBuilder): void {
  const line = lines[index]!;
  if (![...builder.settingIds].some((id) => line.includes(id))) return;
  // A sentence that names a setting (`The brotli toggle under =settings/brotli= goes away`) is prose.
  if (proseWords(line) >= 4) return;
  const below = lines.slice(index + 1, index + 6).join('\n');
  if (!SETTING_WORD.test(line) && !namesSettings(parentKeyLines(lines, index)) && !SETTINGS_PATH.test(below)) return;
  // A word of a path (`/settings/brotli`) is the path's, read with it.
  for (const found of line.matchAll(/(?<![\w/])[A-Za-z0-9_]+(?![\w/])/g))
    if (builder.settingIds.has(found[0])) builder.settingNamed(found[0], start + found.index);
}

/**
 * A key, or the lines right above it, that say settings (`zoneSettings:`, an Argo step's
 * `template: patch-setting`); a comment among them only when it says zone settings (`| Zone
 * settings forced off`: "App settings" heads any list).
 */
function namesSettings(keyLines: string): boolean {
  return keyLines
    .split('\n')
    .some((line) => (/^\s*(#|\/\/|\/?\*|\||--)/.test(line) ? /zone[\s_-]*settings?\b/i : SETTING_WORD).test(line));
}

/**
 * The nearest line above that is indented less (the key a list item or a nested key is under:
 * `zoneSettings:`, `'disable' => [`), with the comment lines right above it (`| Zone settings forced off`).
 */
function parentKeyLines(lines: readonly string[], index: number): string {
  const indent = (line: string) => /^[ \t]*/.exec(line)![0].length;
  const own = indent(lines[index]!);
  for (let i = index - 1; i >= 0 && i >= index - 50; i--) {
    const line = lines[i]!;
    if (line.trim() === '' || COMMENT_LINE.test(line) || indent(line) >= own) continue;
    let first = i;
    while (first > 0 && first > i - 4 && lines[first - 1]!.trim() !== '' && !/[;,{}[\]]\s*$/.test(lines[first - 1]!))
      first--;
    return lines.slice(first, i + 1).join('\n');
  }
  return '';
}

/** The words of letters of a line (`The`, `toggle`; not `-Setting`, `server_side_exclude`). */
function wordsOf(line: string): string[] {
  return (line.match(/(^|\s)[A-Za-z][a-z]+(?=[\s,.;:!?]|$)/g) ?? []).map((word) => word.trim());
}

/** Words of letters in a line, leaving out a loop's keywords (`for s in a b; do`, `.each do |s|`). */
function proseWords(line: string): number {
  return wordsOf(line).filter((word) => !/^(for|in|do|done|each|foreach|then|set|echo)$/.test(word)).length;
}

/** Three or more words of letters: a sentence around whatever it quotes. */
function isSentence(line: string): boolean {
  return wordsOf(line).length >= 3;
}

/** The reads and checks of every line of a text at `start` (a program in a shell string: `perl -ne '…'`). */
export function readsAndChecksIn(text: string, start: number, around: () => string, builder: FactsBuilder): void {
  let at = start;
  for (const line of text.split('\n')) {
    readsAndChecks(line, at, around, builder);
    at += line.length + 1;
  }
}

/** The reads of a value's members and the numbers compared on a line, as the readers of code report them. */
/** A member read by a call given its name (`Map.get(first, "error_chain")`, `rec.getBoolean("locked")`, `dig("result", "locked")`). */
const GET_CALL =
  /\b(?:get|fetch|dig|get_in|getString|getBoolean|getJSONArray|getJSONObject|optString|optBoolean|optJSONArray|path|value)\s*\(\s*(?:[^,()"'\n]+,\s*)?(?:["'][\w-]+["']\s*,\s*)*["']([A-Za-z_]\w*)["']/g;

function readsAndChecks(line: string, start: number, around: () => string, builder: FactsBuilder): void {
  for (const call of line.matchAll(GET_CALL)) {
    const at = start + call.index + call[0].lastIndexOf(call[1]!);
    builder.read([call[1]!], [at, at + call[1]!.length], undefined, around());
  }
  for (const chain of line.matchAll(READ_CHAIN)) {
    const receiver = chain[1]?.replace(/^[$@]/, '') || undefined;
    const path: string[] = [];
    const from = chain.index + (chain[1]?.length ?? 0);
    for (const name of chain[2]!.matchAll(CHAIN_NAME)) {
      path.push(name[1]!);
      const at = start + from + name.index + name[0].length - name[1]!.length;
      builder.read([...path], [at, at + name[1]!.length], receiver, around());
    }
  }
  for (const found of line.matchAll(COMPARED_NUMBER)) {
    const number = found[1] ?? found[2]!;
    // With what it is compared to (`item.json.errors[0].code == 1004`): a code by its name.
    const operand = found[1] === undefined ? '' : /[^\s(]*\s*$/.exec(line.slice(0, found.index))![0];
    const at = start + found.index - operand.length;
    builder.codeCheck(Number(number), [at, start + found.index + found[0].length], around());
  }
  // A pattern that matches the code: an Elixir `case` clause's `%{"code" => 1004} ->` (a map written elsewhere is data).
  if (/->\s*$/.test(line))
    for (const found of line.matchAll(CODE_PATTERN)) {
      const at = start + found.index;
      builder.codeCheck(Number(found[1]), [at, at + found[0].length], around());
    }
}

/** A code in a map pattern (`"code" => 1004`, `code: 1004`). */
const CODE_PATTERN = /["']?code["']?\s*(?:=>|:)\s*(\d{3,5})\b/g;
