/**
 * Written paths: every string, template (tagged ones too), `+` chain and array of segments whose
 * text holds a word of a catalogue path, as text with holes, with the silent context the code
 * around it gives, if any. The grep floor (`match/path-floor.ts`) matches them; the reader only
 * says what is written and where it stands.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { HOLE, type SilentContext, type Vocabulary, type WrittenPathFact } from '../facts.js';
import {
  calleeName,
  endOf,
  forEachChild,
  isPlainName,
  isStringExpression,
  propertyKeyName,
  rangeOf,
  startOf,
  unwrap,
  type Node,
} from './ast.js';
import type { Evaluator } from './evaluate.js';
import { wordAutomaton, type WordAutomaton } from '../text/word-automaton.js';
import { isHandler, isRouteMatcherCall, isRouteObjectPath } from './mentions.js';
import { escapeRegExp } from '../text/escape-regexp.js';

export interface WrittenPathsInput {
  program: TSESTree.Program;
  source: string;
  ev: Evaluator;
  vocabulary: Vocabulary;
  apiHosts: readonly string[];
}

/** Nodes whose strings are never values of the program: types, module names. */
const NOT_VALUES = new Set([
  'TSTypeAnnotation',
  'TSTypeAliasDeclaration',
  'TSInterfaceDeclaration',
  'TSLiteralType',
  'TSTypeParameterInstantiation',
  'TSTypeParameterDeclaration',
  'TSModuleDeclaration',
  'TSImportType',
  'TSExternalModuleReference',
  'ImportDeclaration',
  'ImportExpression',
  'ExportAllDeclaration',
  'JSXText',
]);

export function writtenPaths(input: WrittenPathsInput): WrittenPathFact[] {
  const { program, source, vocabulary } = input;
  const windows = windowsOf(vocabulary);
  // Only subtrees holding a word of a window can hold a written path: the others are not walked.
  // The same pass tells which words the whole text holds (a whole-text search per word cost more).
  const found = wordsIn(source, windows);
  if (!holdsWindowWords((word) => found.words.has(word), windows)) return [];
  const facts: WrittenPathFact[] = [];
  /** Templates that splice `this.x` into a path (`zones/${this.zoneId}/${this.segment}`), for the fields below. */
  const splicing: Array<{ node: TSESTree.TemplateLiteral; parents: Node[] }> = [];
  /** String values written for a name (`segment = 'filters'`, `{ path: 'filters' }`, `this.path = 'filters'`). */
  const fieldValues = new Map<string, TSESTree.StringLiteral[]>();
  /** Texts held by a variable: silent when every use of the variable is (`const path = …; console.warn(path)`). */
  const held = new Map<string, WrittenPathFact[]>();
  const parents: Node[] = [];
  const within = found.within;
  const visit = (node: Node): void => {
    if (isPlainName(node) || NOT_VALUES.has(node.type) || !within(node)) return;
    // `export { x } from './paths'`: the module name is not a value (its specifiers are).
    if (node.type === 'ExportNamedDeclaration' && node.source) return;
    collectField(node, fieldValues);
    if (node.type === 'TemplateLiteral' && node.expressions.some((e) => thisMember(e) !== undefined))
      splicing.push({ node, parents: [...parents] });
    const built = candidate(node, parents[parents.length - 1], input);
    if (built) {
      const text = built.text;
      if (textHoldsWindowWords(text, windows)) {
        const silent = silentContext(node, parents, built, input);
        const fact: WrittenPathFact = {
          text,
          pieces: built.pieces,
          root: rangeOf(node),
          ...(silent ? { silent } : {}),
        };
        facts.push(fact);
        const variable = silent ? undefined : heldBy(node, parents);
        if (variable) held.set(variable, [...(held.get(variable) ?? []), fact]);
      }
      // An array of segments is one text; its elements are not texts of their own.
      if (node.type === 'ArrayExpression') return;
    }
    parents.push(node);
    forEachChild(node, visit);
    parents.pop();
  };
  visit(program);
  if (held.size) silenceHeldByMessages(program, held, input);
  for (const { node, parents: around } of splicing)
    for (const fact of fieldsSpliced(node, around, fieldValues, input)) facts.push(fact);
  return facts;
}

/** `this.segment` (not computed): the name read from the instance. */
function thisMember(node: Node): string | undefined {
  const inner = unwrap(node);
  if (inner.type !== 'MemberExpression' || inner.computed || unwrap(inner.object).type !== 'ThisExpression')
    return undefined;
  return inner.property.type === 'Identifier' ? inner.property.name : undefined;
}

