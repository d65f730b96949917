import type { CatalogueEntry, TextEdit } from '@sunset-lint/core';
import { forEachChild } from '@sunset-lint/core/internal';
import { lineEnd, lineStart, removeListItem } from './text.js';

/**
 * What `migrate`'s planning asks of a JavaScript or TypeScript file's syntax at a finding's place
 * (plan.ts): the statement that only sends a request, the header a call sets, the item of a bulk
 * settings edit, a declared resource's setting, a read of a dropped key, a string of a list.
 * `JsPlaces` answers from TypeScript's tree (`migrate`, which parses the files it rewrites);
 * `SyntaxPlaces` answers from a file's `PlaceSyntax`, which the scan's per-file step takes from the
 * ESTree it already has (either parser), so that classing a JSON scan's places parses nothing again.
 */
export interface PlaceQueries {
  requestStatementRemoval(range: readonly [number, number]): TextEdit | undefined;
  headerCallRemoval(range: readonly [number, number]): TextEdit | undefined;
  arrayItemRemovalByKey(range: readonly [number, number], key: string): TextEdit | undefined;
  propertyRemoval(range: readonly [number, number]): TextEdit | undefined;
  readReplacement(range: readonly [number, number], value: string): TextEdit | undefined;
  arrayOfString(range: readonly [number, number]): { items: string[]; removal: TextEdit | undefined } | undefined;
}

/** The key of a bulk settings edit's items (`[{ id: 'brotli', value: 'off' }, …]`): the one `arrayItemRemovalByKey` is asked. */
export const BULK_ITEM_KEY = 'id';

type Span = [number, number];

/**
 * The answers of a file's syntax to `PlaceQueries`, as plain data (it crosses from worker threads
 * and is kept in `--cache`'s index): only the nodes an answer can come from, each with its edit.
 * Names that only the catalogue's automatic entries ask about (a header, a read key, a cipher name,
 * a setting of a declared resource) restrict what is kept; the calls and keyed items are kept whole.
 */
export interface PlaceSyntax {
  /** Calls that are the whole of a statement of a statement list (through `await`, `void`), and their edits. */
  statementCalls?: Array<{ at: Span; args: Span[]; removal?: TextEdit }>;
  /** Every other call inside one of those (an inner call is the innermost one around a place in it). */
  innerCalls?: number[];
  /** String literals that are a header setter's name argument (`headers.set('Transfer-Encoding', …)`). */
  headerCalls?: Array<{ at: Span; removal: TextEdit }>;
  /** Property names of reads that may be replaced by a value (`record.locked`), with the read's span. */
  reads?: Array<{ name: Span; read: Span }>;
  /** Strings that are items of an array literal, with the array's strings and their removal. */
  arrayStrings?: Array<{ at: Span; items: string[]; removal?: TextEdit }>;
  /** Keys of object literal properties, with the property's removal. */
  properties?: Array<{ key: Span; removal?: TextEdit }>;
  /** `id` properties of object literals, with the object's removal from the array it is an item of. */
  keyedItems?: Array<{ property: Span; removal?: TextEdit }>;
}

/** The names the automatic entries' rewrites ask about, from the catalogue (placeSyntaxOf keeps only those). */
export interface PlaceVocabulary {
  headers: string[];
  readKeys: Set<string>;
  listValues: Set<string>;
  settings: Set<string>;
  /** Every name above as `nameKey` has it: a file whose text holds none has no automatic entry's place to ask about. */
  words: string[];
}

const vocabularies = new WeakMap<readonly CatalogueEntry[], PlaceVocabulary | undefined>();

/**
 * What `placeSyntaxOf` keeps for a catalogue; undefined when no entry is automatic (the scan's
 * classes plan only automatic entries' places: place-class.ts).
 */
