import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Node, Project, ts, type SourceFile, type Type } from 'ts-morph';

/** Past this many members a union says little about which setting a call uses: treat it as unknown. */
const MAX_OPTIONS = 32;

/** Answers, for a source range of an expression the syntactic pass left unresolved, what strings it can be. */
export interface TypeResolver {
  /** The tsconfig.json the project was loaded from. */
  readonly tsconfigPath: string;
  /**
   * The string values the type checker allows for the expression at [start, end) of `file`
   * (absolute path; offsets into the text without a byte-order mark, as the scan and TypeScript
   * read it). Undefined when the type is not
   * a string literal or a union of them (`string`, a template type, an object, too many members).
   */
  stringValuesAt(file: string, range: readonly [number, number]): string[] | undefined;
}

/**
 * A ts-morph project over the target's tsconfig and its type checker. Opt-in (`scan --types`):
 * it costs a full program, so the scanner asks it only about holes its own pass could not fill.
 */
export function createTypeResolver(tsconfigPath: string): TypeResolver {
  const absolute = resolve(tsconfigPath);
  if (!existsSync(absolute)) throw new Error(`--types: no tsconfig at ${absolute}`);
  const project = new Project({ tsConfigFilePath: absolute, skipFileDependencyResolution: false });
  const checker = project.getTypeChecker();

  function sourceFileOf(file: string): SourceFile | undefined {
    const existing = project.getSourceFile(file);
    if (existing) return existing;
    // A file outside the tsconfig's `include` (a script, a test) is still checked in the program's context.
    return existsSync(file) ? project.addSourceFileAtPath(file) : undefined;
  }

  return {
    tsconfigPath: absolute,
    stringValuesAt(file, [start, end]) {
      const sourceFile = sourceFileOf(file);
      if (!sourceFile) return undefined;
      const node = expressionAt(sourceFile, start, end);
      if (!node) return undefined;
      return stringValues(checker.getTypeAtLocation(node));
    },
  };
}

/** The outermost node that spans exactly [start, end) (an identifier, `this.ids[key]`, a call). */
function expressionAt(sourceFile: SourceFile, start: number, end: number): Node | undefined {
  let node: Node | undefined = sourceFile.getDescendantAtPos(start);
  let match: Node | undefined;
  while (node && node.getStart() >= start && node.getEnd() <= end) {
    if (node.getStart() === start && node.getEnd() === end) match = node;
    node = node.getParent();
  }
  // Parentheses and `as`/`!` wrappers were stripped by the extractor: their inner expression is the one.
  return match;
}

/** String (or number) literal types, directly, as a union, or as a type parameter's constraint. */
export function stringValues(type: Type): string[] | undefined {
  if (type.isTypeParameter()) {
    const constraint = type.getConstraint();
    return constraint ? stringValues(constraint) : undefined;
  }
  const members = type.isUnion() ? type.getUnionTypes() : [type];
  if (members.length > MAX_OPTIONS) return undefined;
  const values: string[] = [];
  for (const member of members) {
    const literal = member.getLiteralValue();
    if (member.isStringLiteral() && typeof literal === 'string') values.push(literal);
    else if (member.isNumberLiteral() && typeof literal === 'number') values.push(String(literal));
    // `undefined` and `null` in an optional parameter's type do not reach a URL that is built.
    else if (member.getFlags() & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)) continue;
    else return undefined;
  }
  return values.length ? [...new Set(values)].sort() : undefined;
}

/** The tsconfig.json `--types` uses: the one given, or the nearest one at or above the directory. */
export function findTsconfig(fromDir: string): string | undefined {
  let dir = resolve(fromDir);
  for (;;) {
    const candidate = join(dir, 'tsconfig.json');
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
