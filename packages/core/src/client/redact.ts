/** What replaces the API token wherever it would otherwise appear. */
export const REDACTED = '[REDACTED]';

/*
 * Redacting the token in the forms an echo may take. A proxy page, an error message or a log may
 * repeat the request's Authorization header changed on the way: upper- or lower-cased, split by
 * zero-width characters, percent-encoded (whole or in part, hex digits in either case), escaped in
 * JSON, or base64/base64url-encoded (e.g. inside a Basic credential, where the token starts at any
 * byte offset).
 *
 * The text is read once into a decoded view (invisible characters left out; percent-encoded bytes,
 * JSON `\u` escapes and `\"`, `\\`, `\/` decoded), each character of which remembers where it came
 * from; the forms are searched in that view with indexOf (linear, whatever the text: a server's body
 * of 16 MiB must not make redaction slow), and every match is replaced in the original text.
 */

/** Characters that do not show: a token split by them still reads as the token. */
const INVISIBLE = new Set([0xad, 0x180e, 0x200b, 0x200c, 0x200d, 0x2060, 0x2061, 0x2062, 0x2063, 0xfeff]);

/** Whether a text needs the decoded view at all (otherwise it is its own view). */
const NEEDS_DECODING = /[%\\\u00ad\u180e\u200b-\u200d\u2060-\u2063\ufeff]/;

/** The shortest encoded form worth searching for: shorter ones would match ordinary text by chance. */
const MIN_ENCODED_LENGTH = 8;

/** UTF-16 code units (little-endian on every platform Node runs on) to text. */
const UTF16 = new TextDecoder('utf-16le');

/** The value of a hex digit's character code, or -1. */
function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

/** The byte of `%XX` at `index`, or -1. */
function percentByte(text: string, index: number): number {
  if (text.charCodeAt(index) !== 0x25) return -1;
  const high = hexValue(text.charCodeAt(index + 1));
  const low = hexValue(text.charCodeAt(index + 2));
  return high < 0 || low < 0 ? -1 : high * 16 + low;
}

/**
 * `%XX…` at `index` decoded: an ASCII character, or one of the invisible characters (2 or 3 bytes
 * of UTF-8); undefined for anything else, which stays as it is.
 */
function percentCharacter(text: string, index: number): { code: number; length: number } | undefined {
  const lead = percentByte(text, index);
  if (lead < 0) return undefined;
  if (lead < 0x80) return { code: lead, length: 3 };
  const needed = lead >= 0xe0 ? 3 : 2;
  let code = lead & (needed === 3 ? 0x0f : 0x1f);
  for (let byte = 1; byte < needed; byte += 1) {
    const next = percentByte(text, index + byte * 3);
    if (next < 0x80 || next > 0xbf) return undefined;
    code = (code << 6) | (next & 0x3f);
  }
  return INVISIBLE.has(code) ? { code, length: needed * 3 } : undefined;
}

/** `\uXXXX` at `index` decoded, or -1. */
function unicodeEscape(text: string, index: number): number {
  let code = 0;
  for (let digit = 2; digit < 6; digit += 1) {
    const value = hexValue(text.charCodeAt(index + digit));
    if (value < 0) return -1;
    code = code * 16 + value;
  }
  return code;
}

/** The character at `index`: its code (undefined for an invisible one) and the length it takes. */
function characterAt(text: string, index: number): { code: number | undefined; length: number } {
  const code = text.charCodeAt(index);
  if (INVISIBLE.has(code)) return { code: undefined, length: 1 };
  if (code === 0x25) {
    const decoded = percentCharacter(text, index);
    if (decoded !== undefined) {
      return { code: INVISIBLE.has(decoded.code) ? undefined : decoded.code, length: decoded.length };
    }
  } else if (code === 0x5c) {
    // `\uXXXX`, also escaped again (`\\uXXXX`, as when a JSON text is quoted inside another).
    let slashes = 1;
    while (text.charCodeAt(index + slashes) === 0x5c) slashes += 1;
    if (text.charCodeAt(index + slashes) === 0x75) {
      const escaped = unicodeEscape(text, index + slashes - 1);
      if (escaped >= 0) return { code: INVISIBLE.has(escaped) ? undefined : escaped, length: slashes + 5 };
    }
    const next = text.charCodeAt(index + 1);
    if (next === 0x22 || next === 0x5c || next === 0x2f) return { code: next, length: 2 };
  }
  return { code, length: 1 };
}