export function placeVocabulary(entries: readonly CatalogueEntry[]): PlaceVocabulary | undefined {
  if (vocabularies.has(entries)) return vocabularies.get(entries);
  const automatic = entries.filter((entry) => entry.migration?.class === 'automatic');
  let vocabulary: PlaceVocabulary | undefined;
  if (automatic.length) {
    vocabulary = { headers: [], readKeys: new Set(), listValues: new Set(), settings: new Set(), words: [] };
    for (const entry of automatic) {
      for (const rewrite of entry.migration?.rewrites ?? []) {
        if (rewrite.kind === 'drop-header') vocabulary.headers.push(rewrite.header.toLowerCase());
        if (rewrite.kind === 'drop-key' && rewrite.readValue !== undefined)
          vocabulary.readKeys.add(nameKey(rewrite.key));
        if (rewrite.kind === 'replace-values')
          for (const name of Object.keys(rewrite.values)) vocabulary.listValues.add(name);
      }
      for (const id of entry.match.settingIds ?? []) vocabulary.settings.add(nameKey(id));
      for (const resource of entry.match.resources ?? [])
        if (resource.property?.startsWith('settings.')) vocabulary.settings.add(nameKey(resource.property.slice(9)));
    }
  }
  if (vocabulary) {
    const names = [...vocabulary.headers, ...vocabulary.readKeys, ...vocabulary.listValues, ...vocabulary.settings];
    vocabulary.words = [...new Set(names.map(nameKey))];
  }
  vocabularies.set(entries, vocabulary);
  return vocabulary;
}

/** A name as keys and settings are compared: case, `_` and `-` aside (`privacy_pass`, `privacyPass`). */
function nameKey(name: string): string {
  let key = nameKeys.get(name);
  if (key === undefined) {
    key = name.toLowerCase().replace(/[^a-z0-9]/g, '');
    // Property names repeat across files; the memo stays small.
    if (nameKeys.size > 20_000) nameKeys.clear();
    nameKeys.set(name, key);
  }
  return key;
}
const nameKeys = new Map<string, string>();

/** An ESTree node as both parsers give it (typescript-estree's shapes, `start`/`end` offsets). */
interface Node {
  type: string;
  start: number;
  end: number;
  [field: string]: unknown;
}

/** Type-level syntax, not walked (oxc-parser gives it; the converted TypeScript tree mostly leaves it out). */
const TYPE_ONLY = new Set([
  'TSTypeAnnotation',
  'TSTypeParameterDeclaration',
  'TSTypeParameterInstantiation',
  'TSInterfaceDeclaration',
  'TSTypeAliasDeclaration',
  'TSDeclareFunction',
]);

/**
 * The file's `PlaceSyntax`, from the program the scan's parser gave (oxc-parser's ESTree or the
 * converted TypeScript tree: parentheses vanish in both, optional chains are `ChainExpression`s)
 * and the file's text. Undefined when nothing is kept. Each answer is the one `JsPlaces` gives from
 * TypeScript's tree (migrate/js-places.ts), test/migration-classes.test.ts checks both on every fixture.
 */
export function placeSyntaxOf(program: unknown, text: string, vocabulary: PlaceVocabulary): PlaceSyntax | undefined {
  // An automatic entry's place is where its text is written: a retired setting's name (its request,
  // its bulk item, its resource setting), a dropped key, a header, a cipher name. A file that holds
  // none (case, `_` and `-` aside) has none of those places, and its tree is not walked.
  const normalized = text.toLowerCase().replace(/[-_]/g, '');
  if (!vocabulary.words.some((word) => normalized.includes(word))) return undefined;
  const builder = new SyntaxBuilder(program as Node, text, vocabulary);
  builder.visit(program as Node);
  return builder.result();
}

class SyntaxBuilder {
  private readonly out: Required<PlaceSyntax> = {
    statementCalls: [],
    innerCalls: [],
    headerCalls: [],
    reads: [],
    arrayStrings: [],
    properties: [],
    keyedItems: [],
  };
  /** The nodes from the program down to the one visited. */
  private readonly ancestors: Node[] = [];
  /** Calls that are a listed statement's whole expression, found at their statement. */
  private readonly statementCalls = new Set<Node>();
  /** How many statement calls the visited node is inside. */
  private insideStatementCalls = 0;

  constructor(
    private readonly program: Node,
    private readonly text: string,
    private readonly vocabulary: PlaceVocabulary,
  ) {}

  result(): PlaceSyntax | undefined {
    const out: PlaceSyntax = {};
    let any = false;
    for (const [key, list] of Object.entries(this.out) as Array<[keyof PlaceSyntax, unknown[]]>)
      if (list.length) {
        (out as Record<string, unknown>)[key] = list;
        any = true;
      }
    return any ? out : undefined;
  }

  /** The walk, in source order: `forEachChild` passes the builder along, so no closure is made per node. */
  private static readonly step = (child: unknown, builder: SyntaxBuilder): void => builder.visit(child as Node);

