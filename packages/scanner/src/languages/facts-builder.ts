import {
  concatPatterns,
  HOLE,
  type DeclaredResourceFact,
  knownStrings,
  otherHost,
  silentByText,
  type FileFacts,
  type HeaderFact,
  type InFileFacts,
  type MethodValue,
  type PatternPart,
  type PayloadKey,
  type Range,
  type RequestFact,
  type RequestVia,
  type SdkCallFact,
  type SilentContext,
  type Vocabulary,
  type WrittenKey,
  type WrittenObjectFact,
  escapeRegExp,
  isRequestCommandLine,
  settingEndpoint,
} from '@sunset-lint/core/internal';
import { isSentence } from './text/lines.js';

/**
 * The one place where the readers of other languages (shell, Python, Go, documentation) turn what
 * they read into core's neutral facts: a reader says "this text is written here", "this request is
 * sent", "this object is sent or written", and the builder produces the same facts the JavaScript
 * extractor produces, so that core's matchers, the grep floor and grading see no difference.
 */

/** A value as the readers evaluate it: literal text with its source spans, and holes. */
export type Value = PatternPart[];

/**
 * The format of a `printf` that prints URLs, in a program written in a string (awk's
 * `printf "%s/zones/%s/firewall/rules\n", api, $1` feeding `curl`); `%s` may already be holes.
 */
export function printedUrlFormat(program: string): string | undefined {
  const format = /\bprintf\s*\(?\s*"([^"\s]*)"/.exec(program)?.[1];
  return format && /^(\u0000+|%s|https?:\/\/\S*)\//.test(format) ? format.replace(/\\n$/, '') : undefined;
}

/**
 * Text written in the file at `start`: one span per line, so that a finding points at the line
 * the word is on (a JSON body or a multi-line string spans several). `exact`: the source holds the
 * text as is (no escape sequences), so an edit can replace it in place.
 */
export function writtenValue(value: string, start: number, exact = true, file?: string): Value {
  if (value === '') return [];
  const spans = [];
  let at = 0;
  for (const line of value.split(/(?<=\n)/)) {
    const length = line.length;
    if (length > 0)
      spans.push({
        at,
        length,
        start: start + at,
        exact,
        written: [start + at, start + at + length] as [number, number],
        ...(file !== undefined ? { file } : {}),
      });
    at += length;
  }
  return [{ kind: 'text', text: value, spans }];
}

/** The text of a value, with `\u0000` for what it does not know. */
export function textOf(value: readonly PatternPart[]): string {
  let out = '';
  for (const part of value) out += part.kind === 'text' ? part.text : HOLE;
  return out;
}

/** The value's text when it is wholly known. */
export function knownText(value: readonly PatternPart[] | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length === 0) return '';
  return value.every((part) => part.kind === 'text')
    ? value.map((part) => (part as { text: string }).text).join('')
    : undefined;
}

/** An object literal as any language writes one (a JSON body, a Python dict, a Go map or struct). */
export interface ObjectLiteral {
  range: Range;
  entries: ObjectEntry[];
  /** The file it is written in, when not the file being read (a payload built in an imported module). */
  file?: string;
}

export interface ObjectEntry {
  /** The key as the API names it (a Go field `NotificationEmail` is `notification_email`). */
  key: string;
  keyRange: Range;
  /** The whole entry: key and value. */
  property: Range;
  /** The value, when it is text. */
  value?: Value;
  object?: ObjectLiteral;
  /** An array of objects (`items: [{ id: 'minify' }]`). */
  elements?: ObjectLiteral[];
}

export interface RequestSeen {
  url: Value;
  method: MethodValue;
  /** The request (the command, the call). */
  range: Range;
  via: RequestVia;
  payload?: readonly ObjectLiteral[];
  /** Headers the request sends, by name as written. */
  headers?: ReadonlyArray<{ name: string; range: Range }>;
}

const RECEIVER_NEARBY_TEXT = 4000;
const PROGRAM_INPUTS =
  /^(params|args|argv|options|opts|config|cfg|conf|settings|spec|desired|inputs|environ|env|flags|values|vars)$/i;

export class FactsBuilder {
  readonly requests: RequestFact[] = [];
  readonly sdkCalls: SdkCallFact[] = [];
  private readonly resources: DeclaredResourceFact[] = [];
  readonly inFile: InFileFacts = {
    objects: [],
    reads: [],
    codeChecks: [],
    literals: [],
    namesInStrings: [],
    headerGroups: [],
    writtenPaths: [],
  };
  private readonly seenObjects = new Set<string>();
  private readonly seenTexts = new Set<string>();

