/**
 * Random damage to real client code: fixtures/ files with tokens or lines deleted, duplicated or swapped,
 * brackets exchanged, hostile fragments inserted (an unclosed template, a lone surrogate, a BOM in
 * the middle, a control character), or the file truncated.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';

export const FIXTURES = fileURLToPath(new URL('../../../../../fixtures/', import.meta.url));

export interface FixtureFile {
  /** `/`-separated, relative to fixtures/. */
  path: string;
  text: string;
}

const SOURCE = /\.(js|jsx|mjs|cjs|ts|tsx|mts|cts)$/;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(full);
    return entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every source file of fixtures/, sorted (the seed must pick the same file on every machine). */
export function fixtureFiles(): FixtureFile[] {
  return walk(FIXTURES)
    .map((full) => ({ path: relative(FIXTURES, full).split('\\').join('/'), text: readFileSync(full, 'utf8') }))
    .sort((a, b) => (a.path < b.path ? -1 : 1));
}

const TOKEN = /[A-Za-z_$][\w$]*|\d+|\s+|[^\w\s]/g;
const BRACKETS = ['(', ')', '[', ']', '{', '}', '<', '>', '`', '"', "'"];
const FRAGMENTS = [
  '${',
  '`',
  '/*',
  '*/',
  '<div>',
  '</',
  '?.',
  '...',
  '=>',
  '\\u{',
  '#',
  '@',
  '\ud800',
  '\ufeff',
  '\u0000',
  '\u202e',
  ' as ',
  '!',
  ';;',
  'https://api.cloudflare.com/client/v4/zones/',
];

type Mutation =
  | { kind: 'delete' | 'duplicate'; at: number }
  | { kind: 'swap-tokens'; at: number; with: number }
  | { kind: 'bracket'; at: number; bracket: number }
  | { kind: 'insert'; at: number; fragment: number }
  | { kind: 'truncate'; at: number }
  | LineMutation;

type LineMutation =
  | { kind: 'delete-line'; at: number }
  | { kind: 'duplicate-line'; at: number }
  | { kind: 'swap-lines'; at: number; with: number };

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constantFrom('delete' as const, 'duplicate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('swap-tokens' as const), at: fc.nat(), with: fc.nat() }),
  fc.record({ kind: fc.constant('bracket' as const), at: fc.nat(), bracket: fc.nat() }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), fragment: fc.nat() }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  // Whole lines: damage that often still parses, so that the rules run on odd but valid code.
  fc.record({ kind: fc.constant('delete-line' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('duplicate-line' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('swap-lines' as const), at: fc.nat(), with: fc.nat() }),
);

function applyToLines(text: string, mutation: LineMutation): string {
  const lines = text.split('\n');
  const at = mutation.at % lines.length;
  switch (mutation.kind) {
    case 'delete-line':
      lines.splice(at, 1);
      break;
    case 'duplicate-line':
      lines.splice(at, 0, lines[at]!);
      break;
    case 'swap-lines': {
      const other = mutation.with % lines.length;
      [lines[at], lines[other]] = [lines[other]!, lines[at]!];
    }
  }
  return lines.join('\n');
}

function apply(text: string, mutation: Mutation): string {
  if (mutation.kind === 'delete-line' || mutation.kind === 'duplicate-line' || mutation.kind === 'swap-lines')
    return applyToLines(text, mutation);
  const tokens = text.match(TOKEN) ?? [];
  if (tokens.length === 0) return text;
  const at = mutation.at % tokens.length;
  switch (mutation.kind) {
    case 'delete':
      tokens.splice(at, 1);
      break;
    case 'duplicate':
      tokens.splice(at, 0, tokens[at]!);
      break;
    case 'swap-tokens': {
      const other = mutation.with % tokens.length;
      [tokens[at], tokens[other]] = [tokens[other]!, tokens[at]!];
      break;
    }
    case 'bracket': {
      const brackets = tokens.flatMap((token, index) => (BRACKETS.includes(token) ? [index] : []));
      if (brackets.length === 0) break;
      tokens[brackets[at % brackets.length]!] = BRACKETS[mutation.bracket % BRACKETS.length]!;
      break;
    }
    case 'insert':
      tokens.splice(at, 0, FRAGMENTS[mutation.fragment % FRAGMENTS.length]!);
      break;
    case 'truncate':
      return text.slice(0, mutation.at % text.length);
  }
  return tokens.join('');
}

export interface MutatedFixture {
  file: FixtureFile;
  code: string;
  mutations: Mutation[];
}

/** One fixture file with one to four mutations. */
export function mutatedFixtureArb(files: readonly FixtureFile[]): fc.Arbitrary<MutatedFixture> {
  return fc
    .record({ file: fc.constantFrom(...files), mutations: fc.array(mutationArb, { minLength: 1, maxLength: 4 }) })
    .map(({ file, mutations }) => ({ file, mutations, code: mutations.reduce(apply, file.text) }));
}
