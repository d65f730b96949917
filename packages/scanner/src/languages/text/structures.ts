import type { Range } from '@sunset-lint/core/internal';
import { writtenValue, type ObjectEntry, type ObjectLiteral } from '../facts-builder.js';

/**
 * Objects written in a text file, whatever its format: a Hurl or Bruno request's JSON body, a
 * PowerShell hashtable (`data = @{ service = $Service }`), a Ruby or Perl hash (`proto => '_tcp'`),
 * an Ansible task's YAML `body:` block, a Rust `json!({ … })`, a Kotlin `buildJsonObject { put(…) }`.
 * Read loosely, line by line: a key is a word before `:`, `=` or `=>` (or the first argument of a
 * builder's `put`); a line that ends with `{` opens an object and one that starts with `}` closes
 * it; a YAML key with nothing after it opens one that lasts while the lines below are indented
 * deeper. The matcher decides what they are, as for a
 * dict in Python (a `data` object with `service` beside `priority` and `port` is an SRV record's).
 */
export function objectsInText(text: string, isComment: (line: string) => boolean): ObjectLiteral[] {
  const roots: ObjectLiteral[] = [];
  const stack: Open[] = [];
  // A key whose object opens on the next line.
  let pending: { entry: ObjectEntry; parent: ObjectLiteral | undefined } | undefined;
  let lineStart = 0;
  for (const raw of text.split('\n')) {
    const start = lineStart;
    lineStart += raw.length + 1;
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '' || isComment(line)) continue;
    const indent = /^[ \t]*(?:-[ \t]+)?/.exec(line)![0].length;
    // A YAML object ends at the first line that is not indented deeper than its key.
    while (stack.length && stack[stack.length - 1]!.indent !== undefined && indent <= stack[stack.length - 1]!.indent!)
      close(stack, roots, start);
    const opensPending = pending && line.trim() === '{' ? pending : undefined;
    pending = undefined;
    if (opensPending) {
      const object = newObject(start + line.indexOf('{'));
      stack.push({ object, entry: opensPending.entry, parent: opensPending.parent, closer: '}' });
      continue;
    }
    const key = KEY.exec(line);
    if (key) {
      const name = key[2] ?? key[3]!;
      const keyAt = start + key.index + key[1]!.length + (key[2] === undefined ? 0 : 1);
      const rest = withoutSeparator(key[5]!);
      const restAt = start + line.length - key[5]!.length;
      const entry: ObjectEntry = {
        key: name,
        keyRange: [keyAt, keyAt + name.length],
        property: [keyAt, start + line.length],
      };
      const parent = stack[stack.length - 1];
      if (rest === '' || rest === '|' || rest === '>') {
        // `data:` in YAML: an object while deeper lines follow.
        stack.push({ object: newObject(keyAt), indent, entry, parent: parent?.object });
        continue;
      }
      const opened = OPEN.exec(rest);
      if (rest.endsWith('(')) {
        // `req.body = JSON.generate(` with keyword arguments below: the object they make.
        stack.push({ object: newObject(keyAt), entry, parent: parent?.object, closer: ')' });
        continue;
      }
      if (opened || rest.endsWith('{')) {
        // `data = @{ a = 1 }` on one line; else the object goes on below (`"data": {`, `data: json!({`).
        const inline = opened && inlineObject(rest.slice(opened[0].length), restAt + opened[0].length);
        if (inline) {
          entry.object = inline;
          parent?.object.entries.push(entry);
          if (!parent) roots.push(inline);
          continue;
        }
        stack.push({ object: newObject(keyAt), entry, parent: parent?.object, closer: '}' });
        continue;
      }
      // C#'s `data = new` (or `new Dictionary<string, object>`) with its `{` on the next line.
      if (/^new\b[\w<>,.\s]*$/.test(rest)) {
        pending = { entry, parent: parent?.object };
        continue;
      }
      const value = scalar(rest);
      if (value !== undefined) entry.value = writtenValue(value.text, restAt + value.offset);
      if (parent) parent.object.entries.push(entry);
      continue;
    }
    const call = CALL_ENTRY.exec(line);
    if (call) {
      // `put("locked", false)` in a JSON builder's block (kotlinx's `buildJsonObject { … }`, Java's `JSONObject`).
      const name = call[2]!;
      const keyAt = start + call[1]!.length + 1;
      const entry: ObjectEntry = {
        key: name,
        keyRange: [keyAt, keyAt + name.length],
        property: [start + call[1]!.length, start + line.length],
      };
      const value = scalar(call[3]!);
      if (value !== undefined) entry.value = writtenValue(value.text, start + line.indexOf(call[3]!) + value.offset);
      stack[stack.length - 1]?.object.entries.push(entry);
      continue;
    }
    const trimmed = line.trim();
    // A line that starts with a closing brace ends the innermost brace object (and any YAML block or
    // argument list left open in it)…
    if (trimmed.startsWith('}')) {
      while (stack.length && stack[stack.length - 1]!.closer !== '}') close(stack, roots, start);
      if (stack.length) close(stack, roots, start + line.indexOf('}') + 1);
    }
    // …one that starts with a closing parenthesis ends the innermost argument list…
    if (trimmed.startsWith(')') && stack.some((open) => open.closer === ')')) {
      while (stack[stack.length - 1]!.closer !== ')') close(stack, roots, start);
      close(stack, roots, start + line.indexOf(')') + 1);
    }
    // …and one that ends with an opening brace starts one: `{`, `@{`, `json!({`, `buildJsonObject {`,
    // `} else {`; with an opening parenthesis, an argument list of named values (Kotlin's
    // `mapOf(` of `"key" to value` pairs, Ruby's keyword arguments).
    if (trimmed.endsWith('{') || trimmed.endsWith('(')) {
      const parent = stack[stack.length - 1];
      const closer = trimmed.endsWith('{') ? '}' : ')';
      stack.push({
        object: newObject(start + line.lastIndexOf(closer === '}' ? '{' : '(')),
        parent: parent?.object,
        closer,
      });
    }
  }
  while (stack.length) close(stack, roots, text.length);
  return roots;
}

