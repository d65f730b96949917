import ts = require('typescript');
import type { Finding } from '@sunset-lint/core';
import type { JsPlaces } from '../js-places.js';
import { objectView, type ObjectView, type Reader } from './ruleset-rule.js';

/**
 * A call of the provider's SDK (`cloudflare`) at a finding: `<client>.<chain>.<method>(…)`, the
 * finding's range being the call itself (as the scan reports an SDK call), read from the syntax tree
 * with the values the rewrites of `sdk-*.ts` need.
 */
export interface SdkCall {
  call: ts.CallExpression;
  file: ts.SourceFile;
  /** The text of the client the chain is read on (`client`, `this.cf`). */
  receiver: string;
  /** The method called at the end of the chain (`create`, `list`). */
  method: string;
  /** The chain's property names, in order (`['zeroTrust', 'access', 'bookmarks']`). */
  chain: ts.Identifier[];
  read: Reader;
  nodeText: (node: ts.Node) => string;
  /** The statement the call is in (where a comment and a declaration go above), with its indentation. */
  place: { start: number; indent: string } | undefined;
  /** Whether the call's result is used: the call (awaited or not) is not a statement of its own. */
  resultUsed: boolean;
  /** `;` where the statement ends with one. */
  semi: string;
  eol: string;
}

/** The SDK call `<client>.<chain…>.<method>(…)` that is the finding's range; undefined for any other place. */
export function sdkCallAt(
  finding: Finding,
  text: string,
  js: JsPlaces | undefined,
  chain: readonly string[],
): SdkCall | undefined {
  if (!js) return undefined;
  const file = js.tree;
  const call = js
    .chain(finding.range)
    .findLast(
      (node): node is ts.CallExpression =>
        ts.isCallExpression(node) && node.getStart(file) === finding.range[0] && node.getEnd() === finding.range[1],
    );
  if (!call || !ts.isPropertyAccessExpression(call.expression)) return undefined;
  const method = call.expression.name.text;
  // Walk the chain back from the method: `client.firewall.rules` for chain ['firewall', 'rules'].
  const names: ts.Identifier[] = [];
  let node: ts.Expression = call.expression.expression;
  for (let i = chain.length - 1; i >= 0; i--) {
    if (!ts.isPropertyAccessExpression(node) || !ts.isIdentifier(node.name) || node.name.text !== chain[i])
      return undefined;
    names.unshift(node.name);
    node = node.expression;
  }
  const nodeText = (n: ts.Node) => text.slice(n.getStart(file), n.getEnd());
  const quoteChar = fileQuote(text);
  const read: Reader = {
    text: nodeText,
    object: (n) => (ts.isObjectLiteralExpression(n) ? objectView(n, file, text) : undefined),
    quote: (value) => `${quoteChar}${value.replace(/\\/g, '\\\\').replaceAll(quoteChar, `\\${quoteChar}`)}${quoteChar}`,
  };
  let outer: ts.Node = call;
  while (outer.parent && (ts.isAwaitExpression(outer.parent) || ts.isParenthesizedExpression(outer.parent)))
    outer = outer.parent;
  let statement: ts.Node = call;
  while (statement.parent && !ts.isBlock(statement.parent) && !ts.isSourceFile(statement.parent))
    statement = statement.parent;
  return {
    call,
    file,
    receiver: nodeText(node),
    method,
    chain: names,
    read,
    nodeText,
    place: js.statementAt(finding.range),
    resultUsed: !(outer.parent && ts.isExpressionStatement(outer.parent)),
    semi: nodeText(statement).trimEnd().endsWith(';') ? ';' : '',
    eol: text.includes('\r\n') ? '\r\n' : '\n',
  };
}

/** The quote the file writes its strings with: the more frequent of `'` and `"` (single on a tie). */
function fileQuote(text: string): string {
  const single = text.match(/'/g)?.length ?? 0;
  const double = text.match(/"/g)?.length ?? 0;
  return double > single ? '"' : "'";
}

/** The view of the params object literal at `index`, or undefined where it is not one written at the call. */
export function paramsAt(
  sdk: SdkCall,
  index: number,
): { node: ts.ObjectLiteralExpression; view: ObjectView } | undefined {
  const node = sdk.call.arguments[index];
  if (!node || !ts.isObjectLiteralExpression(node)) return undefined;
  const view = sdk.read.object(node);
  return view ? { node, view } : undefined;
}
