import type { FactsBuilder } from '../facts-builder.js';

// Reads of an answer's members and the codes compared with, as the formats read as text write them.

/**
 * A chain of names read from a value, as the formats write one: `.result[0].locked` (jq, JSONPath),
 * `item.json.errors[0].error_chain` (Jinja), `$pool.notification_email` (PowerShell),
 * `$_->{locked}` (Perl), `body["error_chain"]`, `record["data"]["service"]` (Ruby), `recs$data$proto` (R).
 */
const READ_CHAIN =
  /([$@]?[A-Za-z_]\w*|\$|\]|\))?((?:(?:\.|->\{?|\[["']|(?<=[\w\])])\$)[A-Za-z_]\w*(?:["']?[}\]]|["'])?(?:\[[^\]\n]*\])?)+)/g;
const CHAIN_NAME = /(?:\.|->\{?|\[["']|\$)([A-Za-z_]\w*)/g;
/** A Clojure keyword read (`(:notification_email pool)`, `(:locked record)`): the member and what it is read from. */
const KEYWORD_READ = /\(:([A-Za-z_][\w-]*)\s+([A-Za-z_%][\w.-]*)\s*\)/g;
/** A number compared in any of the formats' spellings (`==`, `-eq`, `eq`, `!=`, `-ne`, Clojure's `(= 1004 …)`). */
const COMPARED_NUMBER =
  /(?:==|!=|-eq|-ne|\beq|\bne|\((?:=|not=)\s)\s*["']?(\d{3,5})\b|\b(\d{3,5})["']?\s*(?:==|!=|-eq|-ne)/g;

/** The reads and checks of every line of a text at `start` (a program in a shell string: `perl -ne '…'`). */
export function readsAndChecksIn(text: string, start: number, around: () => string, builder: FactsBuilder): void {
  let at = start;
  for (const line of text.split('\n')) {
    readsAndChecks(line, at, around, builder);
    at += line.length + 1;
  }
}

/** A member read by a call given its name (`Map.get(first, "error_chain")`, `rec.getBoolean("locked")`, `dig("result", "locked")`, .NET's `GetProperty("error_chain")`, Elixir's `get_in(pool, ["notification_email"])`). */
const GET_CALL =
  /(?:([$@]?[A-Za-z_][\w$]*)\s*\.\s*)?\b(?:get|fetch|dig|get_in|getString|getBoolean|getJSONArray|getJSONObject|optString|optBoolean|optJSONArray|GetProperty|TryGetProperty|path|value)\s*\(\s*(?:([^,()"'\n[]+),\s*)?\[?\s*(?:["'][\w-]+["']\s*,\s*)*["'](?<name>[A-Za-z_]\w*)["']/g;

/** The reads of a value's members and the numbers compared on a line, as the readers of code report them. */
export function readsAndChecks(line: string, start: number, around: () => string, builder: FactsBuilder): void {
  for (const call of line.matchAll(GET_CALL)) {
    const name = call.groups!.name!;
    const at = start + call.index + call[0].lastIndexOf(name);
    // Every name a dig is given, in order (`record.dig("data", "proto")` reads `data.proto`).
    const path = [...call[0].slice(call[0].indexOf('(')).matchAll(/["']([A-Za-z_]\w*)["']/g)].map((found) => found[1]!);
    // What it reads from: the map it is given (`get_in(pool, […])`), else the object it is called on (`rec.getBoolean(…)`).
    const given = call[2]?.trim();
    const receiver = (given && /^[$@]?[A-Za-z_]\w*$/.test(given) ? given : call[1])?.replace(/^[$@]/, '');
    builder.read(path, [at, at + name.length], receiver, around());
  }
  for (const found of line.matchAll(KEYWORD_READ)) {
    const at = start + found.index + 2;
    builder.read([found[1]!], [at, at + found[1]!.length], found[2]!.replace(/^%$/, '') || undefined, around());
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