function collectField(node: Node, values: Map<string, TSESTree.StringLiteral[]>): void {
  if (node.type === 'PropertyDefinition' && !node.computed)
    putField(values, propertyKeyName(node.key, false), node.value);
  else if (node.type === 'Property' && !node.computed) putField(values, propertyKeyName(node.key, false), node.value);
  else if (node.type === 'AssignmentExpression' && node.operator === '=')
    putField(values, thisMember(node.left), node.right);
}

/** Notes a string written for a name (a module function: `collectField` runs on every node walked). */
function putField(
  values: Map<string, TSESTree.StringLiteral[]>,
  name: string | undefined,
  value: Node | null | undefined,
): void {
  const inner = value ? unwrap(value) : undefined;
  if (name === undefined || inner?.type !== 'Literal' || typeof inner.value !== 'string') return;
  values.set(name, [...(values.get(name) ?? []), inner as TSESTree.StringLiteral]);
}

/**
 * A resource class or object whose methods splice a field into a path (`zones/${id}/${this.segment}`
 * in a base class, `segment = 'filters'` in each subclass): each string written for that field,
 * read in the template's place, is a written path of its own, placed at the field's string.
 */
function fieldsSpliced(
  template: TSESTree.TemplateLiteral,
  parents: readonly Node[],
  values: ReadonlyMap<string, TSESTree.StringLiteral[]>,
  input: WrittenPathsInput,
): WrittenPathFact[] {
  const facts: WrittenPathFact[] = [];
  template.expressions.forEach((expression, hole) => {
    for (const literal of values.get(thisMember(expression) ?? '') ?? []) {
      const built: BuiltText = { text: '', pieces: [] };
      appendTemplate(template, built, input.source, { hole, literal });
      if (!textHoldsWindowWords(built.text, windowsOf(input.vocabulary))) continue;
      // Only the field's own string is placed: the template's text is reported where it stands.
      const range = rangeOf(literal);
      built.pieces = built.pieces.filter(([, , start]) => start === range[0]);
      const silent = silentByText(built.text, input) ?? silentByPlace(template, parents, input);
      facts.push({ text: built.text, pieces: built.pieces, root: range, ...(silent ? { silent } : {}) });
    }
  });
  return facts;
}

/** Where words stand in a text (`wordsIn`, `occurrences`). */
interface WordOffsets {
  /** Whether a node's source range holds an occurrence of one of the words. */
  within: (node: Node) => boolean;
}

/** Every offset where one of the words starts, in one pass of one expression over the text. */
function occurrences(source: string, words: RegExp): WordOffsets {
  const offsets: number[] = [];
  words.lastIndex = 0;
  for (let found = words.exec(source); found; found = words.exec(source)) {
    offsets.push(found.index);
    // From the next character: a word may start inside another (`settings` in `dns_settings`).
    words.lastIndex = found.index + 1;
  }
  return { within: startsWithin(offsets) };
}

/** Whether some offset (ascending) lies in a node's range: a binary search. */
function startsWithin(offsets: readonly number[]): (node: Node) => boolean {
  return (node) => {
    const start = startOf(node);
    // The first offset at or after `start`.
    let lo = 0;
    let hi = offsets.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (offsets[mid]! < start) lo = mid + 1;
      else hi = mid;
    }
    return lo < offsets.length && offsets[lo]! < endOf(node);
  };
}

/**
 * The windows' words in a text, in one pass of the windows' automaton (`text/word-automaton.ts`;
 * before, one expression of them all, restarted after each hit): where they start, and which of
 * them the text holds. Every place of every word is found, words inside words too (`settings` in
 * `dns_settings`).
 */
function wordsIn(source: string, windows: Windows): WordOffsets & { words: Set<string> } {
  const words = new Set<string>();
  const starts: number[] = [];
  let ascending = true;
  windows.automaton.scan(source, (word, end) => {
    const text = windows.words[word]!;
    const start = end - text.length;
    if (starts.length > 0 && start < starts[starts.length - 1]!) ascending = false;
    starts.push(start);
    words.add(text);
    return false;
  });
  // A word '' stands at every offset (as in an expression): every node with a text holds it.
  if (windows.words.includes('')) return { within: (node) => startOf(node) < endOf(node), words: words.add('') };
  // A longer word ending after a shorter one may start before it.
  if (!ascending) starts.sort((a, b) => a - b);
  return { within: startsWithin(starts), words };
}

