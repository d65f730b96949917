import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Project, ts, type Node, type SourceFile, type Type } from 'ts-morph';

/** Past this many members a union says little about which setting a call uses: treat it as unknown. */
const MAX_OPTIONS = 32;

/** Answers, for a source range of an expression the syntactic pass left unresolved, what strings it can be. */
export interface TypeResolver {
  /** The tsconfig.json the project was loaded from (none: default options, files added as asked). */
  readonly tsconfigPath: string | undefined;
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
export function createTypeResolver(tsconfigPath?: string): TypeResolver {
  const absolute = tsconfigPath === undefined ? undefined : resolve(tsconfigPath);
  if (absolute !== undefined && !existsSync(absolute)) throw new Error(`--types: no tsconfig at ${absolute}`);
  const project = absolute ? new Project({ tsConfigFilePath: absolute }) : jsFriendlyProject();
  // A JavaScript file is part of a program only with allowJs; otherwise it is checked on its own.
  let jsProject: Project | undefined = project.getCompilerOptions().allowJs ? project : undefined;

  function projectFor(file: string): Project {
    if (!JS_FILE.test(file) || jsProject === project) return project;
    jsProject ??= jsFriendlyProject();
    return jsProject;
  }

  return {
    tsconfigPath: absolute,
    stringValuesAt(file, [start, end]) {
      if (!existsSync(file)) return undefined;
      const owner = projectFor(file);
      // A file outside the tsconfig's `include` (a script, a test) is still checked in the program's context.
      const sourceFile = owner.getSourceFile(file) ?? owner.addSourceFileAtPath(file);
      const node = expressionAt(sourceFile, start, end);
      if (!node) return undefined;
      // Asked afresh each time: adding a file makes ts-morph build a new program and checker.
      return stringValues(owner.getTypeChecker().getTypeAtLocation(node));
    },
  };
}

const JS_FILE = /\.(js|jsx|mjs|cjs)$/i;

/** For JavaScript without a tsconfig: what TypeScript infers (literals, JSDoc types) still helps. */
function jsFriendlyProject(): Project {
  return new Project({
    compilerOptions: {
      allowJs: true,
      checkJs: false,
      strict: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
    },
  });
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
