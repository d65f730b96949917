import ts = require('typescript');
import type { TextEdit } from '@sunset-lint/core';
import { scriptKindOf } from '../scan/reader/parse.js';
import { grammarOf } from '../scan/reader/parse-outcome.js';
import type { PlaceQueries } from './place-syntax.js';
import { withCommentLinesAbove } from './place-syntax.js';
import { lineEnd, lineStart, removeListItem } from './text.js';

/**
 * Places around a finding in a JavaScript or TypeScript file, read from TypeScript's syntax tree
 * (syntax only, as the scan parses): the statement a comment goes above, the statement that only
 * sends a request, the list an item is in. The tree is parsed once per file and text.
 */
export class JsPlaces implements PlaceQueries {
  private readonly file: ts.SourceFile;

  constructor(
    path: string,
    private readonly text: string,
  ) {
    this.file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, scriptKindOf(grammarOf(path)));
  }

  /** The file's syntax tree (the rewrites of one entry read it: `entries/`). */
  get tree(): ts.SourceFile {
    return this.file;
  }

  /** The innermost nodes containing the range, outermost first. */
  chain(range: readonly [number, number]): ts.Node[] {
    const out: ts.Node[] = [];
    const visit = (node: ts.Node) => {
      if (node.getStart(this.file) <= range[0] && range[1] <= node.getEnd()) {
        out.push(node);
        ts.forEachChild(node, visit);
      }
    };
    ts.forEachChild(this.file, visit);
    return out;
  }

  /**
   * The statement of a statement list that holds the range (where a comment about it goes), with
   * its indentation; undefined inside a template's text or where no statement starts its line.
   */
  statementAt(range: readonly [number, number]): { start: number; indent: string } | undefined {
    const chain = this.chain(range);
    const inner = chain.at(-1);
    // Text inside a template literal's own text: a line inserted above would be part of the string.
    if (inner && (ts.isTemplateLiteralToken(inner) || ts.isNoSubstitutionTemplateLiteral(inner))) {
      const start = inner.getStart(this.file);
      if (this.text.slice(start, range[0]).includes('\n')) return undefined;
    }
    for (let i = chain.length - 1; i >= 0; i--) {
      const node = chain[i]!;
      if (!isListedStatement(node)) continue;
      const start = node.getStart(this.file);
      const line = lineStart(this.text, start);
      const before = this.text.slice(line, start);
      if (!/^[ \t]*$/.test(before)) return undefined;
      return { start: line, indent: before };
    }
    return undefined;
  }

  /**
   * The edit that deletes the statement sending the request whose argument holds the range, when
   * the statement does nothing else: `await fetch(url, init);`, `client.zones.settings.edit('x', …);`.
   * Undefined when the request's result is used (assigned, returned, chained, awaited inside an
   * expression) or the statement shares its lines with other code.
   */
  requestStatementRemoval(range: readonly [number, number]): TextEdit | undefined {
    const chain = this.chain(range);
    const callAt = findLastIndex(chain, (node) => ts.isCallExpression(node));
    if (callAt < 0) return undefined;
    const call = chain[callAt] as ts.CallExpression;
    // The range is in the call's arguments, not in the callee (a helper building the URL), or is
    // the call itself (an SDK call).
    const isCall = call.getStart(this.file) === range[0] && call.getEnd() === range[1];
    const inArguments = call.arguments.some(
      (argument) => argument.getStart(this.file) <= range[0] && range[1] <= argument.getEnd(),
    );
    if (!inArguments && !isCall) return undefined;
    let node: ts.Node = call;
    let parent = node.parent;
    while (
      parent &&
      (ts.isAwaitExpression(parent) || ts.isParenthesizedExpression(parent) || ts.isVoidExpression(parent))
    ) {
      node = parent;
      parent = node.parent;
    }
    if (!parent || !ts.isExpressionStatement(parent) || !isListedStatement(parent)) return undefined;
    return this.wholeLinesRemoval(parent);
  }

  /** The removal of a statement with its lines, when nothing else is written on them. */
  private wholeLinesRemoval(statement: ts.Statement): TextEdit | undefined {
    const start = statement.getStart(this.file);
    const end = statement.getEnd();
    const line = lineStart(this.text, start);
    const after = lineEnd(this.text, end);
    if (!/^[ \t]*$/.test(this.text.slice(line, start)) || !/^[ \t]*$/.test(this.text.slice(end, after)))
      return undefined;
    return { start: line, end: after < this.text.length ? after + 1 : after, text: '' };
  }

  /**
   * A header set by a call whose first argument is the string holding the range
   * (`headers.set('Transfer-Encoding', 'chunked');`, `req.setHeader(…);`, a chained `.set(…)` of a
   * request builder): the removal of the statement when the call is all of it, or of the `.set(…)`
   * link of the chain. Undefined for any other shape.
   */
  headerCallRemoval(range: readonly [number, number]): TextEdit | undefined {
    const literal = this.chain(range).at(-1);
    if (!literal || !ts.isStringLiteralLike(literal)) return undefined;
    const call = literal.parent;
    if (!call || !ts.isCallExpression(call) || call.arguments[0] !== literal || call.arguments.length !== 2)
      return undefined;
    const callee = call.expression;
    if (!ts.isPropertyAccessExpression(callee) || !HEADER_SETTERS.has(callee.name.text)) return undefined;
    if (!isPure(call.arguments[1]!) && !ts.isStringLiteralLike(call.arguments[1]!)) return undefined;
    const parent = call.parent;
    if (ts.isExpressionStatement(parent) && isListedStatement(parent) && !ts.isCallExpression(callee.expression))
      return this.wholeLinesRemoval(parent);
    // A link of a builder's chain (`request.put(url).set('A', a).set('B', b)`, each link returning
    // the request): the link goes, the chain goes on.
    if (ts.isCallExpression(callee.expression))
      return { start: callee.expression.getEnd(), end: call.getEnd(), text: '' };
    return undefined;
  }

  /**
   * The object literal holding the range as the value of `key`, when it is an item of an array
   * literal: its removal from the array, keeping the layout of the items left (undefined when it is
   * the only item: the request would send an empty list).
   */
  arrayItemRemovalByKey(range: readonly [number, number], key: string): TextEdit | undefined {
    const chain = this.chain(range);
    const objectAt = findLastIndex(
      chain,
      (node, i) =>
        ts.isObjectLiteralExpression(node) &&
        chain[i + 1] !== undefined &&
        ts.isPropertyAssignment(chain[i + 1]!) &&
        propertyName(chain[i + 1] as ts.PropertyAssignment) === key,
    );
    if (objectAt < 0) return undefined;
    return this.arrayItemRemoval(chain[objectAt]!);
  }

  /**
   * The property of an object literal whose key is exactly the range (`brotli: 'on'` in the settings
   * of a declared resource): its removal, keeping the layout of the properties left.
   */
  propertyRemoval(range: readonly [number, number]): TextEdit | undefined {
    const key = this.chain(range).at(-1);
    const property = key?.parent;
    if (!key || !property || key.getStart(this.file) !== range[0] || key.getEnd() !== range[1]) return undefined;
    if (!(ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property)) || property.name !== key)
      return undefined;
    const object = property.parent;
    if (!ts.isObjectLiteralExpression(object)) return undefined;
    const spans = object.properties.map((p) => ({ start: p.getStart(this.file), end: p.getEnd() }));
    return withCommentLinesAbove(
      this.text,
      removeListItem(this.text, spans, object.properties.indexOf(property), { alone: true }),
    );
  }

  /** The property read whose name is at `range` (`(await loadRecord(id)).locked`), and the object it reads, as written. */
  readAt(range: readonly [number, number]): { read: string; object: string } | undefined {
    const read = this.chain(range).at(-1)?.parent;
    if (!read || !(ts.isPropertyAccessExpression(read) || ts.isElementAccessExpression(read))) return undefined;
    return {
      read: this.text.slice(read.getStart(), read.getEnd()),
      object: this.text.slice(read.expression.getStart(), read.expression.getEnd()),
    };
  }

  /**
   * A read of a property whose name is exactly the range (`record.locked`, `res?.result?.[0]?.locked`,
   * `r['locked']`), replaced with `value`: only where the whole read is an expression of its own (not
   * written to, deleted, destructured or called) and the object it is read from has no side effect
   * (names, property reads and type assertions only), so nothing but the read goes.
   */
  readReplacement(range: readonly [number, number], value: string): TextEdit | undefined {
    const name = this.chain(range).at(-1);
    if (!name || name.getStart(this.file) !== range[0] || name.getEnd() !== range[1]) return undefined;
    const read = name.parent;
    if (!read) return undefined;
    const isRead =
      (ts.isPropertyAccessExpression(read) && read.name === name) ||
      (ts.isElementAccessExpression(read) && read.argumentExpression === name && ts.isStringLiteralLike(name));
    if (!isRead || !isPure(read.expression)) return undefined;
    // The outermost node of the optional chain the read ends (`a?.b.locked`): the read is all of it.
    const parent = read.parent;
    if (
      (ts.isCallExpression(parent) && parent.expression === read) ||
      ((ts.isPropertyAccessExpression(parent) || ts.isElementAccessExpression(parent)) && parent.expression === read) ||
      (ts.isBinaryExpression(parent) &&
        parent.left === read &&
        parent.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
        parent.operatorToken.kind <= ts.SyntaxKind.LastAssignment) ||
      ts.isDeleteExpression(parent) ||
      (ts.isPrefixUnaryExpression(parent) &&
        (parent.operator === ts.SyntaxKind.PlusPlusToken || parent.operator === ts.SyntaxKind.MinusMinusToken)) ||
      ts.isPostfixUnaryExpression(parent) ||
      ts.isNonNullExpression(parent)
    )
      return undefined;
    return { start: read.getStart(this.file), end: read.getEnd(), text: value };
  }

  /** The string literal that is exactly the range, as an item of an array literal. */
  arrayOfString(range: readonly [number, number]): { items: string[]; removal: TextEdit | undefined } | undefined {
    const chain = this.chain(range);
    const literal = chain.at(-1);
    if (!literal || !ts.isStringLiteralLike(literal)) return undefined;
    const array = literal.parent;
    if (!array || !ts.isArrayLiteralExpression(array)) return undefined;
    return { items: this.stringsOf(array, 0), removal: this.arrayItemRemoval(literal) };
  }

  /** The strings an array literal holds, through spreads of constants of this file (`...MODERN_CIPHERS`). */
  private stringsOf(array: ts.ArrayLiteralExpression, depth: number): string[] {
    return array.elements.flatMap((element) => {
      if (ts.isStringLiteralLike(element)) return [element.text];
      if (depth < 4 && ts.isSpreadElement(element) && ts.isIdentifier(element.expression)) {
        const spread = this.constantArray(element.expression.text);
        return spread ? this.stringsOf(spread, depth + 1) : [];
      }
      return [];
    });
  }

  /** `const NAME = [ … ]` at the top of this file. */
  private constantArray(name: string): ts.ArrayLiteralExpression | undefined {
    for (const statement of this.file.statements) {
      if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
      for (const declaration of statement.declarationList.declarations) {
        let init = declaration.initializer;
        while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init))) init = init.expression;
        if (
          ts.isIdentifier(declaration.name) &&
          declaration.name.text === name &&
          init &&
          ts.isArrayLiteralExpression(init)
        )
          return init;
      }
    }
    return undefined;
  }

  private arrayItemRemoval(item: ts.Node): TextEdit | undefined {
    const array = item.parent;
    if (!array || !ts.isArrayLiteralExpression(array) || array.elements.length < 2) return undefined;
    const spans = array.elements.map((element) => ({ start: element.getStart(this.file), end: element.getEnd() }));
    const index = array.elements.indexOf(item as ts.Expression);
    return removeListItem(this.text, spans, index);
  }
}

