/**
 * URL building: a base, a path from the catalogue with ids written one way or another, and the
 * many shapes client code gives the same text (templates, `+`, `join`, `new URL`, constants,
 * maps, helpers of every kind, escape sequences).
 */
import fc from 'fast-check';
import {
  apiPathArb,
  idStyleArb,
  literalId,
  PARAM_IDENTIFIERS,
  type ApiPath,
  type IdStyle,
  type ParamRole,
} from './paths.js';
import type { ProgramBuilder } from './program.js';

export type BaseChoice = 'api-host' | 'client-v4' | 'env' | 'example-host' | 'none';

const BASE_TEXT: Record<Exclude<BaseChoice, 'env' | 'none'>, string> = {
  'api-host': 'https://api.cloudflare.com/client/v4',
  'client-v4': '/client/v4',
  'example-host': 'https://example.com',
};

export type BuildStyle = 'literal' | 'template' | 'concat' | 'join' | 'new-url';
export type Via =
  | 'inline'
  | 'local'
  | 'module-const'
  | 'map'
  | 'map-key'
  | 'function'
  | 'arrow'
  | 'object-method'
  | 'class-method'
  | 'static-method'
  | 'factory';

export interface UrlSpec {
  base: BaseChoice;
  /** The base as a module constant (`const API_BASE3 = '…'`) rather than written in place. */
  baseConst: boolean;
  path: ApiPath;
  ids: IdStyle;
  /** Without a base: `/zones/…` or `zones/…`. */
  leadingSlash: boolean;
  query: boolean;
  build: BuildStyle;
  /** One letter of the path's last literal segment written as `\xNN`. */
  escape: boolean;
  /** The last literal segments in a module constant of their own (`const TAIL3 = '/firewall/rules'`). */
  splitTail: boolean;
  via: Via;
}

/** What the grammar may write; `escapes: false` keeps every path's letters plain. */
export interface GrammarOptions {
  escapes: boolean;
}

export const urlSpecArb = (options: GrammarOptions): fc.Arbitrary<UrlSpec> =>
  fc.record({
    base: fc.constantFrom<BaseChoice>('api-host', 'api-host', 'client-v4', 'env', 'example-host', 'none'),
    baseConst: fc.boolean(),
    path: apiPathArb(),
    ids: idStyleArb,
    leadingSlash: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    query: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    build: fc.constantFrom<BuildStyle>('literal', 'template', 'template', 'concat', 'join', 'new-url'),
    escape: options.escapes
      ? fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) })
      : fc.constant(false),
    splitTail: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    via: fc.constantFrom<Via>(
      'inline',
      'local',
      'module-const',
      'map',
      'map-key',
      'function',
      'arrow',
      'object-method',
      'class-method',
      'static-method',
      'factory',
    ),
  });

/** Literal text, or code whose value is spliced in; `escape` marks the text that gets `\xNN`. */
type Piece = { kind: 'text'; text: string; escape?: boolean } | { kind: 'expr'; code: string };