  visit(node: Node): void {
    // Types hold no call, read, list or object literal a place can be in.
    if (TYPE_ONLY.has(node.type)) return;
    const parent = this.ancestors[this.ancestors.length - 1];
    switch (node.type) {
      case 'ExpressionStatement':
        if (parent && isStatementList(parent, node)) {
          const call = unwrapStatementExpression(node['expression'] as Node);
          if (call) this.statementCalls.add(call);
        }
        break;
      case 'CallExpression':
      case 'ImportExpression':
        this.call(node);
        break;
      case 'MemberExpression':
        this.read(node);
        break;
      case 'ArrayExpression':
        this.arrayStrings(node);
        break;
      case 'ObjectExpression':
        this.objectProperties(node);
        break;
    }
    const isStatementCall =
      (node.type === 'CallExpression' || node.type === 'ImportExpression') && this.statementCalls.has(node);
    if (isStatementCall) this.insideStatementCalls++;
    this.ancestors.push(node);
    forEachChild(node as unknown as Parameters<typeof forEachChild>[0], SyntaxBuilder.step, this);
    this.ancestors.pop();
    if (isStatementCall) this.insideStatementCalls--;
  }

  /** `JsPlaces.requestStatementRemoval` and `headerCallRemoval`'s call. */
  private call(node: Node): void {
    const args = callArguments(node);
    if (this.statementCalls.has(node)) {
      const statement = this.ancestors.findLast((ancestor) => ancestor.type === 'ExpressionStatement')!;
      const removal = this.wholeLinesRemoval(statement);
      this.out.statementCalls.push({
        at: [node.start, node.end],
        args: args.map((arg) => [arg.start, arg.end]),
        ...(removal ? { removal } : {}),
      });
    } else if (this.insideStatementCalls > 0) this.out.innerCalls.push(node.start, node.end);
    if (node.type === 'CallExpression') this.headerCall(node, args);
  }

  /** The removal of a statement with its lines, when nothing else is written on them. */
  private wholeLinesRemoval(statement: Node): TextEdit | undefined {
    const { text } = this;
    const line = lineStart(text, statement.start);
    const after = lineEnd(text, statement.end);
    if (!/^[ \t]*$/.test(text.slice(line, statement.start)) || !/^[ \t]*$/.test(text.slice(statement.end, after)))
      return undefined;
    return { start: line, end: after < text.length ? after + 1 : after, text: '' };
  }

  /** `JsPlaces.headerCallRemoval`: a header set by a call whose first argument is the header's name. */
  private headerCall(call: Node, args: Node[]): void {
    const callee = call['callee'] as Node;
    if (args.length !== 2 || callee.type !== 'MemberExpression' || callee['computed']) return;
    const property = callee['property'] as Node;
    if (property.type !== 'Identifier' || !HEADER_SETTERS.has(property['name'] as string)) return;
    const [name, value] = args as [Node, Node];
    const header = stringValue(name);
    if (header === undefined || !this.vocabulary.headers.some((watched) => header.toLowerCase().includes(watched)))
      return;
    if (!isPure(value) && stringValue(value) === undefined) return;
    const object = callee['object'] as Node;
    // TypeScript's tree has parentheses: `(req.put(url)).set(…)` is no link of a chain there.
    const chained = object.type === 'CallExpression' && !this.parenthesized(object);
    const statement = this.parentOf(call);
    let removal: TextEdit | undefined;
    if (
      !chained &&
      statement?.type === 'ExpressionStatement' &&
      statement.start === call.start &&
      isStatementList(this.ancestors.at(this.ancestors.indexOf(statement) - 1)!, statement)
    )
      removal = this.wholeLinesRemoval(statement);
    else if (chained) removal = { start: object.end, end: call.end, text: '' };
    if (removal) this.out.headerCalls.push({ at: [name.start, name.end], removal });
  }

  /** `JsPlaces.readReplacement`: a read of a property that is an expression of its own. */
  private read(member: Node): void {
    if (this.vocabulary.readKeys.size === 0) return;
    const property = member['property'] as Node;
    const computed = member['computed'] === true;
    const name = computed
      ? stringValue(property)
      : property.type === 'Identifier' || property.type === 'PrivateIdentifier'
        ? (property['name'] as string)
        : undefined;
    if (name === undefined || !this.vocabulary.readKeys.has(nameKey(name))) return;
    if (!isPure(member['object'] as Node)) return;
    // The read as TypeScript's tree has it: an optional chain's last link is the whole chain.
    let read = member;
    let parent = this.ancestors.at(-1);
    if (parent?.type === 'ChainExpression') {
      read = parent;
      parent = this.ancestors.at(-2);
    }
    if (parent && this.usedAsReference(read, parent)) return;
    this.out.reads.push({ name: [property.start, property.end], read: [member.start, member.end] });
  }