/** The methods that set one header of a request: `Headers#set`/`append`, Node's `setHeader`, superagent's `set`. */
const HEADER_SETTERS = new Set(['set', 'append', 'setHeader', 'header']);

/** An expression reading names and properties only (no call, no assignment): evaluating it has no effect. */
function isPure(node: ts.Expression): boolean {
  if (ts.isIdentifier(node) || node.kind === ts.SyntaxKind.ThisKeyword) return true;
  if (ts.isPropertyAccessExpression(node)) return isPure(node.expression);
  if (ts.isElementAccessExpression(node))
    return (
      (ts.isStringLiteralLike(node.argumentExpression) || ts.isNumericLiteral(node.argumentExpression)) &&
      isPure(node.expression)
    );
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node))
    return isPure(node.expression);
  return false;
}

function findLastIndex<T>(list: readonly T[], test: (item: T, index: number) => boolean): number {
  for (let i = list.length - 1; i >= 0; i--) if (test(list[i]!, i)) return i;
  return -1;
}

function propertyName(property: ts.PropertyAssignment): string | undefined {
  const name = property.name;
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
}

/** A statement directly in a block, a module or a switch case: a line can go above it. */
function isListedStatement(node: ts.Node): boolean {
  const parent = node.parent;
  return (
    !!parent &&
    (ts.isBlock(parent) || ts.isSourceFile(parent) || ts.isCaseClause(parent) || ts.isDefaultClause(parent)) &&
    (parent as { statements: ts.NodeArray<ts.Node> }).statements.includes(node as ts.Statement)
  );
}
