import { dirname } from 'node:path';
import ts = require('typescript');
import { forgetLastStat, statPath } from '../scan/files/file-stats.js';
import { kindOf, readInputFile } from '../scan/files/read-source.js';

/**
 * A tsconfig (or what it extends) that cannot be used: refused by the guarded reader (a FIFO, a
 * device, a file over the limit), or broken (not JSON, an `extends` that names no file). A `--types`
 * scan without its type checker would drop findings silently: the scan stops and names the file.
 */
export class RefusedConfigError extends Error {}

/** A source file of the program and the checker that knows its types. */
export interface CheckedFile {
  sourceFile: ts.SourceFile;
  checker: ts.TypeChecker;
}

/**
 * A TypeScript program that grows as files are asked about: a file outside its roots (a script, a
 * test the tsconfig does not include) is added and the program rebuilt (from cached parses, see cachingHost).
 */
export class TypedProgram {
  readonly options: ts.CompilerOptions;
  private readonly roots: string[];
  private readonly host: ts.CompilerHost;
  private program: ts.Program | undefined;

  constructor(roots: readonly string[], options: ts.CompilerOptions) {
    this.options = options;
    this.roots = [...roots];
    this.host = cachingHost(options);
  }

  /**
   * The files and options of a tsconfig.json, as `tsc -p` reads them (`extends`, `include`, `files`).
   * Throws a RefusedConfigError for a tsconfig, or one it extends, that is not JSON or names an
   * `extends` that is not there; other complaints (an option this TypeScript does not know, no
   * input files) leave the checker working, as before.
   */
  static fromTsconfig(path: string): TypedProgram {
    // The tsconfig and what it `extends` are the repository's files: read through the guarded
    // reader (a FIFO or a link to /dev/zero named tsconfig.json must not hang or fill memory).
    const refused: string[] = [];
    const disk = guardedDisk((file, message) => refused.push(`${file}: ${message}`));
    const read = ts.readConfigFile(path, disk.readFile);
    if (refused.length) throw new RefusedConfigError(`--types: ${refused[0]}`);
    if (read.error) throw new RefusedConfigError(`--types: ${path}: ${messageOf(read.error)}`);
    const host: ts.ParseConfigHost = {
      ...disk,
      readDirectory: (...args) => {
        const found = ts.sys.readDirectory(...args);
        forgetLastStat(); // TypeScript's walk stats through node:fs (see file-stats.ts)
        return found;
      },
      useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
    };
    const parsed = ts.parseJsonConfigFileContent(read.config, host, dirname(path), undefined, path);
    if (refused.length) throw new RefusedConfigError(`--types: ${refused[0]}`);
    const broken = parsed.errors.find(isBrokenConfig);
    if (broken) throw new RefusedConfigError(`--types: ${broken.file?.fileName ?? path}: ${messageOf(broken)}`);
    // A `files` entry is named, not found by a walk: one that is a FIFO or a device is refused as
    // the tsconfig would be (a walk of `include` lists regular files only).
    for (const file of parsed.fileNames) {
      const stats = statPath(file);
      if (stats && !stats.isFile())
        throw new RefusedConfigError(`--types: ${file}: not a regular file (${kindOf(stats)})`);
    }
    return new TypedProgram(parsed.fileNames, parsed.options);
  }

  /**
   * Files the scan will parse through this program (`--types`): roots before the first build, so
   * that the program parses each of them once and is built once, not once per file added later.
   */
  addRoots(files: readonly string[]): void {
    const known = new Set(this.roots);
    for (const file of files) if (!known.has(file)) this.roots.push(file);
  }

  /** The program's parse of a file (with parent pointers), building the program on first use. */
  sourceFile(file: string): ts.SourceFile | undefined {
    return this.withFile(file).sourceFile;
  }

  withFile(file: string): CheckedFile {
    let program = this.current();
    let sourceFile = program.getSourceFile(file);
    if (!sourceFile) {
      this.roots.push(file);
      program = this.rebuild();
      sourceFile = program.getSourceFile(file);
      if (!sourceFile) throw new Error(`TypeScript did not load ${file}`);
    }
    return { sourceFile, checker: program.getTypeChecker() };
  }

