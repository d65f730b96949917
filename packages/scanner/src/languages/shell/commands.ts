import type { MethodValue, Range, RequestVia } from '@sunset-lint/core/internal';
import {
  knownText,
  textOf,
  type ObjectEntry,
  type ObjectLiteral,
  type RequestSeen,
  type Value,
} from '../facts-builder.js';
import { objectsInJsonText } from '../json-text.js';
import { sliceText } from '../values.js';
import { methodOf } from '../syntax.js';

/**
 * What the request commands of a shell script say, as data and one reader per command family:
 * curl, wget and HTTPie (`http`/`https`/`xh`). Each reads its arguments, already evaluated, into the
 * request it sends: URL, method (an explicit `-X` wins; a body implies POST), headers and payload.
 */
export interface Argument {
  value: Value;
  range: Range;
}

export const REQUEST_COMMANDS: ReadonlyMap<
  string,
  (args: readonly Argument[], range: Range, stdin?: Argument) => RequestSeen[]
> = new Map([
  ['curl', readCurl],
  ['wget', readWget],
  ['http', readHttpie],
  ['https', readHttpie],
  ['xh', readHttpie],
]);

/** Commands that run the command that follows them. */
export const PREFIX_COMMANDS = new Set(['sudo', 'command', 'exec', 'time', 'nohup', 'env', 'xargs', 'timeout', 'nice']);

/** Commands whose arguments are text for a person: a path in them is no usage. */
export const MESSAGE_COMMANDS =
  /^(echo|printf|logger|read|say|msg|notice|info|warn|warning|error|err|die|fatal|fail|abort|debug|log|log_\w+|\w+_log|print_\w+|usage|notify\w*|slack\w*|gum|whiptail|dialog|zenity|notify-send)$/i;

/** Commands that compare or search text: a path in their arguments is a pattern, not a request. */
export const COMPARING_COMMANDS = new Set(['grep', 'egrep', 'fgrep', 'rg', 'test', '[', 'expr', 'awk', 'sed']);

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

const CURL_VALUE_SHORT = 'XHdFTuoAebcmKEDwxrYyzCQtUVP';
const CURL_VALUE_LONG = new Set(
  'request header data data-raw data-binary data-urlencode data-ascii json form form-string url upload-file output user write-out user-agent referer cookie cookie-jar max-time connect-timeout retry retry-delay retry-max-time config cacert capath cert key proxy resolve interface range limit-rate max-filesize oauth2-bearer aws-sigv4 unix-socket dump-header trace trace-ascii stderr netrc-file proto tls-max ciphers dns-servers connect-to variable expand-url expand-data expand-header'.split(
    ' ',
  ),
);

/** Drops a value's first `n` characters (an option's name written together with its value). */
function sliceValue(value: Value, n: number): Value {
  const out: Value = [];
  let skip = n;
  for (const part of value) {
    if (skip <= 0 || part.kind !== 'text') {
      if (skip > 0) skip = 0;
      out.push(part);
      continue;
    }
    if (part.text.length <= skip) {
      skip -= part.text.length;
      continue;
    }
    const spans = (part.spans ?? [])
      .filter((span) => span.at + span.length > skip)
      .map((span) => {
        const cut = Math.max(0, skip - span.at);
        return {
          ...span,
          at: Math.max(0, span.at - skip),
          length: span.length - cut,
          start: span.start + cut,
          written: [span.written[0] + (span.exact ? cut : 0), span.written[1]] as [number, number],
        };
      });
    out.push({ kind: 'text', text: part.text.slice(skip), spans });
    skip = 0;
  }
  return out;
}

/**
 * The transfers of a curl config (`url = "…"`, `request PATCH`, `--header "…"`, `data = @-`), each
 * as the command-line arguments it stands for: one option and its value a line (a `#` comment or
 * any other line is no option), and `next` between transfers.
 */
function configTransfers(config: Argument): Argument[][] {
  const transfers: Argument[][] = [[]];
  for (const line of valueLines(config.value)) {
    const first = line[0];
    if (first?.kind !== 'text') continue;
    const found = /^\s*(?:--)?([A-Za-z][\w-]*)\s*(?:[=:]\s*|\s+|$)/.exec(first.text);
    if (!found) continue;
    const option = found[1]!;
    if (option === 'next') {
      transfers.push([]);
      continue;
    }
    let value = trimValue(sliceValue(line, found[0].length));
    const head = value[0];
    const tail = value[value.length - 1];
    if (head?.kind === 'text' && tail?.kind === 'text' && head.text.startsWith('"') && tail.text.endsWith('"')) {
      value = sliceValue(value, 1);
      value = dropLast(value);
    }
    const name = option.length === 1 ? `-${option}` : `--${option}`;
    transfers[transfers.length - 1]!.push({ value: [{ kind: 'text', text: name }], range: config.range });
    if (value.length) transfers[transfers.length - 1]!.push({ value, range: config.range });
  }
  return transfers.filter((transfer) => transfer.length > 0);
}

