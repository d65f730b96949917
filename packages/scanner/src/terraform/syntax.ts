import type { RawComment } from '@sunset-lint/core';
import type { Node, Parser } from 'web-tree-sitter';
import { hclCommentsOf } from './comments.js';
import type { SourceSpan, StaticValue } from './types.js';

/**
 * A `.tf` file reduced to what the resource reader needs: blocks, attributes and the expressions
 * that can be evaluated without Terraform. The tree is freed (it lives in WebAssembly memory)
 * before this returns.
 */
export interface HclDocument {
  body: HclBodyItem[];
}

export type HclBodyItem = HclAttribute | HclBlock;

export interface HclAttribute {
  kind: 'attribute';
  name: string;
  nameSpan: SourceSpan;
  value: HclExpression;
}

export interface HclBlock {
  kind: 'block';
  type: string;
  typeSpan: SourceSpan;
  labels: HclLabel[];
  body: HclBodyItem[];
}

export interface HclLabel {
  text: string;
  /** The label's text, quotes excluded. */
  span: SourceSpan;
}

export type HclExpression =
  | { kind: 'literal'; value: StaticValue }
  /** A quoted string with interpolations: literal parts and expressions, in order. */
  | { kind: 'template'; parts: HclExpression[] }
  /** `var.zone_id`, `local.settings.brotli`, `each.value`: a name and its attribute chain. */
  | { kind: 'reference'; root: string; attributes: string[] }
  | { kind: 'object'; entries: HclObjectEntry[] }
  | { kind: 'tuple'; items: HclExpression[] }
  /** Function calls, operators, conditionals, `for` expressions, indexes, heredocs with directives. */
  | { kind: 'unknown' };

export interface HclObjectEntry {
  /** The key when written as a name or a plain string; absent for a computed key. */
  key?: string;
  keySpan: SourceSpan;
  value: HclExpression;
}

/**
 * A string as written (quoted or heredoc), for the grep floor: its literal pieces where they stand,
 * holes for its interpolations, and the attribute or object key it is the value of.
 */
export interface HclWrittenString {
  parts: Array<{ text: string; start: number } | { hole: true }>;
  start: number;
  end: number;
  /** The attribute or object key that holds it (`description`, `url`), when one does. */
  holder?: string;
}

export interface HclSyntaxError {
  line: number;
  column: number;
  message: string;
}

/**
 * One parse of a `.tf` file: its document, and its comments when `withComments` (the text may hold
 * a suppression), so the suppression step never parses it again.
 */
export function parseHcl(
  parser: Parser,
  text: string,
  withComments: boolean,
): { document: HclDocument; comments: RawComment[]; strings: HclWrittenString[] } | { error: HclSyntaxError } {
  const tree = parser.parse(text);
  if (!tree) return { error: { line: 1, column: 1, message: 'the HCL parser returned no tree' } };
  try {
    const root = tree.rootNode;
    if (root.hasError) return { error: firstSyntaxError(root) };
    const body = root.namedChildren.find((child) => child?.type === 'body');
    return {
      document: { body: body ? readBody(body) : [] },
      comments: withComments ? hclCommentsOf(root) : [],
      strings: writtenStrings(root),
    };
  } finally {
    tree.delete();
  }
}

function firstSyntaxError(root: Node): HclSyntaxError {
  const at = (node: Node, message: string): HclSyntaxError => ({
    line: node.startPosition.row + 1,
    column: node.startPosition.column + 1,
    message,
  });
  const stack: Node[] = [root];
  while (stack.length) {
    const node = stack.shift()!;
    if (node.isMissing) return at(node, `missing ${JSON.stringify(node.type)}`);
    if (node.type === 'ERROR') {
      const excerpt = node.text.split('\n')[0]!.slice(0, 40);
      return at(node, `unexpected ${JSON.stringify(excerpt)}`);
    }
    // Depth first, in source order: the first error in the text is the one named.
    stack.unshift(...node.children.filter((child): child is Node => child !== null && child.hasError));
  }
  return at(root, 'syntax error');
}

function readBody(body: Node): HclBodyItem[] {
  const items: HclBodyItem[] = [];
  for (const child of body.namedChildren) {
    if (child?.type === 'attribute') items.push(readAttribute(child));
    else if (child?.type === 'block') items.push(readBlock(child));
  }
  return items;
}

function readAttribute(node: Node): HclAttribute {
  const name = node.namedChildren.find((child) => child?.type === 'identifier')!;
  const value = node.namedChildren.find((child) => child?.type === 'expression');
  return { kind: 'attribute', name: name.text, nameSpan: spanOf(name), value: value ? readExpression(value) : UNKNOWN };
}

function readBlock(node: Node): HclBlock {
  let type: Node | undefined;
  const labels: HclLabel[] = [];
  let body: HclBodyItem[] = [];
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type === 'identifier') {
      if (type) labels.push({ text: child.text, span: spanOf(child) });
      else type = child;
    } else if (child.type === 'string_lit') labels.push(readLabel(child));
    else if (child.type === 'body') body = readBody(child);
  }
  return { kind: 'block', type: type!.text, typeSpan: spanOf(type!), labels, body };
}

function readLabel(node: Node): HclLabel {
  const inner = node.namedChildren.filter((child) => child?.type === 'template_literal');
  const text = inner.map((part) => unescapeTemplate(part!.text)).join('');
  const first = inner[0];
  const last = inner.at(-1);
  return { text, span: first && last ? { start: pointOf(first, 'start'), end: pointOf(last, 'end') } : spanOf(node) };
}

