import { knownText, type FactsBuilder, type ObjectEntry, type ObjectLiteral } from '../facts-builder.js';
import { objectsInJsonText } from '../json-text.js';
import { methodOf } from '../syntax.js';

// What the objects and calls of a text file say about a request: its headers, the request an object describes.

/** Headers set together in an object of the file (a PowerShell `$headers = @{ … }`, a YAML `headers:`). */
export function headersIn(object: ObjectLiteral, builder: FactsBuilder): void {
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
export function requestsDescribed(object: ObjectLiteral, builder: FactsBuilder): void {
  const entry = (name: string) => object.entries.find((one) => one.key === name);
  const url = entry('url') ?? entry('uri');
  const text = url?.value && knownText(url.value);
  if (url?.value && text?.includes('/')) {
    const verb = knownText(entry('method')?.value);
    const body = entry('body') ?? entry('data') ?? entry('json');
    const payload = body ? payloadIn(body) : [];
    if (verb !== undefined || payload.length)
      builder.request({
        url: url.value,
        method: methodOf(verb),
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

/** A header set by a call (`.header("Transfer-Encoding", "chunked")`, `req.setHeader(…)`, `headers.add(…)`, .NET's `$headers.Add(…)`). */
const HEADER_CALL =
  /\b(?:header|set_?header|add_?header|set|append|add|put|TryAddWithoutValidation)\s*\(\s*["']([A-Za-z][\w-]*)["']\s*,/gi;

/** A header written as a request file's line (`.http`, `.rest`: `Transfer-Encoding: chunked` under the request line). */
const HEADER_LINE = /^(Transfer-Encoding|Content-Length):[ \t]*\S/gim;
/** A header written as a name and value pair (Elixir's `{"transfer-encoding", "chunked"}`, a tuple, a two-item list) or set by its name (Dart's `..headers['Transfer-Encoding'] = …`). */
const HEADER_PAIR = /[{([]\s*["'](Transfer-Encoding|Content-Length)["']\s*(?:,|\]\s*=(?!=))/gi;

/**
 * Headers set call by call on nearby lines (OkHttp's `.header(…)` chain, a ktor `headers { append(…) }`
 * block), or written as a request file's header lines or as pairs: set together, as one request's, when they are within a few lines of each other.
 */
export function headerCalls(text: string, builder: FactsBuilder): void {
  const found: Array<{ name: string; range: [number, number]; line: number }> = [];
  let line = 0;
  let counted = 0;
  for (const call of [...text.matchAll(HEADER_CALL), ...text.matchAll(HEADER_LINE), ...text.matchAll(HEADER_PAIR)].sort(
    (a, b) => a.index - b.index,
  )) {
    for (let at = text.indexOf('\n', counted); at !== -1 && at < call.index; at = text.indexOf('\n', at + 1)) {
      line++;
      counted = at + 1;
    }
    const at = call.index + call[0].indexOf(call[1]!, Math.max(0, call[0].indexOf('(')));
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
