import ts = require('typescript');
import type { Finding, TextEdit } from '@sunset-lint/core';
import type { JsPlaces } from '../js-places.js';
import { COMMENT_MARK, lineStart } from '../text.js';
import { ruleRequestAt } from './http-request.js';
import { escapeRegExp } from '@sunset-lint/core/internal';

/**
 * The rewrite shared by the entries whose replacement is a rule of a ruleset's phase entry point
 * (firewall rules, legacy rate limits, Mobile Redirect): a `fetch` that creates the old object
 * from a body written in the code becomes, at the same place, the read of the zone's entry point
 * of the phase (its id) and the `POST …/rulesets/:ruleset_id/rules` that adds the translated rule.
 * Only text at the request changes: the URL's old segments, the method, the body, and two
 * statements (with the comment saying what needs a person) above the request's statement.
 */

/** A value written literally in the code (strings, numbers, booleans, arrays, objects of those). */
export type Literal = string | number | boolean | null | Literal[] | { [key: string]: Literal };

/** One property of an object literal: its value's node and text, and its value where it is literal. */
export interface Property {
  node: ts.Expression;
  text: string;
  value: Literal | undefined;
}

/** An object literal's properties by name (undefined where it spreads, computes a key or has a method). */
export type ObjectView = Map<string, Property>;

/** The new rule's text: raw source text, or an object of named parts, in order. */
export type Out = string | Array<[string, Out]>;

/** What an entry makes of the body the code sends, or why it cannot (said to the person). */
export type Translation = { rule: Array<[string, Out]>; notes: string[] } | { leftFor: string };

export interface RulesetTarget {
  entryId: string;
  /** The phase whose entry point the rule goes in. */
  phase: string;
  /** The old path's last segments, written at the end of the URL: `firewall/rules`. */
  from: string;
  /** The method of the old request this rewrites (the create, or the setting's edit). */
  method: string;
  /** The names of the two statements' constants: the entry point's response and its id. */
  names: { response: string; id: string };
  /** The summary's words for the rewrite. */
  description: string;
  /**
   * Updates and deletes of one by id (`PUT …/firewall/rules/:rule_id`): the methods rewritten as a
   * `PATCH` of the rule (a `DELETE` is rewritten as the rule's delete); absent: only the create.
   */
  byId?: { update: string[] };
  /** What the old id names, for the comment of an update or a delete (`firewall rule`). */
  objectName?: string;
  /** The rule sent, from the body's object literal (`JSON.stringify(X)`'s X). */
  translate(body: ts.Expression, read: Reader): Translation;
}

/** Reads the code's values for a translation. */
export interface Reader {
  text: (node: ts.Node) => string;
  object: (node: ts.Node) => ObjectView | undefined;
  /** The string literal of the value, in the file's quotes. */
  quote: (value: string) => string;
}

/**
 * The rewrite at the finding, or why it is not derived there (a string), or undefined where the
 * place is not a request of the entry's old create. The request is a `fetch`, or an axios or got
 * call (`ruleRequestAt`): the statements written above it use the same client.
 */