/** Every word of some window of the floor is in the text: what can match one. */
function textHoldsWindowWords(text: string, windows: Windows): boolean {
  return holdsWindowWords((word) => text.includes(word), windows);
}

/** Every word of some window is held (`holds`): by a text, or by the words found in the source. */
function holdsWindowWords(holds: (word: string) => boolean, windows: Windows): boolean {
  // Windows by their first word: most texts hold none of them, and then no other word is looked for.
  const { firstWords, rests: restsOf } = windows;
  for (let w = 0; w < firstWords.length; w++) {
    if (!holds(firstWords[w]!)) continue;
    for (const rest of restsOf[w]!) {
      let all = true;
      for (let i = 0; i < rest.length && all; i++) all = holds(rest[i]!);
      if (all) return true;
    }
  }
  return false;
}

/** An expression that matches any of the words. */
function anyWord(words: readonly string[]): RegExp {
  if (words.length === 0) return /(?!)/g;
  return new RegExp(words.map(escapeRegExp).join('|'), 'g');
}

interface Windows {
  /** Every word of every window, each once (`automaton`'s numbering). */
  words: readonly string[];
  /** The words found as written, in one pass (`wordsIn`). */
  automaton: WordAutomaton;
  /** The first words of the windows, each once. */
  firstWords: readonly string[];
  /** The other words of each window, by its first word's place in `firstWords`. */
  rests: ReadonlyArray<ReadonlyArray<readonly string[]>>;
}

const windowsByVocabulary = new WeakMap<Vocabulary, Windows>();

/** The floor's windows as the reader looks for them, built once per vocabulary. */
function windowsOf(vocabulary: Vocabulary): Windows {
  let windows = windowsByVocabulary.get(vocabulary);
  if (!windows) {
    const byFirstWord = new Map<string, Array<readonly string[]>>();
    for (const window of vocabulary.pathWords) {
      // A window without words holds in every text, as `''` is in every text.
      const first = window[0] ?? '';
      const rest = window.slice(1);
      const rests = byFirstWord.get(first);
      if (rests) rests.push(rest);
      else byFirstWord.set(first, [rest]);
    }
    const words = [...new Set(vocabulary.pathWords.flat())];
    windows = {
      words,
      automaton: wordAutomaton(
        words,
        words.map(() => false),
        { caseCounts: true },
      ),
      firstWords: [...byFirstWord.keys()],
      rests: [...byFirstWord.values()],
    };
    windowsByVocabulary.set(vocabulary, windows);
  }
  return windows;
}

/** The variable a text is the value of (`const path = cond ? 'a' : '/zones/…'`), if any. */
function heldBy(node: Node, parents: readonly Node[]): string | undefined {
  let child = node;
  for (let i = parents.length - 1; i >= 0; i--) {
    const parent = parents[i]!;
    if (
      parent.type === 'ConditionalExpression' ||
      parent.type === 'LogicalExpression' ||
      parent.type === 'TSAsExpression'
    ) {
      child = parent;
      continue;
    }
    return parent.type === 'VariableDeclarator' && parent.init === child && parent.id.type === 'Identifier'
      ? parent.id.name
      : undefined;
  }
  return undefined;
}

/** Marks texts silent whose variable is only ever used in messages (one more walk, only when needed). */
function silenceHeldByMessages(program: Node, held: Map<string, WrittenPathFact[]>, input: WrittenPathsInput): void {
  const uses = new Map<string, Array<SilentContext | undefined>>();
  const parents: Node[] = [];
  const { within } = occurrences(input.source, anyWord([...held.keys()]));
  const visit = (node: Node): void => {
    if (!within(node)) return;
    if (node.type === 'Identifier' && held.has(node.name)) {
      const parent = parents[parents.length - 1];
      const declares = parent?.type === 'VariableDeclarator' && parent.id === node;
      const key = parent?.type === 'MemberExpression' && parent.property === node && !parent.computed;
      if (!declares && !key) uses.set(node.name, [...(uses.get(node.name) ?? []), silentByPlace(node, parents, input)]);
    }
    parents.push(node);
    forEachChild(node, visit);
    parents.pop();
  };
  visit(program);
  for (const [name, facts] of held) {
    const contexts = uses.get(name) ?? [];
    if (contexts.length > 0 && contexts.every((context) => context === 'message'))
      for (const fact of facts) fact.silent = 'message';
  }
}