interface Open {
  object: ObjectLiteral;
  /** The key's indentation, for a YAML block; none for a brace object or an argument list. */
  indent?: number;
  /** What closes a brace object (`}`) or an argument list (`)`). */
  closer?: '}' | ')';
  /** The entry of the parent that holds this object. */
  entry?: ObjectEntry;
  parent?: ObjectLiteral;
}

/** A key and what follows it: `"data": {`, `data = @{`, `:proto => '_tcp',`, `service: "{{ item.service }}"`, Kotlin's `"proto" to "_tcp",`. */
const KEY =
  /^([ \t]*(?:-[ \t]+)?[:$]?)(?:["']([\w-]+)["']|([A-Za-z_][\w.-]*))[ \t]*(:(?!:)|=>|=(?![=~])|(?<=["'][ \t]*)to(?=[ \t]))[ \t]*(.*)$/;

/**
 * A key's value without the separator after it (`"A",` → `"A"`): trailing blanks, one `,` or `;`,
 * blanks. (Not a pattern: a lazy `(.*?)` before them is quadratic on a long run of blanks, such as
 * a JSON file's blanked prose.)
 */
function withoutSeparator(rest: string): string {
  let end = rest.length;
  while (end > 0 && (rest[end - 1] === ' ' || rest[end - 1] === '\t')) end--;
  if (end > 0 && (rest[end - 1] === ',' || rest[end - 1] === ';')) end--;
  while (end > 0 && (rest[end - 1] === ' ' || rest[end - 1] === '\t')) end--;
  return rest.slice(0, end);
}
const OPEN = /^(?:@\{|\{|\[\s*\{)/;
/** A key set by a builder's call: `put("locked", false)`, `json.put('proto', "_tcp");`. */
const CALL_ENTRY = /^([ \t]*(?:[\w.]+\.)?(?:put|addProperty))\s*\(\s*["']([\w-]+)["']\s*,\s*(.*?)\)\s*;?\s*$/;

function newObject(at: number): ObjectLiteral {
  return { range: [at, at], entries: [] };
}

function close(stack: Open[], roots: ObjectLiteral[], end: number): void {
  const open = stack.pop()!;
  open.object.range = [open.object.range[0], Math.max(open.object.range[0], end)] as Range;
  if (open.entry) {
    open.entry.object = open.object;
    open.entry.property = [open.entry.property[0], open.object.range[1]];
    if (open.parent) open.parent.entries.push(open.entry);
  }
  // An object of its own (not the value of a key) is one the file writes, wherever it stands (a block of code holds it).
  if (!open.parent || !open.entry) roots.push(open.object);
}

/** `{ status = 'off'; strip_uri = $false }` on one line: its entries. */
function inlineObject(body: string, at: number): ObjectLiteral | undefined {
  const end = body.lastIndexOf('}');
  if (end < 0) return undefined;
  const object = newObject(at - 1);
  object.range = [at - 1, at + end + 1];
  for (const found of body.slice(0, end).matchAll(INLINE_ENTRY)) {
    const name = found[1] ?? found[2]!;
    const keyAt = at + found.index + found[0].indexOf(name);
    const entry: ObjectEntry = {
      key: name,
      keyRange: [keyAt, keyAt + name.length],
      property: [keyAt, at + found.index + found[0].length],
    };
    const value = scalar(found[3]!);
    if (value !== undefined)
      entry.value = writtenValue(value.text, at + found.index + found[0].length - found[3]!.length + value.offset);
    object.entries.push(entry);
  }
  return object;
}

const INLINE_ENTRY = /(?:["']([\w-]+)["']|([A-Za-z_][\w-]*))\s*(?::(?!:)|=>|=(?!=))\s*([^,;{}]*)/g;

/** A value as text: a quoted string's content, or a bare word. */
function scalar(rest: string): { text: string; offset: number } | undefined {
  const trimmed = rest.trim();
  const quoted = /^(["'])(.*)\1$/.exec(trimmed);
  const offset = rest.indexOf(trimmed);
  if (quoted) return { text: quoted[2]!, offset: offset + 1 };
  return trimmed === '' ? undefined : { text: trimmed, offset };
}