  /** Whether the read is called, read further, written, deleted, counted or asserted non-null (not in parentheses). */
  private usedAsReference(read: Node, parent: Node): boolean {
    const first =
      (parent.type === 'CallExpression' && parent['callee'] === read) ||
      (parent.type === 'MemberExpression' && parent['object'] === read) ||
      (parent.type === 'AssignmentExpression' && parent['left'] === read) ||
      (parent.type === 'UpdateExpression' && parent['prefix'] !== true) ||
      parent.type === 'TSNonNullExpression';
    // What comes before the read within its parent can only be a parenthesis.
    if (first) return parent.start === read.start;
    const prefixed =
      (parent.type === 'UnaryExpression' && parent['operator'] === 'delete') || parent.type === 'UpdateExpression';
    return prefixed && previousSignificant(this.text, read.start) !== '(';
  }

  /** `JsPlaces.arrayOfString`: strings of an array literal that name a listed value. */
  private arrayStrings(array: Node): void {
    if (this.vocabulary.listValues.size === 0) return;
    const elements = array['elements'] as Array<Node | null>;
    let items: string[] | undefined;
    elements.forEach((element, index) => {
      if (!element || stringValue(element) === undefined) return;
      if (!this.vocabulary.listValues.has(this.text.slice(element.start + 1, element.end - 1))) return;
      items ??= this.stringsOf(array, 0);
      const removal = this.arrayItemRemoval(array, index);
      this.out.arrayStrings.push({ at: [element.start, element.end], items, ...(removal ? { removal } : {}) });
    });
  }

  /** The strings an array literal holds, through spreads of constants of this file (`...MODERN_CIPHERS`). */
  private stringsOf(array: Node, depth: number): string[] {
    return (array['elements'] as Array<Node | null>).flatMap((element) => {
      if (!element) return [];
      const value = stringValue(element);
      if (value !== undefined) return [value];
      const spread = element['argument'] as Node | undefined;
      if (depth < 4 && element.type === 'SpreadElement' && spread?.type === 'Identifier') {
        const constant = this.constantArray(spread['name'] as string);
        return constant ? this.stringsOf(constant, depth + 1) : [];
      }
      return [];
    });
  }

  /** `const NAME = [ … ]` at the top of this file. */
  private constantArray(name: string): Node | undefined {
    for (const top of this.program['body'] as Node[]) {
      const statement = top.type === 'ExportNamedDeclaration' ? (top['declaration'] as Node | null) : top;
      if (statement?.type !== 'VariableDeclaration') continue;
      if (statement['kind'] !== 'const' && statement['kind'] !== 'await using') continue;
      for (const declarator of statement['declarations'] as Node[]) {
        const id = declarator['id'] as Node;
        if (id.type !== 'Identifier' || id['name'] !== name) continue;
        let init = declarator['init'] as Node | null;
        // TypeScript's tree keeps parentheses, which end the search there.
        while (
          init &&
          !this.parenthesized(init) &&
          (init.type === 'TSAsExpression' || init.type === 'TSSatisfiesExpression')
        )
          init = init['expression'] as Node;
        if (init && !this.parenthesized(init) && init.type === 'ArrayExpression') return init;
      }
    }
    return undefined;
  }

  private arrayItemRemoval(array: Node, index: number): TextEdit | undefined {
    const elements = array['elements'] as Array<Node | null>;
    if (elements.length < 2 || elements.some((element) => element === null)) return undefined;
    // An item in parentheses spans them, as in TypeScript's tree.
    const spans = (elements as Node[]).map((element) => this.withParentheses(element));
    return removeListItem(this.text, spans, index);
  }