interface BuiltText {
  text: string;
  pieces: Array<[number, number, number, number]>;
}

/** The text of an outermost string expression, or of an array of segments; undefined for anything else. */
function candidate(node: Node, parent: Node | undefined, input: WrittenPathsInput): BuiltText | undefined {
  if (node.type === 'ArrayExpression') return segmentsOf(node, input.source);
  if (!isStringExpression(node)) return undefined;
  // Part of a larger string expression: read with it.
  if (parent?.type === 'BinaryExpression' && parent.operator === '+') return undefined;
  // A key names a property, not a path (`{ 'firewall/rules': … }` keys are left to the evaluator).
  if (parent?.type === 'Property' && parent.key === node && !parent.computed) return undefined;
  const built: BuiltText = { text: '', pieces: [] };
  if (!appendString(node, built, input.source)) return undefined;
  return built;
}

const ENGINE_PLACEHOLDER = /<%[=-]?[^%]*%>|\{\{[^{}]*\}\}/g;

/** Appends a string expression's text; false when the node is no string expression at all. */
function appendString(node: Node, built: BuiltText, source: string): boolean {
  if (node.type === 'Literal' && typeof node.value === 'string') {
    const range = rangeOf(node);
    built.pieces.push([built.text.length, built.text.length + node.value.length, range[0], range[1]]);
    // A template engine's placeholder (`<%= account %>` of lodash, `{{ zone }}` of mustache) stands
    // for a value, as `${…}` does; as many holes as it has characters keep the pieces' offsets.
    built.text +=
      node.value.includes('<%') || node.value.includes('{{')
        ? node.value.replace(ENGINE_PLACEHOLDER, (found) => HOLE.repeat(found.length))
        : node.value;
    return true;
  }
  if (node.type === 'TemplateLiteral') {
    appendTemplate(node, built, source);
    return true;
  }
  if (node.type === 'BinaryExpression' && node.operator === '+') {
    if (!appendString(node.left, built, source)) built.text += HOLE;
    if (!appendString(node.right, built, source)) built.text += HOLE;
    return true;
  }
  return false;
}

/**
 * A template's text, a hole for each expression, or the string `spliced` stands for at `hole`
 * (a field read by the template, `fieldsSpliced`).
 */
function appendTemplate(
  node: TSESTree.TemplateLiteral,
  built: BuiltText,
  source: string,
  spliced?: { hole: number; literal: TSESTree.StringLiteral },
): void {
  node.quasis.forEach((quasi, i) => {
    const cooked = quasi.value.cooked ?? quasi.value.raw;
    // As the evaluator places template text: the raw text, without the delimiters.
    const at = source.indexOf(quasi.value.raw, startOf(quasi));
    if (cooked.length)
      built.pieces.push([built.text.length, built.text.length + cooked.length, at, at + quasi.value.raw.length]);
    built.text += cooked;
    if (spliced?.hole === i) appendString(spliced.literal, built, source);
    else if (node.expressions[i]) built.text += HOLE;
  });
}

/**
 * An array read as path segments joined by `/` (`['zones', zoneId, 'rate_limits']`): two elements
 * or more, at least one a string, none a path of its own (a list of whole paths is a list of texts).
 */
function segmentsOf(node: TSESTree.ArrayExpression, source: string): BuiltText | undefined {
  if (node.elements.length < 2) return undefined;
  const built: BuiltText = { text: '', pieces: [] };
  let strings = 0;
  for (const [i, element] of node.elements.entries()) {
    if (!element || element.type === 'SpreadElement' || element.type === 'ObjectExpression') return undefined;
    if (element.type === 'ArrayExpression' || element.type.endsWith('FunctionExpression')) return undefined;
    if (i > 0) built.text += '/';
    const inner = unwrap(element);
    if (inner.type === 'Literal' && typeof inner.value === 'string') {
      if (inner.value.includes('/') || /\s/.test(inner.value)) return undefined;
      strings += 1;
      appendString(inner, built, source);
    } else if (inner.type === 'Literal' || inner.type === 'TemplateLiteral') {
      return undefined;
    } else {
      built.text += HOLE;
    }
  }
  return strings > 0 ? built : undefined;
}