  private current(): ts.Program {
    return this.program ?? this.rebuild();
  }

  private rebuild(): ts.Program {
    this.program = ts.createProgram({
      // A copy: the old program keeps its array, and compares it with this one to decide what it can reuse.
      rootNames: [...this.roots],
      options: this.options,
      host: this.host,
      ...(this.program ? { oldProgram: this.program } : {}),
    });
    return this.program;
  }
}

/**
 * A compiler host that parses each file and resolves each import once: a program whose roots
 * changed reuses nothing of the previous one (TypeScript would parse, resolve and probe the disk
 * again for every file asked about), and the files do not change while a scan runs.
 */
function cachingHost(options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options, true);
  // Every file the program reads (sources, `files` entries, declaration files) through the guarded
  // reader: a FIFO or a device is no file of the program.
  const disk = guardedDisk(() => {});
  host.readFile = disk.readFile;
  // As the default host parses, but through the `ts.createSourceFile` export: a test counts the
  // parses of a `--types` scan there (each scanned file once: the scan reads the program's parse).
  const parse: ts.CompilerHost['getSourceFile'] = (fileName, languageVersionOrOptions, onError) => {
    let text: string | undefined;
    try {
      text = host.readFile(fileName);
    } catch (error) {
      onError?.(error instanceof Error ? error.message : String(error));
      text = '';
    }
    return text === undefined ? undefined : ts.createSourceFile(fileName, text, languageVersionOrOptions, true);
  };
  host.getSourceFile = memoize(parse, (fileName) => fileName);
  host.fileExists = memoize(disk.fileExists, (fileName) => fileName);
  host.directoryExists = memoize(disk.directoryExists, (dir) => dir);
  const modules = ts.createModuleResolutionCache(host.getCurrentDirectory(), host.getCanonicalFileName, options);
  host.resolveModuleNameLiterals = (
    literals,
    containingFile,
    redirectedReference,
    compilerOptions,
    containingSourceFile,
  ) =>
    literals.map((literal) =>
      ts.resolveModuleName(
        literal.text,
        containingFile,
        compilerOptions,
        host,
        modules,
        redirectedReference,
        ts.getModeForUsageLocation(containingSourceFile, literal, compilerOptions),
      ),
    );
  return host;
}

/**
 * What TypeScript may ask of the disk, for a tsconfig and for a program: files read through the
 * guarded reader (regular files only, opened without blocking, within the input limit; `refused`
 * hears of any other than a missing one), and stats taken as the scanner takes them (file-stats.ts).
 */
function guardedDisk(refused: (file: string, message: string) => void) {
  return {
    readFile(file: string): string | undefined {
      const read = readInputFile(file);
      if (read.ok) return read.text;
      if (read.errno !== 'ENOENT') refused(file, read.message);
      return undefined;
    },
    fileExists: (file: string): boolean => statPath(file)?.isFile() ?? false,
    directoryExists: (dir: string): boolean => statPath(dir)?.isDirectory() ?? false,
  };
}

/** `fn` answering each key once (the first call's other arguments decide the answer). */
function memoize<Args extends unknown[], Result>(
  fn: (...args: Args) => Result,
  keyOf: (...args: Args) => string,
): (...args: Args) => Result {
  const answers = new Map<string, { value: Result }>();
  return (...args) => {
    const key = keyOf(...args);
    let answer = answers.get(key);
    if (!answer) {
      answer = { value: fn(...args) };
      answers.set(key, answer);
    }
    return answer.value;
  };
}

function messageOf(diagnostic: ts.Diagnostic): string {
  return ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
}

/** The errors of a tsconfig that leave no configuration to check with: syntax, an `extends` not found or not read. */
function isBrokenConfig(diagnostic: ts.Diagnostic): boolean {
  if (diagnostic.category !== ts.DiagnosticCategory.Error) return false;
  // 1xxx: the JSON does not parse; 6053 "File not found"; 5083 "Cannot read file"; 18001 extends a non-JSON.
  return diagnostic.code < 2000 || diagnostic.code === 6053 || diagnostic.code === 5083 || diagnostic.code === 18001;
}
