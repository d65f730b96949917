import { dirname } from 'node:path';
import ts = require('typescript');
import { readInputFile } from '../scan/files/read-source.js';

/**
 * A tsconfig (or what it extends) the guarded reader refused: a FIFO, a device, a file over the
 * limit. Not a broken configuration to scan past: the scan stops and says so.
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

  /** The files and options of a tsconfig.json, as `tsc -p` reads them (`extends`, `include`, `files`). */
  static fromTsconfig(path: string): TypedProgram {
    // The tsconfig and what it `extends` are the repository's files: read through the guarded
    // reader (a FIFO or a link to /dev/zero named tsconfig.json must not hang or fill memory).
    const refused: string[] = [];
    const readFile = (file: string): string | undefined => {
      const read = readInputFile(file);
      if (read.ok) return read.text;
      if (read.errno !== 'ENOENT') refused.push(`${file}: ${read.message}`);
      return undefined;
    };
    const read = ts.readConfigFile(path, readFile);
    if (refused.length) throw new RefusedConfigError(`--types: ${refused[0]}`);
    if (read.error) throw new Error(`--types: ${path}: ${messageOf(read.error)}`);
    const host: ts.ParseConfigHost = {
      ...ts.sys,
      readFile,
      useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
    };
    const parsed = ts.parseJsonConfigFileContent(read.config, host, dirname(path), undefined, path);
    if (refused.length) throw new RefusedConfigError(`--types: ${refused[0]}`);
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
  host.readFile = (fileName) => {
    const read = readInputFile(fileName);
    return read.ok ? read.text : undefined;
  };
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
  host.fileExists = memoize(host.fileExists.bind(host), (fileName) => fileName);
  if (host.directoryExists) host.directoryExists = memoize(host.directoryExists.bind(host), (dir) => dir);
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