/** Text as the content of a literal delimited by `quote`, one letter escaped if asked. */
function encode(text: string, quote: "'" | '`', escape = false): string {
  let out = text.replace(/\\/g, '\\\\').replace(quote === '`' ? /`|\$\{/g : /'/g, (m) => `\\${m}`);
  if (escape) {
    // The letter after the last `/` (`/fire\x77all` style needs any letter the matcher must see).
    const at = out.search(/\/[a-z][^/]*$/);
    const letter = at >= 0 ? at + 1 : out.search(/[a-z]/);
    if (letter >= 0) out = `${out.slice(0, letter)}\\x${out.charCodeAt(letter).toString(16)}${out.slice(letter + 1)}`;
  }
  return out;
}

function quoted(text: string, escape = false): string {
  return `'${encode(text, "'", escape)}'`;
}

function mergeTexts(pieces: Piece[]): Piece[] {
  const out: Piece[] = [];
  for (const piece of pieces) {
    const last = out[out.length - 1];
    if (piece.kind === 'text' && last?.kind === 'text' && !last.escape && !piece.escape)
      out[out.length - 1] = { kind: 'text', text: last.text + piece.text };
    else out.push(piece);
  }
  return out.filter((piece) => piece.kind === 'expr' || piece.text !== '');
}

function renderPieces(pieces: Piece[], style: 'literal' | 'template' | 'concat'): string {
  if (pieces.length === 0) return "''";
  if (style === 'literal' && pieces.every((p) => p.kind === 'text'))
    return quoted(
      pieces.map((p) => (p.kind === 'text' ? p.text : '')).join(''),
      pieces.some((p) => p.kind === 'text' && p.escape),
    );
  if (style === 'concat') return pieces.map((p) => (p.kind === 'text' ? quoted(p.text, p.escape) : p.code)).join(' + ');
  return `\`${pieces.map((p) => (p.kind === 'text' ? encode(p.text, '`', p.escape) : `\${${p.code}}`)).join('')}\``;
}

/** Identifiers of the run parameters a URL reads (a helper takes them as its own parameters). */
export function usedIdentifiers(spec: UrlSpec): string[] {
  if (spec.ids !== 'identifier') return [];
  const roles = new Set<ParamRole>();
  for (const segment of spec.path.segments) if (segment.kind === 'param') roles.add(segment.role);
  return [...roles].map((role) => PARAM_IDENTIFIERS[role]);
}

/** The base as code (`'https://…'`, `process.env.API_BASE`, a module constant), or nothing. */
export function baseCode(spec: UrlSpec, program: ProgramBuilder, n: number): string | undefined {
  if (spec.base === 'none') return undefined;
  const written = spec.base === 'env' ? 'process.env.API_BASE' : quoted(BASE_TEXT[spec.base]);
  if (!spec.baseConst) return written;
  program.declare(`const API_BASE${n} = ${written};`);
  return `API_BASE${n}`;
}

function basePiece(base: string | undefined): Piece[] {
  if (base === undefined) return [];
  return base.startsWith("'") ? [{ kind: 'text', text: base.slice(1, -1) }] : [{ kind: 'expr', code: base }];
}

/** The path's segments as pieces; the tail goes to a module constant when the spec splits it. */
function pathPieces(spec: UrlSpec, program: ProgramBuilder, n: number, leadingSlash: boolean): Piece[] {
  const segments = spec.path.segments;
  let tailFrom = segments.length;
  if (spec.splitTail) {
    while (tailFrom > 1 && segments.length - tailFrom < 2 && segments[tailFrom - 1]?.kind === 'text') tailFrom -= 1;
  }
  const pieces: Piece[] = [];
  segments.slice(0, tailFrom).forEach((segment, i) => {
    if (i > 0 || leadingSlash) pieces.push({ kind: 'text', text: '/' });
    if (segment.kind === 'text') pieces.push({ kind: 'text', text: segment.text });
    else if (spec.ids === 'identifier') pieces.push({ kind: 'expr', code: PARAM_IDENTIFIERS[segment.role] });
    else pieces.push({ kind: 'text', text: literalId(spec.ids, segment.role) });
  });
  if (tailFrom < segments.length) {
    const tail = segments
      .slice(tailFrom)
      .map((segment) => (segment.kind === 'text' ? `/${segment.text}` : ''))
      .join('');
    program.declare(`const TAIL${n} = ${quoted(tail, spec.escape)};`);
    pieces.push({ kind: 'expr', code: `TAIL${n}` });
  } else if (spec.escape) {
    const last = pieces.findLastIndex((p) => p.kind === 'text' && /[a-z]/.test(p.text));
    const piece = pieces[last];
    if (piece?.kind === 'text') pieces[last] = { ...piece, escape: true };
  }
  if (spec.query) pieces.push({ kind: 'text', text: '?per_page=50' });
  return mergeTexts(pieces);
}

function joinElements(spec: UrlSpec, base: string | undefined, leadingSlash: boolean): string {
  const elements: string[] = [];
  if (base !== undefined) elements.push(base);
  else if (leadingSlash) elements.push("''");
  const texts = spec.path.segments.filter((s) => s.kind === 'text');
  const lastText = texts[texts.length - 1];
  for (const segment of spec.path.segments) {
    if (segment.kind === 'text') elements.push(quoted(segment.text, spec.escape && segment === lastText));
    else if (spec.ids === 'identifier') elements.push(PARAM_IDENTIFIERS[segment.role]);
    else elements.push(quoted(literalId(spec.ids, segment.role)));
  }
  return `[${elements.join(', ')}].join('/')${spec.query ? " + '?per_page=50'" : ''}`;
}

/**
 * The URL expression, with `base` (code, or undefined for a path alone) in front. Declarations it
 * needs go to the program.
 */
export function urlExpression(
  spec: UrlSpec,
  program: ProgramBuilder,
  n: number,
  base: string | undefined,
  leadingSlash = base !== undefined || spec.leadingSlash,
): string {
  if (spec.build === 'join' && !spec.splitTail) return joinElements(spec, base, leadingSlash);
  if (spec.build === 'new-url' && base !== undefined) {
    const relative = renderPieces(pathPieces(spec, program, n, false), 'template');
    const withSlash = base.startsWith("'") ? `${base.slice(0, -1)}/'` : `\`\${${base}}/\``;
    return `new URL(${relative}, ${withSlash})`;
  }
  const style = spec.build === 'join' || spec.build === 'new-url' ? 'template' : spec.build;
  return renderPieces([...basePiece(base), ...pathPieces(spec, program, n, leadingSlash)], style);
}

/**
 * How the URL reaches the request: in place, through a local or module constant, a map, or a
 * helper of some kind. `statements` receives what the run function must execute first.
 */
export function deliverUrl(
  spec: UrlSpec,
  expression: string,
  program: ProgramBuilder,
  n: number,
  statements: string[],
): string {
  const ids = usedIdentifiers(spec);
  const params = program.params(ids.map((id) => [id, 'string']));
  const args = ids.join(', ');
  switch (spec.via) {
    case 'inline':
      return expression;
    case 'local':
      statements.push(`const url = ${expression};`);
      return 'url';
    case 'module-const':
      if (ids.length) {
        statements.push(`const url = ${expression};`);
        return 'url';
      }
      program.declare(`const URL${n} = ${expression};`);
      return `URL${n}`;
    case 'map':
    case 'map-key': {
      const value = ids.length ? `(${params}) => ${expression}` : expression;
      program.declare(`const ROUTES${n} = {\n  target: ${value},\n  tokens: '/user/tokens',\n};`);
      const read = spec.via === 'map' ? `ROUTES${n}.target` : `ROUTES${n}[which${program.typed(' as "target"')}]`;
      return ids.length ? `${read}(${args})` : read;
    }
    case 'function':
      program.declare(`function urlFor${n}(${params}) {\n  return ${expression};\n}`);
      return `urlFor${n}(${args})`;
    case 'arrow':
      program.declare(`const urlFor${n} = (${params}) => ${expression};`);
      return `urlFor${n}(${args})`;
    case 'object-method':
      program.declare(`const urls${n} = {\n  target(${params}) {\n    return ${expression};\n  },\n};`);
      return `urls${n}.target(${args})`;
    case 'class-method':
      program.declare(`class Urls${n} {\n  target(${params}) {\n    return ${expression};\n  }\n}`);
      return `new Urls${n}().target(${args})`;
    case 'static-method':
      program.declare(`class Urls${n} {\n  static target(${params}) {\n    return ${expression};\n  }\n}`);
      return `Urls${n}.target(${args})`;
    case 'factory':
      program.declare(`function makeUrls${n}() {\n  return (${params}) => ${expression};\n}`);
      statements.push(`const urlFor = makeUrls${n}();`);
      return `urlFor(${args})`;
  }
}
