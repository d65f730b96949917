import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts = require('typescript');
import { findNodeSpanning } from './node-at.js';
import { TypedProgram } from './typed-program.js';

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
  /** Files the scan will parse through this resolver's programs: added before a program is built. */
  expect(files: readonly string[]): void;
  /** The program's parse of a file: the scan converts it rather than parsing the file a second time. */
  sourceFile(file: string): ts.SourceFile | undefined;
}

/**
 * A TypeScript program over the target's tsconfig and its type checker. Opt-in (`scan --types`):
 * it costs a full program, so the scanner asks it only about holes its own pass could not fill.
 */
export function createTypeResolver(tsconfigPath?: string): TypeResolver {
  const absolute = tsconfigPath === undefined ? undefined : resolve(tsconfigPath);
  if (absolute !== undefined && !existsSync(absolute)) throw new Error(`--types: no tsconfig at ${absolute}`);
  const program = absolute ? TypedProgram.fromTsconfig(absolute) : jsFriendlyProgram();
  // A JavaScript file is part of a program only with allowJs; otherwise it is checked on its own.
  let jsProgram: TypedProgram | undefined = program.options.allowJs ? program : undefined;

  function programFor(file: string): TypedProgram {
    if (!JS_FILE.test(file) || jsProgram === program) return program;
    jsProgram ??= jsFriendlyProgram();
    return jsProgram;
  }

  return {
    tsconfigPath: absolute,
    expect(files) {
      const jsFiles = files.filter((file) => JS_FILE.test(file));
      if (jsProgram !== program && jsFiles.length > 0) {
        program.addRoots(files.filter((file) => !JS_FILE.test(file)));
        jsProgram ??= jsFriendlyProgram();
        jsProgram.addRoots(jsFiles);
      } else program.addRoots(files);
    },
    sourceFile(file) {
      return programFor(file).sourceFile(file);
    },
    stringValuesAt(file, [start, end]) {
      if (!existsSync(file)) return undefined;
      // A file outside the tsconfig's `include` (a script, a test) is still checked in the program's context.
      const { sourceFile, checker } = programFor(file).withFile(file);
      const node = findNodeSpanning(sourceFile, start, end);
      if (!node) return undefined;
      return stringValues(checker.getTypeAtLocation(node));
    },
  };
}

const JS_FILE = /\.(js|jsx|mjs|cjs)$/i;

/** For JavaScript without a tsconfig: what TypeScript infers (literals, JSDoc types) still helps. */
function jsFriendlyProgram(): TypedProgram {
  return new TypedProgram([], {
    allowJs: true,
    checkJs: false,
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  });
}

/** String (or number) literal types, directly, as a union, or as a type parameter's constraint. */
export function stringValues(type: ts.Type): string[] | undefined {
  // By flag: the `isTypeParameter()` guard would narrow every other type to `never` (TypeParameter adds no member).
  if (type.flags & ts.TypeFlags.TypeParameter) {
    const constraint = type.getConstraint();
    return constraint ? stringValues(constraint) : undefined;
  }
  const members = type.isUnion() ? type.types : [type];
  if (members.length > MAX_OPTIONS) return undefined;
  const values: string[] = [];
  for (const member of members) {
    if (member.isStringLiteral()) values.push(member.value);
    else if (member.isNumberLiteral()) values.push(String(member.value));
    // `undefined` and `null` in an optional parameter's type do not reach a URL that is built.
    else if (member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)) continue;
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