  /** `JsPlaces.propertyRemoval` (a setting's key) and `arrayItemRemovalByKey` (an `id` property). */
  private objectProperties(object: Node): void {
    const properties = object['properties'] as Node[];
    properties.forEach((property, index) => {
      if (property.type !== 'Property' || property['computed'] || property['method'] || property['kind'] !== 'init')
        return;
      const key = property['key'] as Node;
      const name = key.type === 'Identifier' ? (key['name'] as string) : stringValue(key);
      if (name !== undefined && this.vocabulary.settings.has(nameKey(name))) {
        const spans = properties.map((p) => ({ start: p.start, end: p.end }));
        const removal = withCommentLinesAbove(this.text, removeListItem(this.text, spans, index, { alone: true }));
        this.out.properties.push({ key: [key.start, key.end], ...(removal ? { removal } : {}) });
      }
      // TypeScript's `propertyName`: an identifier or a quoted string, not a shorthand.
      const keyed =
        !property['shorthand'] &&
        ((key.type === 'Identifier' && key['name'] === BULK_ITEM_KEY) ||
          (key.type === 'Literal' && key['value'] === BULK_ITEM_KEY));
      if (keyed) {
        const array = this.ancestors.at(-1);
        const at = array?.type === 'ArrayExpression' ? (array['elements'] as unknown[]).indexOf(object) : -1;
        const removal = at >= 0 && !this.parenthesized(object) ? this.arrayItemRemoval(array!, at) : undefined;
        this.out.keyedItems.push({ property: [property.start, property.end], ...(removal ? { removal } : {}) });
      }
    });
  }

  /** The parent of a node as TypeScript's tree has it, an optional chain's wrapper aside. */
  private parentOf(node: Node): Node | undefined {
    const parent = this.ancestors.at(-1);
    return parent?.type === 'ChainExpression' && parent['expression'] === node ? this.ancestors.at(-2) : parent;
  }

  /** The span of an array's item with the parentheses written around it (`[a, (b)]`: a `(` there is one). */
  private withParentheses(node: Node): { start: number; end: number } {
    let { start, end } = node;
    for (;;) {
      const before = previousSignificantAt(this.text, start);
      const after = nextSignificantAt(this.text, end);
      if (this.text[before] !== '(' || this.text[after] !== ')') return { start, end };
      start = before;
      end = after + 1;
    }
  }

  /** Whether parentheses are written around the node (TypeScript's tree has a node for them, ESTree none). */
  private parenthesized(node: Node): boolean {
    return previousSignificant(this.text, node.start) === '(' && nextSignificant(this.text, node.end) === ')';
  }
}

/** The methods that set one header of a request: `Headers#set`/`append`, Node's `setHeader`, superagent's `set`. */
const HEADER_SETTERS = new Set(['set', 'append', 'setHeader', 'header']);

/** A statement directly in a block, a module or a switch case: a line can go above it. */
function isStatementList(parent: Node, statement: Node): boolean {
  switch (parent.type) {
    case 'Program':
    case 'BlockStatement':
    case 'StaticBlock':
      return (parent['body'] as Node[]).includes(statement);
    case 'SwitchCase':
      return (parent['consequent'] as Node[]).includes(statement);
    default:
      return false;
  }
}

/** The call a statement is, through `await`, `void` and an optional chain. */
function unwrapStatementExpression(expression: Node): Node | undefined {
  let node = expression;
  for (;;) {
    if (node.type === 'CallExpression' || node.type === 'ImportExpression') return node;
    if (node.type === 'AwaitExpression' || node.type === 'ChainExpression')
      node = (node['argument'] ?? node['expression']) as Node;
    else if (node.type === 'UnaryExpression' && node['operator'] === 'void') node = node['argument'] as Node;
    else return undefined;
  }
}

function callArguments(call: Node): Node[] {
  if (call.type === 'CallExpression') return call['arguments'] as Node[];
  return [call['source'] as Node, ...(call['options'] ? [call['options'] as Node] : [])];
}

/** A string literal or a template without substitutions: its value. */
function stringValue(node: Node): string | undefined {
  if (node.type === 'Literal') return typeof node['value'] === 'string' ? node['value'] : undefined;
  if (node.type === 'TemplateLiteral' && (node['expressions'] as unknown[]).length === 0) {
    const quasi = (node['quasis'] as Node[])[0];
    const cooked = (quasi?.['value'] as { cooked?: string | null } | undefined)?.cooked;
    return cooked ?? undefined;
  }
  return undefined;
}