/** A value cut at its line breaks (the breaks of its text parts), each line keeping its holes. */
function valueLines(value: Value): Value[] {
  const lines: Value[] = [[]];
  for (const part of value) {
    if (part.kind !== 'text') {
      lines[lines.length - 1]!.push(part);
      continue;
    }
    let from = 0;
    for (let at = part.text.indexOf('\n'); ; at = part.text.indexOf('\n', from)) {
      const end = at < 0 ? part.text.length : at;
      if (end > from) lines[lines.length - 1]!.push(sliceText(part, from, end));
      if (at < 0) break;
      lines.push([]);
      from = at + 1;
    }
  }
  return lines;
}

/** The value without the last character of its last text part (a closing quote). */
function dropLast(value: Value): Value {
  return cutLastText(value, (text) => text.length - 1);
}

/** The value without trailing white space. */
function trimValue(value: Value): Value {
  return cutLastText(value, (text) => text.trimEnd().length);
}

/** The value with its last text part kept to its first `kept(text)` characters. */
function cutLastText(value: Value, kept: (text: string) => number): Value {
  const last = value[value.length - 1];
  if (last?.kind !== 'text') return value;
  const length = kept(last.text);
  return [...value.slice(0, -1), ...(length > 0 ? [sliceText(last, 0, length)] : [])];
}

interface RequestParts {
  urls: Argument[];
  method?: MethodValue;
  headers: Array<{ name: string; range: Range }>;
  bodies: Value[];
  implied?: 'GET' | 'POST' | 'PUT' | 'HEAD';
}

function toRequests(parts: RequestParts, range: Range, via: RequestVia, fallback: 'GET' | 'POST'): RequestSeen[] {
  const method: MethodValue =
    parts.method && parts.method.kind === 'known'
      ? parts.method
      : parts.method
        ? parts.method
        : { kind: 'known', method: parts.implied ?? (parts.bodies.length ? 'POST' : fallback) };
  const payload: ObjectLiteral[] = parts.bodies.flatMap(objectsInJsonText);
  return parts.urls.map((url) => ({
    url: url.value,
    method,
    range,
    via,
    ...(payload.length ? { payload } : {}),
    ...(parts.headers.length ? { headers: parts.headers } : {}),
  }));
}

function header(arg: Argument, value: Value): { name: string; range: Range } | undefined {
  const name = /^\s*([A-Za-z][\w-]*)\s*:/.exec(textOf(value))?.[1];
  return name ? { name, range: arg.range } : undefined;
}

function body(value: Value, stdin: Argument | undefined): Value {
  const text = textOf(value);
  if (text === '@-' || text === '@/dev/stdin') return stdin?.value ?? [];
  return value;
}

export function readCurl(args: readonly Argument[], range: Range, stdin?: Argument): RequestSeen[] {
  // `curl --config - <<EOC … EOC`, `-K -`: the options come from standard input, a transfer each
  // between `next` lines, each with the options of the command line too.
  // (The reader leaves a lone `-` out of the words: the option is then last, or before another.)
  const fromStdin = (i: number) => {
    const next = args[i + 1] && textOf(args[i + 1]!.value);
    return next === undefined || next === '-' || next.startsWith('-');
  };
  const config = args.findIndex((arg, i) => {
    const text = textOf(arg.value);
    return text === '--config=-' || text === '-K-' || ((text === '--config' || text === '-K') && fromStdin(i));
  });
  if (config >= 0 && stdin) {
    const rest = args.filter((arg, i) => i !== config && !(i === config + 1 && textOf(arg.value) === '-'));
    return configTransfers(stdin).flatMap((transfer) => readCurl([...rest, ...transfer], range));
  }
  const parts: RequestParts = { urls: [], headers: [], bodies: [] };
  let get = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const text = textOf(arg.value);
    let option: string | undefined;
    let value: Value | undefined;
    let valueArg = arg;
    if (text.startsWith('--')) {
      const eq = text.indexOf('=');
      option = eq > 0 ? text.slice(2, eq) : text.slice(2);
      if (eq > 0) value = sliceValue(arg.value, eq + 1);
      else if (CURL_VALUE_LONG.has(option)) {
        valueArg = args[++i] ?? arg;
        value = args[i]?.value;
      }
    } else if (text.startsWith('-') && text.length > 1 && !text.startsWith('-\u0000')) {
      for (let k = 1; k < text.length; k++) {
        const flag = text[k]!;
        if (CURL_VALUE_SHORT.includes(flag)) {
          option = flag;
          if (k + 1 < text.length) value = sliceValue(arg.value, k + 1);
          else {
            valueArg = args[++i] ?? arg;
            value = args[i]?.value;
          }
          break;
        }
        if (flag === 'G') get = true;
        if (flag === 'I') parts.implied = 'HEAD';
      }
    } else {
      parts.urls.push(arg);
      continue;
    }
    switch (option) {
      case 'X':
      case 'request':
        parts.method = methodOf(value && knownText(value));
        break;
      case 'H':
      case 'header': {
        const found = value && header(valueArg, value);
        if (found) parts.headers.push(found);
        break;
      }
      case 'd':
      case 'data':
      case 'data-raw':
      case 'data-binary':
      case 'data-ascii':
      case 'data-urlencode':
      case 'json':
      case 'F':
      case 'form':
        if (value) parts.bodies.push(body(value, stdin));
        break;
      case 'T':
      case 'upload-file':
        parts.implied = 'PUT';
        break;
      case 'url':
        if (value) parts.urls.push({ value, range: valueArg.range });
        break;
      case 'get':
        get = true;
        break;
      case 'head':
        parts.implied = 'HEAD';
        break;
    }
  }
  if (get) parts.implied = 'GET';
  return toRequests(parts, range, 'curl', 'GET');
}