interface DecodedView {
  readonly text: string;
  /** Where the view's character `i` starts in the original text. */
  readonly start: (index: number) => number;
  /** Where the view's character `i` ends in the original text. */
  readonly end: (index: number) => number;
}

function decodedView(text: string): DecodedView {
  if (!NEEDS_DECODING.test(text)) return { text, start: (index) => index, end: (index) => index + 1 };
  const codes = new Uint16Array(text.length);
  const starts = new Int32Array(text.length);
  const ends = new Int32Array(text.length);
  let size = 0;
  for (let index = 0; index < text.length;) {
    const plain = text.charCodeAt(index);
    // Most characters are themselves: no call, no object.
    if (plain !== 0x25 && plain !== 0x5c && (plain < 0xad || !INVISIBLE.has(plain))) {
      codes[size] = plain;
      starts[size] = index;
      ends[size] = index + 1;
      size += 1;
      index += 1;
      continue;
    }
    const { code, length } = characterAt(text, index);
    if (code !== undefined) {
      codes[size] = code;
      starts[size] = index;
      ends[size] = index + length;
      size += 1;
    }
    index += length;
  }
  return {
    text: UTF16.decode(codes.subarray(0, size)),
    start: (index) => starts[index] ?? 0,
    end: (index) => ends[index] ?? 0,
  };
}

/**
 * The text lower-cased with every character where it was (the token is ASCII, so matching it in any
 * case needs only ASCII letters lower-cased): the native lower-casing when it keeps the length (it
 * lengthens a few characters such as U+0130), else ASCII letters alone.
 */
function lowerInPlace(text: string): string {
  const lower = text.toLowerCase();
  return lower.length === text.length ? lower : text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/**
 * The base64 text of `bytes` wherever it stands in a longer encoded text: the whole encoding, and
 * for each of the three byte offsets it may start at, the characters that depend on its bytes only
 * (the first and last characters also carry bits of the bytes around it).
 */
function base64Forms(bytes: Buffer): string[] {
  const forms: string[] = [];
  for (const alphabet of ['base64', 'base64url'] as const) {
    forms.push(bytes.toString(alphabet));
    for (let offset = 0; offset < 3; offset += 1) {
      const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString(alphabet);
      forms.push(encoded.slice(Math.ceil((offset * 8) / 6), Math.floor(((offset + bytes.length) * 8) / 6)));
    }
  }
  return forms.filter((form) => form.length >= MIN_ENCODED_LENGTH);
}

/** Every `[start, end)` of `form` in `text`, overlapping ones included. */
function* occurrences(text: string, form: string): Generator<[number, number]> {
  for (let at = text.indexOf(form); at >= 0; at = text.indexOf(form, at + 1)) yield [at, at + form.length];
}

/**
 * A function that removes every occurrence of `secret` from a text: in any case, split by invisible
 * characters, percent-encoded, JSON-escaped, and base64/base64url-encoded (the token as it is, lower-
 * or upper-cased, at any byte offset). Used on everything the server sends back before it can reach
 * an error message or a log line, and by the CLI on everything it prints.
 */
export function createRedactor(secret: string): (text: string) => string {
  if (secret.length === 0) return (text) => text;
  const caseless = secret.toLowerCase();
  const encoded = [
    ...new Set(
      [...new Set([secret, secret.toLowerCase(), secret.toUpperCase()])].flatMap((variant) =>
        base64Forms(Buffer.from(variant, 'utf8')),
      ),
    ),
  ];
  return (text) => {
    const view = decodedView(text);
    const ranges: [number, number][] = [];
    const add = ([from, to]: [number, number]) => ranges.push([view.start(from), view.end(to - 1)]);
    for (const found of occurrences(lowerInPlace(view.text), caseless)) add(found);
    for (const form of encoded) for (const found of occurrences(view.text, form)) add(found);
    if (ranges.length === 0) return text;
    ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
    let result = '';
    let copied = 0;
    for (const [from, to] of ranges) {
      if (to <= copied) continue;
      result += from >= copied ? `${text.slice(copied, from)}${REDACTED}` : '';
      copied = to;
    }
    return result + text.slice(copied);
  };
}
