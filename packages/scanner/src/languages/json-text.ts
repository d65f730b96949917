import type { Range } from '@sunset-lint/core/internal';
import { HOLE } from '@sunset-lint/core/internal';
import { textOf, type ObjectEntry, type ObjectLiteral, type Value } from './facts-builder.js';

/**
 * JSON written inside another language's string (a `curl -d '{…}'` body, a heredoc, a Python
 * `json.dumps`-free literal): read tolerantly, since the text is often not JSON on its own. A
 * shell variable spliced in (`'"$NAME"'`) is a hole, `\\"` in a double-quoted shell string is a
 * quote, and a broken tail is ignored. Keys come back with their places in the source.
 */
export function objectsInJsonText(value: Value): ObjectLiteral[] {
  const text = textOf(value);
  if (!text.includes('{')) return [];
  const place = placer(value);
  const tokens = tokenize(text.replace(/\\"/g, ' "'), text);
  const objects: ObjectLiteral[] = [];
  let at = 0;
  // Every top-level object (a body may be one object, or an array of them, or text around one).
  while (at < tokens.length) {
    const token = tokens[at]!;
    if (token.kind === '{') {
      const parsed = parseObject(tokens, at, place);
      objects.push(parsed.object);
      at = parsed.next;
    } else at++;
  }
  return objects;
}

interface Token {
  kind: '{' | '}' | '[' | ']' | ':' | ',' | 'string' | 'bare';
  text: string;
  start: number;
  end: number;
}

/** `text` with each `\\"` written ` "`; `original` as written, where a string's closing quote was escaped. */
function tokenize(text: string, original: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if ('{}[]:,'.includes(c)) {
      tokens.push({ kind: c as Token['kind'], text: c, start: i, end: i + 1 });
      i++;
    } else if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"' && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      // `\"type\"` read as ` "type "`: the space before an escaped closing quote is the escape's.
      const end = original[j - 1] === '\\' && original[j] === '"' ? j - 1 : j;
      tokens.push({ kind: 'string', text: text.slice(i + 1, end), start: i + 1, end });
      i = j + 1;
    } else if (/\s/.test(c)) i++;
    else {
      let j = i;
      while (j < text.length && !/[\s{}[\]:,"]/.test(text[j]!)) j++;
      tokens.push({ kind: 'bare', text: text.slice(i, j), start: i, end: j });
      i = Math.max(j, i + 1);
    }
  }
  return tokens;
}

type Placer = (from: number, to: number) => Range;

function parseObject(tokens: Token[], at: number, place: Placer): { object: ObjectLiteral; next: number } {
  const open = tokens[at]!;
  const entries: ObjectEntry[] = [];
  let i = at + 1;
  let end = open.end;
  while (i < tokens.length && tokens[i]!.kind !== '}') {
    const key = tokens[i]!;
    // jq's `{name: $n, notification_email: $email}` writes its keys bare.
    if (
      (key.kind !== 'string' && !(key.kind === 'bare' && /^[A-Za-z_]\w*$/.test(key.text))) ||
      tokens[i + 1]?.kind !== ':'
    ) {
      i++;
      continue;
    }
    const valueToken = tokens[i + 2];
    const entry: ObjectEntry = {
      key: key.text,
      keyRange: place(key.start, key.end),
      property: place(key.start, key.end),
    };
    let next = i + 3;
    if (valueToken?.kind === '{') {
      const inner = parseObject(tokens, i + 2, place);
      entry.object = inner.object;
      next = inner.next;
    } else if (valueToken?.kind === '[') {
      const elements: ObjectLiteral[] = [];
      let j = i + 3;
      while (j < tokens.length && tokens[j]!.kind !== ']') {
        if (tokens[j]!.kind === '{') {
          const inner = parseObject(tokens, j, place);
          elements.push(inner.object);
          j = inner.next;
        } else j++;
      }
      entry.elements = elements;
      next = j + 1;
    } else if (valueToken?.kind === 'string') {
      entry.value = valueToken.text.includes(HOLE) ? [{ kind: 'hole' }] : [{ kind: 'text', text: valueToken.text }];
    } else if (valueToken?.kind === 'bare' && !valueToken.text.includes(HOLE)) {
      entry.value = [{ kind: 'text', text: valueToken.text }];
    }
    const last = tokens[Math.min(next, tokens.length) - 1];
    entry.property = place(key.start - 1, (last?.end ?? key.end) + (valueToken?.kind === 'string' ? 1 : 0));
    entries.push(entry);
    end = last?.end ?? end;
    i = next;
  }
  const close = tokens[i];
  return { object: { range: place(open.start, close?.end ?? end), entries }, next: i + 1 };
}

/** Text offsets of the value to source offsets: through its spans (a hole or unplaced text keeps the nearest place). */
function placer(value: Value): Placer {
  const spans: Array<{ from: number; to: number; start: number; exact: boolean; written: Range }> = [];
  let offset = 0;
  for (const part of value) {
    if (part.kind === 'text') {
      for (const span of part.spans ?? [])
        if (span.file === undefined)
          spans.push({
            from: offset + span.at,
            to: offset + span.at + span.length,
            start: span.start,
            exact: span.exact,
            written: span.written,
          });
      offset += part.text.length;
    } else offset += 1;
  }
  const at = (offset: number): number => {
    let best = spans[0];
    for (const span of spans) {
      if (offset >= span.from && offset <= span.to)
        return span.exact ? span.start + (offset - span.from) : span.written[0];
      if (span.from <= offset) best = span;
    }
    return best ? best.written[0] : 0;
  };
  return (from, to) => {
    const start = at(from);
    return [start, Math.max(start, at(to))];
  };
}