export function readWget(args: readonly Argument[], range: Range, stdin?: Argument): RequestSeen[] {
  const parts: RequestParts = { urls: [], headers: [], bodies: [] };
  const valued = new Set(['O', 'o', 'P', 'U', 'T', 't', 'w', 'e', 'a', 'i']);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const text = textOf(arg.value);
    if (text.startsWith('--')) {
      const eq = text.indexOf('=');
      const option = eq > 0 ? text.slice(2, eq) : text.slice(2);
      let value = eq > 0 ? sliceValue(arg.value, eq + 1) : undefined;
      if (
        !value &&
        [
          'method',
          'header',
          'post-data',
          'body-data',
          'post-file',
          'body-file',
          'output-document',
          'user-agent',
        ].includes(option)
      )
        value = args[++i]?.value;
      if (option === 'method') parts.method = methodOf(value && knownText(value));
      else if (option === 'header' && value) {
        const found = header(arg, value);
        if (found) parts.headers.push(found);
      } else if ((option === 'post-data' || option === 'body-data') && value) parts.bodies.push(body(value, stdin));
      else if (option === 'post-file' || option === 'body-file') parts.implied = 'POST';
    } else if (text.startsWith('-') && text.length > 1) {
      if (valued.has(text[text.length - 1]!) && text.length === 2) i++;
    } else parts.urls.push(arg);
  }
  if (parts.bodies.length && !parts.method) parts.implied = 'POST';
  return toRequests(parts, range, 'wget', 'GET');
}

/** HTTPie: `http [flags] [METHOD] URL [Header:value | field=value | field:=json]...`. */
export function readHttpie(args: readonly Argument[], range: Range): RequestSeen[] {
  const parts: RequestParts = { urls: [], headers: [], bodies: [] };
  const valued = new Set([
    '-a',
    '--auth',
    '--session',
    '--verify',
    '--cert',
    '--cert-key',
    '--proxy',
    '-o',
    '--output',
    '--timeout',
    '--pretty',
    '--style',
    '-s',
    '--print',
    '-p',
    '--auth-type',
    '-A',
  ]);
  const items: ObjectEntry[] = [];
  let positional = 0;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const text = textOf(arg.value);
    if (text.startsWith('-')) {
      if (valued.has(text)) i++;
      continue;
    }
    if (positional === 0 && METHODS.has(text.toUpperCase()) && /^[A-Za-z]+$/.test(text)) {
      parts.method = methodOf(text);
      continue;
    }
    if (positional === 0) {
      positional++;
      parts.urls.push(arg);
      continue;
    }
    const item = /^([\w.@-]+)(:=|==|=|:)/.exec(text);
    if (!item) continue;
    const [, name, separator] = item;
    if (separator === ':') parts.headers.push({ name: name!, range: arg.range });
    else if (separator === '=' || separator === ':=') {
      const rest = sliceValue(arg.value, name!.length + separator.length);
      const entry: ObjectEntry = { key: name!, keyRange: arg.range, property: arg.range };
      if (separator === '=') entry.value = rest;
      else {
        const objects = objectsInJsonText(rest);
        if (objects[0] && textOf(rest).trim().startsWith('{')) entry.object = objects[0];
        else if (objects.length && textOf(rest).trim().startsWith('[')) entry.elements = objects;
        else entry.value = rest;
      }
      items.push(entry);
    }
  }
  if (!parts.method && items.length) parts.implied = 'POST';
  const requests = toRequests(parts, range, 'httpie', 'GET');
  if (items.length) for (const request of requests) request.payload = [{ range, entries: items }];
  return requests;
}