export function rulesetRuleRewrite(
  finding: Finding,
  text: string,
  js: JsPlaces | undefined,
  target: RulesetTarget,
): { description: string; edits: TextEdit[] } | string {
  const request = ruleRequestAt(finding, text, js);
  if (typeof request === 'string') return request;
  const { call, url, read, nodeText, file, sent } = request;
  // The URL: the old segments at its end (and, for an update or a delete, one id segment after
  // them), in a template literal (or a string made one).
  const urlText = nodeText(url);
  const close = urlText.at(-1);
  const isString = ts.isStringLiteral(url);
  if (!(ts.isTemplateExpression(url) || ts.isNoSubstitutionTemplateLiteral(url) || isString))
    return 'the URL is not written at the request as one string';
  const tail = new RegExp(
    `/${escapeRegExp(target.from)}(/(?:\\$\\{[^{}]*\\}|[^/\`'"$\\\\{}?#]+))?${escapeRegExp(close ?? '')}$`,
  ).exec(urlText);
  if (!tail) return `the URL does not end with \`${target.from}\` here`;
  if (isString && /[`\\$]/.test(urlText)) return 'the URL string has characters a template literal would change';
  const id = tail[1]?.slice(1);
  const operation = operationOf(target, sent, id);
  if (typeof operation === 'string') return operation;
  // The body: the value sent as JSON (`JSON.stringify(X)`, axios' data, got's json).
  let translated: Translation = { rule: [], notes: [] };
  const sentValue = request.body;
  if (operation.body) {
    if (!sentValue) return request.bodyProblem ?? 'the body is not a value written at the request';
    translated = target.translate(sentValue, read);
    if ('leftFor' in translated)
      return id
        ? `an update that does not send a whole rule the rewrite translates (${translated.leftFor}): the PATCH of the new rule takes the new rule's fields`
        : translated.leftFor;
  }
  // The request is awaited in a statement of its own block: the two statements go above it.
  let statement: ts.Node = call;
  while (statement.parent && !ts.isBlock(statement.parent) && !ts.isSourceFile(statement.parent))
    statement = statement.parent;
  if (!request.awaited) return 'the request is not awaited (the rule needs the entry point read first)';
  const place = js!.statementAt(finding.range);
  if (!place) return 'no statement here to write the entry point read above';
  // The two constants are declared in the request's block: once per block.
  const blockText = statement.parent ? nodeText(statement.parent) : text;
  for (const name of [target.names.response, target.names.id])
    if (new RegExp(`\\b${name}\\b`).test(blockText)) return `the name \`${name}\` is already used here`;
  if (blockText.split(`/${target.from}`).length > 2)
    return `several requests to \`${target.from}\` in one block: the entry point is read once, by a person`;
  const methodEdits = operation.method === sent ? [] : request.setMethod(operation.method);
  if (!methodEdits) return `the method cannot be changed to ${operation.method} here`;
  const semi = nodeText(statement).trimEnd().endsWith(';') ? ';' : '';
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const tailStart = url.getEnd() - tail[0].length + 1;
  const backtick = (inner: string) => (isString ? `\`${inner}\`` : `${urlText[0]}${inner}${close}`);
  const entrypointUrl = backtick(
    `${urlText.slice(1, urlText.length - tail[0].length + 1)}rulesets/phases/${target.phase}/entrypoint`,
  );
  const notes = id
    ? [
        // The entry point exists where the rule does: what the notes say of creating it is for a create.
        ...('rule' in translated ? translated.notes : [])
          .map((note) => note.replace(/(?:^|; )where the entry point does not exist yet[\s\S]*$/, ''))
          .filter((note) => note !== ''),
        `${/^\$\{([^{}]*)\}$/.exec(id)?.[1] ?? id} names the ${target.objectName ?? 'old object'}: the rule that replaces it has an id of its own; map it to that rule's id (in the result.rules of the entry point read above, by ref or description) before this request`,
      ]
    : 'rule' in translated
      ? translated.notes
      : [];
  const lines = [
    `// ${COMMENT_MARK} (${target.entryId}): ${notes.join('; ')}`,
    ...request.entryPointRead(entrypointUrl, target.names, semi),
  ];
  const edits: TextEdit[] = [
    { start: place.start, end: place.start, text: lines.map((line) => `${place.indent}${line}${eol}`).join('') },
    {
      start: tailStart,
      end: url.getEnd() - 1,
      text: `rulesets/\${${target.names.id}}/rules${id ? `/${id}` : ''}`,
    },
    ...methodEdits,
  ];
  if (isString) {
    edits.push({ start: url.getStart(file), end: url.getStart(file) + 1, text: '`' });
    edits.push({ start: url.getEnd() - 1, end: url.getEnd(), text: '`' });
  }
  if (operation.body && sentValue && 'rule' in translated)
    edits.push({
      start: sentValue.getStart(file),
      end: sentValue.getEnd(),
      text: format(translated.rule, sentValue, file, text),
    });
  return { description: operation.description ?? target.description, edits };
}

/**
 * What a request of the entry's old API becomes: the create (`target.method` on the collection) →
 * `POST …/rulesets/:id/rules`; an update of one by id (`target.byId.update`) → `PATCH
 * …/rulesets/:id/rules/:rule_id` with the translated body; its delete → `DELETE` of the rule.
 */
function operationOf(
  target: RulesetTarget,
  sent: string | undefined,
  id: string | undefined,
): { method: string; body: boolean; description?: string } | string {
  const byId = target.byId;
  const supported = `only the ${target.method} that ${target.method === 'POST' ? 'creates one' : 'sets it'}${byId ? `, and the ${byId.update.join(' or ')} or DELETE of one by id,` : ''} ${byId ? 'are' : 'is'} rewritten; the others have no one-request equivalent`;
  if (!id)
    return sent === target.method ? { method: 'POST', body: true } : `a ${sent ?? 'computed'} request: ${supported}`;
  if (!byId || sent === undefined) return `a ${sent ?? 'computed'} request of one by id: ${supported}`;
  if (byId.update.includes(sent))
    return {
      method: 'PATCH',
      body: true,
      description: `Update the rule in the ${target.phase} entry point (PATCH of the rule)`,
    };
  if (sent === 'DELETE')
    return { method: 'DELETE', body: false, description: `Delete the rule from the ${target.phase} entry point` };
  return `a ${sent} request of one by id: ${supported}`;
}

/** The `fetch(url, { … })` whose URL argument holds the finding, with its options read; or why not. */
export function fetchAt(finding: Finding, text: string, js: JsPlaces | undefined) {
  if (!js) return 'rewritten in JavaScript and TypeScript only';
  const file = js.tree;
  const chain = js.chain(finding.range);
  const call = [...chain]
    .reverse()
    .find(
      (node): node is ts.CallExpression =>
        ts.isCallExpression(node) &&
        node.arguments[0] !== undefined &&
        node.arguments[0].getStart(file) <= finding.range[0] &&
        finding.range[1] <= node.arguments[0].getEnd(),
    );
  if (!call || !isFetch(call.expression))
    return 'not a `fetch` request written here (`fetch(url, { method, headers, body })` is read)';
  const url = call.arguments[0]!;
  const init = call.arguments[1];
  const nodeText = (node: ts.Node) => text.slice(node.getStart(file), node.getEnd());
  const quoteChar = fileQuote(text);
  const read: Reader = {
    text: nodeText,
    object: (node) => (ts.isObjectLiteralExpression(node) ? objectView(node, file, text) : undefined),
    quote: (value) => quoteString(value, quoteChar),
  };
  const options =
    init === undefined
      ? (new Map() as ObjectView)
      : ts.isObjectLiteralExpression(init)
        ? objectView(init, file, text)
        : undefined;
  if (!options) return 'the request options are not an object literal written at the request';
  const method = options.get('method');
  const sent = typeof method?.value === 'string' ? method.value.toUpperCase() : method ? undefined : 'GET';
  return { call, url, init, options, read, nodeText, file, method, sent };
}

function isFetch(callee: ts.Expression): boolean {
  if (ts.isIdentifier(callee)) return callee.text === 'fetch';
  return (
    ts.isPropertyAccessExpression(callee) &&
    callee.name.text === 'fetch' &&
    ts.isIdentifier(callee.expression) &&
    ['globalThis', 'window', 'self'].includes(callee.expression.text)
  );
}

function nameOf(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteralLike(name) || ts.isNumericLiteral(name) ? name.text : undefined;
}

/** An object literal's properties, by name; undefined where one is a spread, a method or a computed key. */
export function objectView(
  node: ts.ObjectLiteralExpression,
  file: ts.SourceFile,
  text: string,
): ObjectView | undefined {
  const out: ObjectView = new Map();
  for (const property of node.properties) {
    const name = property.name && nameOf(property.name);
    if (name === undefined) return undefined;
    if (ts.isPropertyAssignment(property))
      out.set(name, {
        node: property.initializer,
        text: text.slice(property.initializer.getStart(file), property.initializer.getEnd()),
        value: literalOf(property.initializer),
      });
    else if (ts.isShorthandPropertyAssignment(property))
      out.set(name, { node: property.name, text: property.name.text, value: undefined });
    else return undefined;
  }
  return out;
}

/** The value of an expression written literally; undefined where any part of it is not. */
export function literalOf(node: ts.Expression): Literal | undefined {
  while (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
    node = node.expression;
  if (ts.isStringLiteralLike(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (
    ts.isPrefixUnaryExpression(node) &&
    node.operator === ts.SyntaxKind.MinusToken &&
    ts.isNumericLiteral(node.operand)
  )
    return -Number(node.operand.text);
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (node.kind === ts.SyntaxKind.NullKeyword) return null;
  if (ts.isArrayLiteralExpression(node)) {
    const items = node.elements.map((element) => literalOf(element));
    return items.every((item) => item !== undefined) ? (items as Literal[]) : undefined;
  }
  if (ts.isObjectLiteralExpression(node)) {
    const out: { [key: string]: Literal } = {};
    for (const property of node.properties) {
      const name = property.name && nameOf(property.name);
      if (name === undefined || !ts.isPropertyAssignment(property)) return undefined;
      const value = literalOf(property.initializer);
      if (value === undefined) return undefined;
      out[name] = value;
    }
    return out;
  }
  return undefined;
}

/** The quote the file writes its strings with: the more frequent of `'` and `"` (single on a tie). */
function fileQuote(text: string): string {
  const single = text.match(/'/g)?.length ?? 0;
  const double = text.match(/"/g)?.length ?? 0;
  return double > single ? '"' : "'";
}

function quoteString(value: string, quote: string): string {
  const escaped = value.replace(/\\/g, '\\\\').replace(new RegExp(quote, 'g'), `\\${quote}`);
  return `${quote}${escaped}${quote}`;
}

/**
 * The new rule's text where the old body was: on one line where the old one was, else one
 * property a line, indented as the old body's properties, with a trailing comma where it had one.
 */
export function format(rule: Array<[string, Out]>, old: ts.Expression, file: ts.SourceFile, text: string): string {
  const oldText = text.slice(old.getStart(file), old.getEnd());
  if (!oldText.includes('\n')) return oneLine(rule);
  const indentOf = (at: number) => /^[ \t]*/.exec(text.slice(lineStart(text, at)))![0];
  const base = indentOf(old.getStart(file));
  // The step: how much deeper the old body's first property is than its object's line.
  let object: ts.Node = old;
  while (ts.isArrayLiteralExpression(object) && object.elements[0]) object = object.elements[0];
  const first = ts.isObjectLiteralExpression(object) ? object.properties[0] : undefined;
  const step =
    first && text.slice(object.getStart(file), first.getStart(file)).includes('\n')
      ? indentOf(first.getStart(file)).slice(indentOf(object.getStart(file)).length) || '  '
      : '  ';
  const trailing = ts.isObjectLiteralExpression(object) && object.properties.hasTrailingComma ? ',' : '';
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const block = (parts: Array<[string, Out]>, indent: string): string =>
    `{${eol}${parts
      .map(
        ([key, value]) =>
          `${indent}${step}${value === key ? key : `${key}: ${typeof value === 'string' ? value : block(value, indent + step)}`}`,
      )
      .join(`,${eol}`)}${trailing}${eol}${indent}}`;
  return block(rule, base);
}

function oneLine(parts: Array<[string, Out]>): string {
  return `{ ${parts.map(([key, value]) => (value === key ? key : `${key}: ${typeof value === 'string' ? value : oneLine(value)}`)).join(', ')} }`;
}

/** The one rule an array of exactly one object literal holds, or the object literal itself. */
export function oneRule(node: ts.Expression): ts.ObjectLiteralExpression | string {
  if (ts.isArrayLiteralExpression(node)) {
    if (node.elements.length !== 1) return `${node.elements.length} rules in one request: add them one by one`;
    node = node.elements[0]!;
  }
  return ts.isObjectLiteralExpression(node) ? node : 'the rule is not an object literal written at the request';
}

/** `!x` for a name or a member read, `!(…)` for anything else. */
export function negate(text: string): string {
  return /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/.test(text) ? `!${text}` : `!(${text})`;
}