const LOG_METHODS = new Set([
  'log',
  'info',
  'warn',
  'warning',
  'error',
  'debug',
  'trace',
  'fatal',
  'notice',
  'verbose',
  'success',
  'succeed',
  'fail',
  'setFailed',
  'print',
  'println',
]);
const MESSAGE_FUNCTIONS = new Set(['alert', 'confirm', 'print', 'debug', 'log', 'warn', 'info', 'error', 'fail']);
const TEST_TITLES = new Set(['describe', 'it', 'test', 'suite', 'context', 'bench', 'specify']);
/**
 * Calls that open a page of the application itself (a browser test's `page.goto('/zones/abc/firewall/rules')`,
 * `cy.visit(…)`, WebdriverIO's `browser.url(…)`, a router's `navigate(…)`, `router.push(…)`): a route it serves.
 */
const NAVIGATIONS = new Set(['goto', 'visit', 'navigate', 'navigateTo', 'navigateByUrl', 'redirect']);
const NAVIGATING_OBJECTS = new Set(['router', 'history', 'browser', 'navigation']);
/** Methods a server or a router registers a route with, given a handler beside the path. */
const ROUTE_METHODS = new Set([
  'get',
  'post',
  'put',
  'patch',
  'delete',
  'del',
  'head',
  'options',
  'all',
  'use',
  'route',
  'on',
]);
/** Whose values say nothing about where a request goes: a link or a page of the app itself. */
const LINK_ATTRIBUTES = new Set(['href', 'to', 'src', 'action', 'path', 'link']);
const COMPARING_METHODS = new Set([
  'startsWith',
  'endsWith',
  'includes',
  'indexOf',
  'lastIndexOf',
  'match',
  'test',
  'search',
]);
const MESSAGE_KEYS = new Set([
  'message',
  'description',
  'title',
  'label',
  'summary',
  'help',
  'text',
  'hint',
  'placeholder',
]);
/** JSX attributes whose value is text for a person (a tooltip, a label), besides those of MESSAGE_KEYS. */
const TEXT_ATTRIBUTES = new Set(['alt', 'tooltip', 'tip', 'caption', 'content', 'subtitle', 'heading', 'legend']);

/**
 * `title=`, `aria-label=`, `data-tip=`, `tooltipText=`: the text a person reads, which merely
 * mentions a path (JSX text is a message already).
 */
function isTextAttribute(name: string): boolean {
  const lower = name.toLowerCase();
  if (lower.startsWith('aria-')) return true;
  const base = lower.replace(/^data-/, '');
  return (
    MESSAGE_KEYS.has(base) ||
    TEXT_ATTRIBUTES.has(base) ||
    /(text|label|title|message|tooltip|description|caption|hint)$/.test(base)
  );
}

const HTTP_WORDS = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|curl|wget|https?)$/i;

function silentContext(
  node: Node,
  parents: readonly Node[],
  built: BuiltText,
  input: WrittenPathsInput,
): SilentContext | undefined {
  if (node.type !== 'ArrayExpression') {
    const byText = silentByText(built.text, input);
    if (byText) return byText;
    // A base the text does not write (`${SENTRY}/organizations/…`): what the evaluator knows of it.
    if (built.text.startsWith(HOLE)) {
      const value = input.ev.value(node, input.ev.scopeOf(node));
      const first = value.kind === 'string' ? value.pattern[0] : undefined;
      if (first?.kind === 'text' && otherHost(first.text, input.apiHosts)) return 'another host';
    }
  }
  return silentByPlace(node, parents, input);
}

/**
 * What the text itself says: a sentence, another host, or a path under another base. The readers of
 * other languages ask the same question of their strings (one rule for every language).
 */
/** A string that is a command line running a request client (`curl …`, `/usr/bin/curl …`). */
export function isRequestCommandLine(text: string): boolean {
  return /^\s*(?:sudo\s+)?(?:\/[\w.-]+)*\/?(?:curl(?:\.exe)?|wget|http|https|xh)\s+\S/.test(text);
}

