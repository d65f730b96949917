/**
 * Terminal safety for the formats that land in a terminal or a CI log (text, github, the stderr
 * notes): file names and messages come from the scanned repository (a string literal, a file
 * called `\x1b[2J.ts`) and must never reach the terminal as control sequences. C0 and C1 control
 * characters, DEL and the bidirectional overrides and isolates (U+202A-U+202E, U+2066-U+2069,
 * U+200E, U+200F, U+061C: "Trojan Source") are written visibly as `\u001b`.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const visible = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** `keepLineBreaks`: CR and LF are kept, for formats that encode line breaks themselves (GitHub's `%0A`). */
export function terminalSafe(text: string, keepLineBreaks = false): string {
  return text.replace(UNSAFE, (char) => (keepLineBreaks && (char === '\n' || char === '\r') ? char : visible(char)));
}

/** Every string of a value (a report, a finding) made terminal-safe; the shape is kept. */
export function terminalSafeDeep<T>(value: T, keepLineBreaks = false): T {
  return mapStrings(value, (text) => terminalSafe(text, keepLineBreaks)) as T;
}

function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  // A day (a catalogue entry's end of life) holds no text, and copied key by key it would lose its value.
  if (value instanceof Date) return value;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, map)]));
  return value;
}