/** Every string of the file but block labels, as written (`writtenStrings` of the grep floor). */
function writtenStrings(root: Node): HclWrittenString[] {
  const strings: HclWrittenString[] = [];
  const visit = (node: Node, holder: string | undefined): void => {
    if (node.type === 'string_lit' && node.parent?.type === 'block') return;
    if (node.type === 'quoted_template' || node.type === 'heredoc_template' || node.type === 'string_lit') {
      const parts: HclWrittenString['parts'] = [];
      for (const child of node.namedChildren) {
        if (child?.type === 'template_literal') parts.push({ text: child.text, start: child.startIndex });
        else if (child?.type === 'template_interpolation' || child?.type === 'template_directive')
          parts.push({ hole: true });
      }
      strings.push({ parts, start: node.startIndex, end: node.endIndex, ...(holder ? { holder } : {}) });
      return;
    }
    let inner = holder;
    if (node.type === 'attribute') inner = node.namedChildren.find((child) => child?.type === 'identifier')?.text;
    else if (node.type === 'object_elem') inner = node.childForFieldName('key')?.text.replace(/^"|"$/g, '');
    for (const child of node.namedChildren) if (child) visit(child, inner);
  };
  visit(root, undefined);
  return strings;
}

const UNKNOWN: HclExpression = { kind: 'unknown' };

function readExpression(node: Node): HclExpression {
  const [primary, ...rest] = node.namedChildren.filter((child): child is Node => child !== null);
  if (!primary) return UNKNOWN;
  if (primary.type === 'variable_expr') {
    const attributes: string[] = [];
    for (const step of rest) {
      // An index or splat (`local.records["sip"]`, `var.list[*]`) ends what is read statically.
      if (step.type !== 'get_attr') return UNKNOWN;
      attributes.push(step.namedChildren.find((child) => child?.type === 'identifier')!.text);
    }
    return { kind: 'reference', root: primary.text, attributes };
  }
  if (rest.length) return UNKNOWN;
  switch (primary.type) {
    case 'expression':
      return readExpression(primary);
    case 'literal_value':
      return readLiteral(primary.namedChildren[0]!);
    case 'template_expr':
      return readTemplate(primary.namedChildren[0]!);
    case 'collection_value':
      return readCollection(primary.namedChildren[0]!);
    default:
      return UNKNOWN;
  }
}

function readLiteral(node: Node): HclExpression {
  switch (node.type) {
    case 'numeric_lit':
      return { kind: 'literal', value: Number(node.text) };
    case 'bool_lit':
      return { kind: 'literal', value: node.text === 'true' };
    case 'null_lit':
      return { kind: 'literal', value: null };
    case 'string_lit':
      return readTemplate(node);
    default:
      return UNKNOWN;
  }
}

/** A quoted string or heredoc: its literal text, or its parts when it interpolates. */
function readTemplate(node: Node): HclExpression {
  const heredoc = node.type === 'heredoc_template';
  const parts: HclExpression[] = [];
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type === 'template_literal')
      parts.push({ kind: 'literal', value: heredoc ? child.text : unescapeTemplate(child.text) });
    else if (child.type === 'template_interpolation') {
      const inner = child.namedChildren.find((part) => part?.type === 'expression');
      parts.push(inner ? readExpression(inner) : UNKNOWN);
    } else if (child.type === 'template_directive') return UNKNOWN;
  }
  if (parts.length === 0) return { kind: 'literal', value: '' };
  if (parts.length === 1 && parts[0]!.kind === 'literal') return parts[0]!;
  return { kind: 'template', parts };
}

function readCollection(node: Node): HclExpression {
  if (node.type === 'tuple')
    return {
      kind: 'tuple',
      items: node.namedChildren.filter((child) => child?.type === 'expression').map((child) => readExpression(child!)),
    };
  if (node.type !== 'object') return UNKNOWN;
  const entries: HclObjectEntry[] = [];
  for (const element of node.namedChildren) {
    if (element?.type !== 'object_elem') continue;
    const keyNode = element.childForFieldName('key');
    const valueNode = element.childForFieldName('val');
    if (!keyNode) continue;
    const key = objectKey(keyNode);
    entries.push({
      ...(key !== undefined ? { key } : {}),
      keySpan: spanOf(keyNode),
      value: valueNode ? readExpression(valueNode) : UNKNOWN,
    });
  }
  return { kind: 'object', entries };
}

/** `service = …` and `"service" = …` name the key `service`; `(var.k) = …` is computed. */
function objectKey(node: Node): string | undefined {
  const key = readExpression(node);
  if (key.kind === 'reference' && key.attributes.length === 0) return key.root;
  if (key.kind === 'literal' && typeof key.value === 'string') return key.value;
  return undefined;
}

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\' };

/** HCL's quoted-string escapes, and `$${` / `%%{` for a literal `${` / `%{`. */
function unescapeTemplate(raw: string): string {
  return raw.replace(
    /\\(?:u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8})|(.))|\$\$\{|%%\{/g,
    (match, u4?: string, u8?: string, single?: string) => {
      if (match === '$${') return '${';
      if (match === '%%{') return '%{';
      if (u4 ?? u8) return String.fromCodePoint(parseInt((u4 ?? u8)!, 16));
      return ESCAPES[single!] ?? match;
    },
  );
}

function spanOf(node: Node): SourceSpan {
  return { start: pointOf(node, 'start'), end: pointOf(node, 'end') };
}

function pointOf(node: Node, edge: 'start' | 'end') {
  const position = edge === 'start' ? node.startPosition : node.endPosition;
  return {
    line: position.row + 1,
    column: position.column + 1,
    offset: edge === 'start' ? node.startIndex : node.endIndex,
  };
}