  constructor(
    private readonly vocabulary: Vocabulary,
    private readonly apiHosts: readonly string[],
    /** The reader's file in the scan's terms: spans written in it carry no `file`. */
    private readonly file?: string,
  ) {}

  /** A first segment of the catalogue's paths, alone (`zones`, `/accounts/`): where written segments start. */
  isApiRoot(text: string | undefined): boolean {
    return text !== undefined && this.vocabulary.pathRoots.has(text.replace(/^\/|\/$/g, ''));
  }

  /** The value starts with a URL of another host (a base variable resolved to it). */
  namesAnotherHost(value: readonly PatternPart[]): boolean {
    const first = value[0];
    return first?.kind === 'text' && otherHost(first.text, this.apiHosts);
  }

  /**
   * Text written in the code (a string, a word of a command, a template), with holes for what it
   * does not write: the grep floor's evidence, and where names inside strings (cipher suites) and
   * whole watched strings (an error message) are read.
   */
  written(value: Value, root: Range, silent?: SilentContext): void {
    const key = `${root[0]}:${root[1]}`;
    if (this.seenTexts.has(key)) return;
    this.seenTexts.add(key);
    let text = '';
    const pieces: Array<[number, number, number, number]> = [];
    for (const part of value) {
      if (part.kind !== 'text') {
        text += HOLE;
        continue;
      }
      for (const span of part.spans ?? [])
        if (span.file === undefined || span.file === this.file)
          pieces.push([text.length + span.at, text.length + span.at + span.length, ...span.written]);
      text += part.text;
    }
    if (pieces.length === 0) return;
    // restclient's `:api` in front of a path, `%s`, `%v`, `%d` (printf-style; Objective-C's `%@`), `{}`, `{0}`, `{zone}` (format-style: Python's `.format`),
    // `{{.Base}}`, `{{ zone }}` (templates: Go's text/template, Jinja; Hoppscotch's `<<zoneId>>`) and the interpolations of the
    // languages read as text (Ruby's `#{zone}`, PowerShell's `$($zone.Id)` and Perl's or PHP's
    // `$api`, a Windows batch file's `%CF_API%`, `%%S`, `!NAME!`, Nushell's `($zone)`) stand for a value, as
    // `:zone_id` does: a parameter segment, or the base in front of a path.
    // (Replaced by as many holes as it has characters: the pieces' offsets stay right.)
    text = text.replace(
      /^:[A-Za-z_][\w-]*(?=\/)|%[-+# 0]*\d*(?:\.\d+)?[sdvqrif@]|\{\{[^{}\n]*\}\}|<<[\w.-]+>>|#\{[^{}\n]*\}|\$\([^()\n]*\)|\{\w*\}|%[A-Za-z_]\w*%|%%[A-Za-z]|![A-Za-z_]\w*!|\$\{[^{}\n]*\}|\$[A-Za-z_]\w*|\(\$[A-Za-z_][\w.]*\)/g,
      (found) => HOLE.repeat(found.length),
    );
    if (text.includes('/') || this.vocabulary.pathSegments.some((segment) => text.includes(segment))) {
      const context = silent ?? this.silentText(text);
      this.inFile.writtenPaths.push({ text, pieces, root, ...(context ? { silent: context } : {}) });
    }
    // What the program says or answers itself (a message, its own route or response body) checks nothing.
    if (silent === 'prose' || silent === 'message' || silent === 'own route') return;
    if (this.vocabulary.literals.has(text)) this.inFile.literals.push({ text, range: root });
    for (const { name, pattern } of namePatterns(this.vocabulary))
      if (text.includes(name))
        for (const found of text.matchAll(pattern)) {
          const piece = pieces.find(([from, to]) => from <= found.index && found.index < to);
          this.inFile.namesInStrings.push({ name, range: piece ? [piece[2], piece[3]] : root });
        }
  }

  /**
   * What the text itself says (core's rule for every language), and one more for strings of other
   * languages: a string with a word beside its path is no URL (`--comment "firewall/rules sync"`),
   * since a URL holds no space.
   */
  private silentText(text: string): SilentContext | undefined {
    const context = { apiHosts: this.apiHosts, vocabulary: this.vocabulary };
    // A command line that runs a request: what its URLs say is what it is (core's rule).
    if (isRequestCommandLine(text)) return silentByText(text, context);
    // A program in a string that prints URLs (`awk '{ printf "%s/zones/%s/firewall/rules\n", api, $1 }'`
    // feeding `curl`): its format string is what it builds.
    const format = printedUrlFormat(text);
    if (format) return silentByText(format, context);
    // A wrapper's command line (`cfapi GET zones/$ZONE/settings/privacy_pass | jq .result` in an
    // alias): a method word before the path makes it a request, unless the words around are a sentence.
    const command = /(^|\s)(GET|POST|PUT|PATCH|DELETE)\s+["']?\S*\//.test(text) && !isSentence(text);
    const byText = silentByText(text, context);
    if (byText && !(command && byText === 'prose')) return byText;
    if (command) return undefined;
    const words = text
      .split(/\s+/)
      .filter(
        (token) => token && !token.includes('/') && !/^(GET|POST|PUT|PATCH|DELETE|HEAD|curl|wget|https?)$/i.test(token),
      )
      .filter((token) => /[A-Za-z]/.test(token) && !token.includes(HOLE));
    return words.length >= 1 && /\s/.test(text.trim()) ? 'prose' : undefined;
  }

  /**
   * A key written as a string (`{"TLS_…_OLD": …}`, `record["locked"]`): it names a field, not a path,
   * so only the names inside it are read (cipher suites, a whole watched message).
   */
  key(value: Value, root: Range): void {
    const text = textOf(value);
    if (this.vocabulary.literals.has(text)) this.inFile.literals.push({ text, range: root });
    for (const { name, pattern } of namePatterns(this.vocabulary))
      if (text.includes(name) && text.match(pattern)) this.inFile.namesInStrings.push({ name, range: root });
  }

  /** A request the code sends (or a URL it names, with `via: 'mention'`). */
  request(seen: RequestSeen): void {
    const url = concatPatterns(seen.url);
    // A value that is one of several written ones (a workflow's matrix): one request each.
    const choice = url.findIndex((part) => part.kind === 'hole' && part.alternatives?.length);
    if (choice >= 0) {
      for (const alternative of (url[choice] as { alternatives: PatternPart[][] }).alternatives)
        this.request({ ...seen, url: [...url.slice(0, choice), ...alternative, ...url.slice(choice + 1)] });
      return;
    }
    const payload = (seen.payload ?? []).flatMap((object) => payloadKeys(object, []));
    this.requests.push({
      url,
      method: seen.method,
      range: seen.range,
      via: seen.via,
      ...(payload.length ? { payload } : {}),
    });
    for (const object of seen.payload ?? []) this.object(object);
    if (seen.headers?.length) this.headers(seen.headers, true);
  }

  /**
   * A zone setting's id written where the text says it is one (`-Setting 'mobile_redirect'`, an
   * `enforceSettings:` list's `- id: minify`): the setting's endpoint, named there, its method unknown.
   */
  settingNamed(id: string, at: number): void {
    if (!this.vocabulary.settingIds.has(id)) return;
    this.request({
      url: settingEndpoint(writtenValue(id, at)),
      method: { kind: 'unknown' },
      range: [at, at + id.length],
      via: 'mention',
    });
  }

  sdkCall(call: SdkCallFact): void {
    this.sdkCalls.push(call);
  }

  /** An object literal written in the code, sent or not: its watched keys are facts. */
  object(object: ObjectLiteral): void {
    const key = `${object.range[0]}:${object.range[1]}`;
    if (this.seenObjects.has(key)) return;
    this.seenObjects.add(key);
    const fact = this.objectFact(object);
    if (fact) this.inFile.objects.push(fact);
    for (const entry of object.entries) {
      if (entry.object) this.object(entry.object);
      for (const element of entry.elements ?? []) this.object(element);
    }
  }

  /** Headers set together on one request (`-H` flags of one `curl`, one `headers` dict). */
  headers(headers: ReadonlyArray<{ name: string; range: Range }>, sent: boolean): void {
    const watched = new Map<string, HeaderFact>();
    for (const { name, range } of headers) {
      const lower = name.toLowerCase();
      if (this.vocabulary.headers.has(lower)) watched.set(lower, { name: lower, range });
    }
    if (watched.size >= Math.max(1, this.vocabulary.fewestHeaders))
      this.inFile.headerGroups.push({ sent, headers: [...watched.values()] });
  }

  /** A read of a property path (`record["locked"]`, jq's `.result.locked`, Go's `rec.Locked`). */
  read(path: readonly string[], range: Range, receiver: string | undefined, around: string): void {
    const last = path[path.length - 1];
    const known = last === undefined ? undefined : this.vocabulary.readPaths.get(last);
    if (!known) return;
    for (const watched of known) {
      if (watched.length > path.length) continue;
      const tail = path.slice(path.length - watched.length);
      if (tail.join('.') !== watched.join('.')) continue;
      const before = path.length > watched.length ? path[path.length - watched.length - 1] : receiver;
      // The program's own inputs (`module.params["notification_email"]`, `spec.NotificationEmail`).
      if (before !== undefined && PROGRAM_INPUTS.test(before)) return;
      this.inFile.reads.push({
        how: 'member',
        path: [...watched],
        range,
        ...(before !== undefined ? { receiver: before } : {}),
        nearby: this.nearby(around),
      });
      return;
    }
  }

  /** A watched number compared with something named like a code. */
  codeCheck(code: number, range: Range, around: string): void {
    if (this.vocabulary.codes.has(code)) this.inFile.codeChecks.push({ code, range, nearby: this.nearby(around) });
  }

  /** The zone setting ids the catalogue watches. */
  get settingIds(): ReadonlySet<string> {
    return this.vocabulary.settingIds;
  }

  /** Whether a key is one the catalogue watches (readers skip building objects that hold none). */
  watchesKey(key: string): boolean {
    return this.vocabulary.writtenKeys.has(key) || this.vocabulary.valueKeys.has(key) || key === 'items';
  }

  /** An infrastructure resource the file declares (Pulumi's Python SDK: `cloudflare.RateLimit(…)`). */
  resource(fact: DeclaredResourceFact): void {
    this.resources.push(fact);
  }

  facts(): FileFacts {
    return {
      requests: this.requests,
      sdkCalls: this.sdkCalls,
      resources: this.resources,
      importedCalls: [],
      inFile: this.inFile,
      imports: {},
      exports: {},
      exportAll: [],
    };
  }

  private nearby(around: string): string[] {
    const text = around.length > RECEIVER_NEARBY_TEXT * 4 ? around.slice(0, RECEIVER_NEARBY_TEXT * 4) : around;
    return this.vocabulary.nearbyWords.filter(({ pattern }) => pattern.test(text)).map(({ key }) => key);
  }

  private objectFact(object: ObjectLiteral): WrittenObjectFact | undefined {
    const written: WrittenKey[] = [];
    const values: Record<string, readonly string[]> = {};
    const keys: string[] = [];
    for (const entry of object.entries) {
      if (!keys.includes(entry.key)) keys.push(entry.key);
      if (this.vocabulary.valueKeys.has(entry.key)) {
        const value = entry.value && knownStrings(entry.value);
        if (value !== undefined) values[entry.key] = value;
      }
      const watched = this.vocabulary.writtenKeys.get(entry.key);
      if (!watched) continue;
      const key: WrittenKey = {
        name: entry.key,
        range: entry.keyRange,
        removal: { start: entry.property[0], end: entry.property[1], text: '' },
      };
      if (entry.object && watched.inner.size > 0)
        key.inner = {
          keys: entry.object.entries.map((inner) => {
            const text = knownText(inner.value);
            return {
              name: inner.key,
              range: inner.keyRange,
              property: inner.property,
              ...(text !== undefined ? { piece: { text } } : {}),
            };
          }),
          lines: { start: entry.object.range[0], text: '' },
          holder: { start: entry.property[0] },
        };
      written.push(key);
    }
    if (written.length === 0) return undefined;
    return { keys, values, spread: false, written };
  }
}

/** A payload's keys as paths (`data.service`, `items.id` for an array of objects), with their values. */
function payloadKeys(object: ObjectLiteral, prefix: readonly string[]): PayloadKey[] {
  const keys: PayloadKey[] = [];
  for (const entry of object.entries) {
    const path = [...prefix, entry.key];
    const value = knownText(entry.value);
    keys.push({
      path: path.join('.'),
      range: entry.keyRange,
      removal: { start: entry.property[0], end: entry.property[1], text: '' },
      ...(value !== undefined ? { value } : {}),
    });
    if (entry.object) keys.push(...payloadKeys(entry.object, path));
    for (const element of entry.elements ?? []) keys.push(...payloadKeys(element, path));
  }
  return keys;
}

const namePatternsByVocabulary = new WeakMap<Vocabulary, Array<{ name: string; pattern: RegExp }>>();

/** A watched name as a token of its own (`ECDHE-RSA-CHACHA20-POLY1305-OLD`, not inside a longer name), compiled once. */
function namePatterns(vocabulary: Vocabulary): Array<{ name: string; pattern: RegExp }> {
  let patterns = namePatternsByVocabulary.get(vocabulary);
  if (!patterns)
    namePatternsByVocabulary.set(
      vocabulary,
      (patterns = vocabulary.namesInStrings.map((name) => ({
        name,
        pattern: new RegExp(`(?<![\\w-])${escapeRegExp(name)}(?![\\w-])`, 'g'),
      }))),
    );
  return patterns;
}