/** An expression reading names and properties only (no call, no assignment): evaluating it has no effect. */
function isPure(node: Node): boolean {
  switch (node.type) {
    case 'Identifier':
    case 'ThisExpression':
      return true;
    case 'MemberExpression': {
      const property = node['property'] as Node;
      if (node['computed']) {
        const literal =
          property.type === 'Literal' &&
          (typeof property['value'] === 'number' || typeof property['value'] === 'string');
        if (!literal && stringValue(property) === undefined) return false;
      }
      return isPure(node['object'] as Node);
    }
    case 'ChainExpression':
    case 'TSAsExpression':
    case 'TSNonNullExpression':
      return isPure(node['expression'] as Node);
    default:
      return false;
  }
}

/** Where the last character before `at` that is not white space is (-1: none). */
function previousSignificantAt(text: string, at: number): number {
  let i = at - 1;
  while (i >= 0 && /\s/.test(text[i]!)) i--;
  return i;
}

/** Where the first character from `at` on that is not white space is. */
function nextSignificantAt(text: string, at: number): number {
  let i = at;
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i;
}

function previousSignificant(text: string, at: number): string | undefined {
  return text[previousSignificantAt(text, at)];
}

function nextSignificant(text: string, at: number): string | undefined {
  return text[nextSignificantAt(text, at)];
}

/**
 * A property removed with its whole line takes the comment lines right above it (`// minify the
 * assets`): its own, as core's `propertyRemoval` does for fixes; no comment is left about it.
 */
export function withCommentLinesAbove(text: string, edit: TextEdit | undefined): TextEdit | undefined {
  if (!edit || lineStart(text, edit.start) !== edit.start) return edit;
  let start = edit.start;
  while (start > 0) {
    const above = lineStart(text, start - 1);
    if (!/^[ \t]*(?:\/\/[^\r\n]*|\/\*(?:(?!\*\/)[^\r\n])*\*\/[ \t]*)\r?\n$/.test(text.slice(above, start))) break;
    start = above;
  }
  return { ...edit, start };
}

const contains = (span: Span, range: readonly [number, number]) => span[0] <= range[0] && range[1] <= span[1];
const equals = (span: Span, range: readonly [number, number]) => span[0] === range[0] && span[1] === range[1];

/** `PlaceQueries` answered from a file's `PlaceSyntax` (no tree). */
export class SyntaxPlaces implements PlaceQueries {
  constructor(private readonly syntax: PlaceSyntax) {}

  requestStatementRemoval(range: readonly [number, number]): TextEdit | undefined {
    // The innermost call around the place must be a statement's call: the smallest statement call
    // around it, with no other call inside it around the place.
    let best: NonNullable<PlaceSyntax['statementCalls']>[number] | undefined;
    for (const call of this.syntax.statementCalls ?? [])
      if (contains(call.at, range) && (!best || contains(best.at, call.at))) best = call;
    if (!best) return undefined;
    const inner = this.syntax.innerCalls ?? [];
    for (let i = 0; i < inner.length; i += 2) {
      const span: Span = [inner[i]!, inner[i + 1]!];
      if (contains(best.at, span) && !equals(best.at, span) && contains(span, range)) return undefined;
    }
    if (!equals(best.at, range) && !best.args.some((arg) => contains(arg, range))) return undefined;
    return best.removal;
  }

  headerCallRemoval(range: readonly [number, number]): TextEdit | undefined {
    return this.syntax.headerCalls?.find((call) => contains(call.at, range))?.removal;
  }

  arrayItemRemovalByKey(range: readonly [number, number], key: string): TextEdit | undefined {
    if (key !== BULK_ITEM_KEY) throw new Error(`the scan keeps the items of key '${BULK_ITEM_KEY}' only, not '${key}'`);
    let best: NonNullable<PlaceSyntax['keyedItems']>[number] | undefined;
    for (const item of this.syntax.keyedItems ?? [])
      if (contains(item.property, range) && (!best || contains(best.property, item.property))) best = item;
    return best?.removal;
  }

  propertyRemoval(range: readonly [number, number]): TextEdit | undefined {
    return this.syntax.properties?.find((property) => equals(property.key, range))?.removal;
  }

  readReplacement(range: readonly [number, number], value: string): TextEdit | undefined {
    const read = this.syntax.reads?.find((candidate) => equals(candidate.name, range))?.read;
    return read ? { start: read[0], end: read[1], text: value } : undefined;
  }

  arrayOfString(range: readonly [number, number]): { items: string[]; removal: TextEdit | undefined } | undefined {
    const found = this.syntax.arrayStrings?.find((string) => contains(string.at, range));
    return found ? { items: found.items, removal: found.removal } : undefined;
  }
}
