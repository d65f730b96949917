import { describe, expect, test } from 'vitest';
import { lineEntryRemoval } from '../src/migrate/script-lines.js';
import { ScriptPlaces } from '../src/migrate/script-places.js';

/** The text with the edit applied, or undefined where there is none. */
function removed(text: string, edit: { start: number; end: number; text: string } | undefined): string | undefined {
  return edit && text.slice(0, edit.start) + edit.text + text.slice(edit.end);
}

/** The range of the first occurrence of `what` in `text`. */
function at(text: string, what: string): [number, number] {
  const start = text.indexOf(what);
  expect(start).toBeGreaterThanOrEqual(0);
  return [start, start + what.length];
}

describe('a line that is by itself the entry of a key or header (shell, Python, Go)', () => {
  test('Python: a dict entry on its own line goes with its line; one sharing its line stays', () => {
    const text = 'headers = {\n    "Content-Length": str(n),\n    "Transfer-Encoding": "chunked",\n}\n';
    expect(
      removed(text, lineEntryRemoval(text, at(text, '"Transfer-Encoding"'), 'python', 'Transfer-Encoding', true)),
    ).toBe('headers = {\n    "Content-Length": str(n),\n}\n');
    const shared = 'headers = {"Content-Length": str(n), "Transfer-Encoding": "chunked"}\n';
    expect(
      lineEntryRemoval(shared, at(shared, '"Transfer-Encoding"'), 'python', 'Transfer-Encoding', true),
    ).toBeUndefined();
    // A payload key is matched exactly; a value that is not a literal is left to a person.
    const record = 'record = {\n    "locked": False,\n    "ttl": compute(),\n}\n';
    expect(removed(record, lineEntryRemoval(record, at(record, '"locked"'), 'python', 'locked', false))).toBe(
      'record = {\n    "ttl": compute(),\n}\n',
    );
    const computed = 'record = {\n    "locked": is_locked(r),\n}\n';
    expect(lineEntryRemoval(computed, at(computed, '"locked"'), 'python', 'locked', false)).toBeUndefined();
  });

  test('Go: a map entry and a Header.Set statement; shell: a curl -H option on a continued line only', () => {
    const go =
      'func f() {\n\treq.Header.Set("Transfer-Encoding", "chunked")\n\treq.Header.Set("Content-Length", n)\n}\n';
    expect(removed(go, lineEntryRemoval(go, at(go, '"Transfer-Encoding"'), 'go', 'Transfer-Encoding', true))).toBe(
      'func f() {\n\treq.Header.Set("Content-Length", n)\n}\n',
    );
    const map = 'h := http.Header{\n\t"Transfer-Encoding": {"chunked"},\n\t"Content-Length": {n},\n}\n';
    expect(removed(map, lineEntryRemoval(map, at(map, '"Transfer-Encoding"'), 'go', 'Transfer-Encoding', true))).toBe(
      'h := http.Header{\n\t"Content-Length": {n},\n}\n',
    );
    const shell =
      'curl -X PUT "$URL" \\\n  -H "Transfer-Encoding: chunked" \\\n  -H "Content-Length: $n" \\\n  --data-binary @f\n';
    expect(
      removed(shell, lineEntryRemoval(shell, at(shell, 'Transfer-Encoding'), 'shell', 'Transfer-Encoding', true)),
    ).toBe('curl -X PUT "$URL" \\\n  -H "Content-Length: $n" \\\n  --data-binary @f\n');
    // The first line of a command is not an option line: nothing continues into it.
    const first = '-H "Transfer-Encoding: chunked" \\\n  "$URL"\n';
    expect(lineEntryRemoval(first, at(first, 'Transfer-Encoding'), 'shell', 'Transfer-Encoding', true)).toBeUndefined();
    // The shell a Makefile or CI step holds is not a script: nothing is removed there.
    expect(lineEntryRemoval(shell, at(shell, 'Transfer-Encoding'), 'host', 'Transfer-Encoding', true)).toBeUndefined();
  });
});

describe('a statement that is only a call, among others of its block', () => {
  test('Python: removed with its line; the only statement of a block, or a used result, stays', async () => {
    const text =
      'def f(z):\n    a(z)\n    set_setting(z, "privacy_pass", "off")\n\n\ndef g(z):\n    set_setting(z, "privacy_pass", "off")\n\n\ndef h(z):\n    r = get_setting(z, "privacy_pass")\n    return r\n';
    const places = (await ScriptPlaces.of('x.py', 'python', text))!;
    const calls = [...text.matchAll(/"privacy_pass"/g)].map((m) => [m.index, m.index + 14] as [number, number]);
    expect(removed(text, places.callStatementRemoval(calls[0]!))).toBe(
      text.replace('    set_setting(z, "privacy_pass", "off")\n', ''),
    );
    expect(places.callStatementRemoval(calls[1]!)).toBeUndefined();
    expect(places.callStatementRemoval(calls[2]!)).toBeUndefined();
  });

  test('shell: a command with its continuation lines; one in a pipeline, a list or a substitution stays', async () => {
    const text =
      '#!/bin/sh\necho start\ncurl -X PATCH "$API/settings/privacy_pass" \\\n  --data \'{"value":"off"}\'\ncurl "$API/settings/privacy_pass" | jq .\ncurl -X PATCH "$API/settings/privacy_pass" && echo ok\nv=$(curl "$API/settings/privacy_pass")\n';
    const places = (await ScriptPlaces.of('x.sh', 'shell', text))!;
    const calls = [...text.matchAll(/privacy_pass/g)].map((m) => [m.index, m.index + 12] as [number, number]);
    expect(removed(text, places.callStatementRemoval(calls[0]!))).toBe(
      '#!/bin/sh\necho start\ncurl "$API/settings/privacy_pass" | jq .\ncurl -X PATCH "$API/settings/privacy_pass" && echo ok\nv=$(curl "$API/settings/privacy_pass")\n',
    );
    for (const call of calls.slice(1)) expect(places.callStatementRemoval(call)).toBeUndefined();
  });
});