export function silentByText(
  text: string,
  input: Pick<WrittenPathsInput, 'apiHosts' | 'vocabulary'>,
): SilentContext | undefined {
  // A command line that runs a request (`curl -fsS -X PATCH ${API}/zones/… -H …` in zx's `$\`…\``,
  // `execSync`, a Terraform `local-exec`): its flags are no prose; what its URLs say is what it is.
  if (isRequestCommandLine(text)) {
    const urls = text
      .split(/\s+/)
      .map((token) => token.replace(/^["']+|["']+$/g, ''))
      .filter((token) => /^(https?:\/\/|\/|\u0000+\/)/.test(token));
    if (urls.length) {
      const silent = urls.map((url) => silentByText(url, input));
      return silent.every((one) => one !== undefined) ? silent[0] : undefined;
    }
  }
  const words = text
    .split(/\s+/)
    .filter((token) => token && !token.includes('/') && !HTTP_WORDS.test(token) && !token.startsWith('-'))
    .filter((token) => /[A-Za-z]/.test(token));
  if (words.length >= 2) return 'prose';
  if (otherHost(text, input.apiHosts)) return 'another host';
  // The text before the first path word: a base of another API or of the app itself (`/api/cf/…`).
  const at = Math.min(
    ...input.vocabulary.pathSegments.map((word) => segmentAt(text, word)).filter((index) => index >= 0),
  );
  // Only the token the path is written in (`GET zones/…`: the method before it is no base).
  const token = text.slice(0, at);
  const before = token.slice(token.search(/\S*$/)).replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  if (/(^|\/)client\/v4(\/|$)/.test(before)) return undefined;
  const first = before.split('/').find((segment) => segment !== '' && !segment.includes(HOLE));
  if (first !== undefined && !input.vocabulary.pathRoots.has(first)) return 'another base';
  return undefined;
}

/** Where `word` first stands as a whole segment of the text, or -1. */
function segmentAt(text: string, word: string): number {
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    const before = text[at - 1];
    const after = text[at + word.length];
    if (
      (before === undefined || before === '/' || before === HOLE) &&
      (after === undefined || /[/?#\s\u0000]/.test(after))
    )
      return at;
  }
  return -1;
}

/** The text names a host, and it is not an API host (a host spliced in, `https://${host}/…`, is unknown). */
export function otherHost(text: string, apiHosts: readonly string[]): boolean {
  const origin = /(?:^|[\s(])(?:[a-z][a-z0-9+.-]*:)?\/\/([^/?#\s]*)/i.exec(text);
  if (!origin) return false;
  const host = origin[1]!
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^[^@]*@/, '');
  if (host.includes(HOLE)) return false;
  return !apiHosts.includes(host);
}

/** What the code around the expression says: a message, the code's own route, a link, a comparison. */
function silentByPlace(node: Node, parents: readonly Node[], input: WrittenPathsInput): SilentContext | undefined {
  let child = node;
  for (let i = parents.length - 1; i >= 0; i--) {
    const parent = parents[i]!;
    switch (parent.type) {
      case 'TSAsExpression':
      case 'TSSatisfiesExpression':
      case 'TSNonNullExpression':
      case 'ChainExpression':
      case 'ConditionalExpression':
      case 'LogicalExpression':
      case 'TemplateLiteral':
      case 'AwaitExpression':
        break;
      case 'BinaryExpression':
        if (parent.operator === '+') break;
        return ['===', '!==', '==', '!='].includes(parent.operator) ? 'comparison' : undefined;
      case 'SwitchCase':
        return parent.test === child ? 'comparison' : undefined;
      case 'ThrowStatement':
        return 'message';
      case 'TaggedTemplateExpression':
        if (isMessageCallee(parent.tag)) return 'message';
        break;
      case 'Decorator':
        return 'own route';
      case 'JSXAttribute': {
        const name = parent.name.type === 'JSXIdentifier' ? parent.name.name : '';
        // `<Route path="…">` is a page of the app; `<ApiEndpoint method="GET" path="…">` names a request.
        if (name === 'path' && statesMethod(parents[i - 1])) return undefined;
        if (LINK_ATTRIBUTES.has(name)) return 'link';
        return isTextAttribute(name) ? 'message' : undefined;
      }
      case 'JSXExpressionContainer':
        if (parents[i - 1]?.type === 'JSXElement' || parents[i - 1]?.type === 'JSXFragment') return 'message';
        break;
      case 'Property': {
        if (parent.value !== child) return undefined;
        const key = propertyKeyName(parent.key, parent.computed);
        if (key !== undefined && MESSAGE_KEYS.has(key)) return 'message';
        return isRouteObjectPath(parent, parents[i - 1], parents[i - 2]) ? 'own route' : undefined;
      }
      case 'CallExpression':
      case 'NewExpression':
        if (parent.callee === child) return undefined;
        // `@Get('zones/:id/filters')`: a route the code serves (NestJS, routing-controllers).
        if (parents[i - 1]?.type === 'Decorator') return 'own route';
        return silentArgument(parent, child, input);
      default:
        return undefined;
    }
    child = parent;
  }
  return undefined;
}

/** A JSX element with an HTTP method for an attribute (`method="GET"`, `verb="post"`). */
function statesMethod(element: Node | undefined): boolean {
  if (element?.type !== 'JSXOpeningElement') return false;
  return element.attributes.some(
    (attribute) =>
      attribute.type === 'JSXAttribute' &&
      attribute.name.type === 'JSXIdentifier' &&
      /^(method|verb)$/i.test(attribute.name.name) &&
      attribute.value?.type === 'Literal' &&
      typeof attribute.value.value === 'string' &&
      /^(GET|POST|PUT|PATCH|DELETE|HEAD)$/i.test(attribute.value.value),
  );
}

function silentArgument(
  call: TSESTree.CallExpression | TSESTree.NewExpression,
  arg: Node,
  input: WrittenPathsInput,
): SilentContext | undefined {
  const callee = unwrap(call.callee);
  if (isMessageCallee(callee)) return 'message';
  const name = calleeName(callee);
  // `new URLPattern({ pathname: '/accounts/:account/access/bookmarks' })`: what the code's own
  // handler matches requests against (Deno, Workers, the browser), a route it serves.
  if (call.type === 'NewExpression' && name === 'URLPattern') return 'own route';
  if (isRouteMatcherCall(call)) return 'own route';
  if (name && COMPARING_METHODS.has(name) && callee.type === 'MemberExpression') return 'comparison';
  // A test's title: `it('GET /zones/:id/rate_limits', …)`, `test.each(…)('…')`.
  // (`describe.runIf(LIVE)('…')`, `test.skipIf(x)('…')`: the title of the call a call returns.)
  const base = callee.type === 'MemberExpression' || callee.type === 'CallExpression' ? rootName(callee) : name;
  if (base && TEST_TITLES.has(base) && call.arguments[0] === arg) return 'message';
  // A page of the application opened by a browser test or its router, by a path of its own (no host).
  if (name && call.arguments[0] === arg && !/^['"`]?https?:/.test(input.source.slice(...rangeOf(arg)))) {
    const object = callee.type === 'MemberExpression' ? rootName(callee) : undefined;
    if (NAVIGATIONS.has(name)) return 'own route';
    if (object && NAVIGATING_OBJECTS.has(object) && /^(push|replace|url)$/.test(name)) return 'own route';
  }
  // A route the code serves: `app.get('/zones/:id/filters', handler)`, `router.route(path)`.
  if (callee.type === 'MemberExpression' && name && ROUTE_METHODS.has(name)) {
    if (name === 'route') return 'own route';
    // `app.use('/zones/:id/filters', filtersRouter)`: a mount point of the code's own server.
    if (name === 'use' && call.arguments.length > 1 && call.arguments[0] === arg) return 'own route';
    const scope = input.ev.scopeOf(call);
    if (
      call.arguments.some(
        (other) => other !== arg && other.type !== 'SpreadElement' && isHandler(other, input.ev, scope),
      )
    )
      return 'own route';
  }
  return undefined;
}

/** `console.log`, `logger.warn`, `core.setFailed`, `new Error`, `alert`, `chalk.red`. */
function isMessageCallee(callee: Node): boolean {
  const inner = unwrap(callee);
  const name = calleeName(inner);
  if (!name) return false;
  if (/(Error|Exception)$/.test(name)) return true;
  if (inner.type === 'Identifier') return MESSAGE_FUNCTIONS.has(name);
  if (inner.type !== 'MemberExpression') return false;
  const root = rootName(inner);
  if (root === 'console' || root === 'chalk' || root === 'kleur' || root === 'pc' || root === 'colors') return true;
  if (name === 'write' && /^(process|stdout|stderr)$/.test(root ?? '')) return true;
  return LOG_METHODS.has(name);
}

function rootName(node: Node): string | undefined {
  let current = unwrap(node);
  while (current.type === 'MemberExpression' || current.type === 'CallExpression') {
    current = unwrap(current.type === 'MemberExpression' ? current.object : current.callee);
  }
  return current.type === 'Identifier' ? current.name : undefined;
}
