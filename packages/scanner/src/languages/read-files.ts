import { dirname, join, normalize, relative, resolve, sep } from 'node:path';
import type { RawComment } from '@sunset-lint/core';
import type { FileFacts, Vocabulary } from '@sunset-lint/core/internal';
import type { Node, Parser } from 'web-tree-sitter';
import { readSource, startsWithShebang } from '../scan/files/read-source.js';
import { FactsBuilder } from './facts-builder.js';
import { loadGrammar, type GrammarName } from './grammars.js';
import { kindOfShebang, type FileKind, type ScriptLanguage } from './kinds.js';
import { shellOf } from './hosts/shell-hosts.js';
import { MaskedText } from './hosts/mask.js';
import { readShell, type ShellModule } from './shell/read.js';
import { readPython, type PythonModule } from './python/read.js';
import { notebookPython } from './python/notebook.js';
import { readGo, type GoModule } from './go/read.js';
import { docsBlocks, type DocsBlocks } from './docs/blocks.js';
import { readReferenceLines } from './docs/reference-lines.js';
import { readPlainText, readPlainTextFile } from './text/read.js';
import { isOwnJsonDocument, jsonDataText } from './text/json-data.js';
import { snakeCase } from './values.js';
import { GO_SDK_METHODS } from './go/cloudflare-go.js';
import { isGeneratedReport } from '../reports/generated-mark.js';
import { escapeRegExp } from '@sunset-lint/core/internal';

const GO_SDK_METHOD_CALL = /\.([A-Z]\w+)\(/g;

/**
 * A Go file's text as the prefilter reads it: also in the API's spelling (`NotificationEmail` is
 * `notification_email`), and with the paths of the SDK methods it calls (`ListWAFPackages` requests
 * `/zones/{}/firewall/waf/packages`).
 */
function goMatchable(text: string): string {
  const paths = [...text.matchAll(GO_SDK_METHOD_CALL)].flatMap((found) => GO_SDK_METHODS.get(found[1]!)?.path ?? []);
  return `${text}\n${text.replace(/[A-Z][A-Za-z0-9]+/g, (word) => snakeCase(word))}\n${paths.join('\n')}`;
}

/**
 * The files of the languages other than JavaScript/TypeScript and Terraform, read into core's
 * facts: each file's text, its kind (by name, or its shebang), the grammar of its language (loaded
 * on the first file that needs it), and the reader that walks the tree. Cross-file values stay in
 * the language's own terms: a shell script's `source`d files, a Python module's imports of the
 * project, a Go package's other files.
 */
export interface ScriptFile {
  /** Absolute path. */
  file: string;
  /** The path findings name (relative to the scan's directory). */
  key: string;
  language: ScriptLanguage;
  text: string;
  facts: FileFacts;
  /** Comments, for `sunset-lint-ignore` (`#`, `//`, `<!-- -->`). */
  comments: RawComment[];
}

export interface ScriptFileProblem {
  file: string;
  code: 'read-error' | 'file-too-large' | 'too-deeply-nested';
  message: string;
}

export interface ReadScriptsInput {
  files: ReadonlyArray<{ file: string; kind: FileKind | 'shebang' }>;
  vocabulary: Vocabulary;
  apiHosts: readonly string[];
  relativePath: (file: string) => string;
  /** Whether a file's text may hold anything the catalogue names (core's prefilter). */
  mayMatch: (text: string) => boolean;
  maxFileSize?: number;
  /** Only these languages are read. */
  languages?: ReadonlySet<string>;
  /** The JavaScript pipeline's facts of a text (a documentation's JavaScript and TypeScript blocks). */
  javascriptFacts?: (text: string, key: string) => Promise<FileFacts | undefined>;
}

interface Parsed {
  file: string;
  key: string;
  kind: FileKind;
  text: string;
  /** The text the grammar parsed (the file's own, or its shell/code blocks in place). */
  trees: Partial<Record<GrammarName, { root: Node; text: string }>>;
  predefined?: ShellModule['predefined'];
  docs?: DocsBlocks;
  /** A report the tool wrote (reports/generated-mark.ts): nothing in it is read. */
  generated?: boolean;
  /** A YAML host's text is read as text too, but for these stretches (its scripts, read as shell). */
  textSkip?: Array<[number, number]>;
}

const YAML_HOSTS: ReadonlySet<string> = new Set(['github-actions', 'gitlab-ci']);

/** The lines of a masked text that show anything: the stretches its grammar read. */
function shownLines(masked: string): Array<[number, number]> {
  const shown: Array<[number, number]> = [];
  let start = 0;
  for (const line of masked.split('\n')) {
    if (line.trim()) shown.push([start, start + line.length]);
    start += line.length + 1;
  }
  return shown;
}

/** A YAML or JSON OpenAPI / Swagger document (its top-level version key). */
const OPENAPI_DOCUMENT = /^\s*\{?\s*["']?(openapi|swagger)["']?\s*:/m;

/** Files of formats no grammar reads (and AsciiDoc, Org): their shell and their text (`text/read.ts`). */
function readAsText(
  kind: FileKind,
): kind is Extract<FileKind, { language: 'text' }> | Extract<FileKind, { format: 'text' }> {
  return kind.language === 'text' || (kind.language === 'docs' && kind.format === 'text');
}

/** What a file's reader reads: a notebook's Python, a JSON file's data without its prose. */
function contentOf(file: string, source: string): string {
  if (/\.ipynb$/i.test(file)) return notebookPython(source);
  if (/\.(json|har)$/i.test(file)) return jsonDataText(source);
  return source;
}

const GRAMMAR_OF: Record<'shell' | 'python' | 'go', GrammarName> = { shell: 'bash', python: 'python', go: 'go' };

export async function readScriptFiles(
  input: ReadScriptsInput,
): Promise<{ files: ScriptFile[]; problems: ScriptFileProblem[]; read: string[] }> {
  const problems: ScriptFileProblem[] = [];
  const texts = new Map<string, { kind: FileKind; text: string }>();
  for (const { file, kind } of input.files) {
    // An extensionless file is read only when it is a script (a binary or a `LICENSE` is no problem to report).
    if (kind === 'shebang' && !startsWithShebang(file)) continue;
    const read = readSource(file, input.maxFileSize);
    if (!read.ok) {
      problems.push({
        file,
        code: read.code === 'file-too-large' ? 'file-too-large' : 'read-error',
        message: read.message,
      });
      continue;
    }
    const known = kind === 'shebang' ? kindOfShebang(read.source.slice(0, read.source.indexOf('\n') >>> 0)) : kind;
    if (!known || (input.languages && !input.languages.has(known.language))) continue;
    // This tool's own JSON (its configuration, a baseline or report it wrote) is no file of the project's.
    if (/\.json$/i.test(file) && isOwnJsonDocument(file, read.source)) continue;
    texts.set(file, { kind: known, text: contentOf(file, read.source) });
  }
  const parsers = new Map<GrammarName, Parser>();
  const parser = async (name: GrammarName) => {
    let found = parsers.get(name);
    if (!found) parsers.set(name, (found = await loadGrammar(name)));
    return found;
  };
  const parsed = new Map<string, Parsed>();
  const parse = async (file: string): Promise<Parsed | undefined> => {
    const known = parsed.get(file);
    if (known) return known;
    const entry = texts.get(file);
    if (!entry) return undefined;
    const result: Parsed = { file, key: input.relativePath(file), kind: entry.kind, text: entry.text, trees: {} };
    const language = entry.kind.language;
    if (language === 'shell') {
      const shell = shellOf(entry.text, entry.kind.language === 'shell' ? entry.kind.host : 'script');
      result.trees.bash = { root: (await parser('bash')).parse(shell.text)!.rootNode, text: shell.text };
      result.predefined = shell.predefined;
      // A CI file's other keys (an HTTP step's `url:`, a job's `env:`) are YAML, read as text around its scripts.
      if (entry.kind.language === 'shell' && YAML_HOSTS.has(entry.kind.host)) result.textSkip = shownLines(shell.text);
    } else if (language === 'python' || language === 'go') {
      result.trees[GRAMMAR_OF[language]] = {
        root: (await parser(GRAMMAR_OF[language])).parse(entry.text)!.rootNode,
        text: entry.text,
      };
    } else if (readAsText(entry.kind)) {
      // What grep would find in a format no grammar reads: its request commands as shell, the rest as text.
      // An API description lists the API's paths: it uses none (`schedule import` reads those).
      const described = OPENAPI_DOCUMENT.test(entry.text) || isGeneratedReport(entry.text);
      const plain = described ? { skip: [] } : readPlainTextFile(entry.text, input.apiHosts, file);
      result.docs = { byGrammar: {}, parsed: plain.skip, json: [], javascript: [] };
      if (plain.shell) {
        result.trees.bash = {
          root: (await parser('bash')).parse(plain.shell.masked)!.rootNode,
          text: plain.shell.masked,
        };
        result.predefined = plain.shell.predefined;
      }
      if (described) result.generated = true;
    } else if (isGeneratedReport(entry.text)) {
      // A report this tool wrote quotes the code it found: it is no documentation to read.
      result.docs = { byGrammar: {}, parsed: [], json: [], javascript: [] };
      result.generated = true;
    } else {
      const blocks = docsBlocks(entry.text, entry.kind.language === 'docs' ? entry.kind.format : 'markdown');
      result.docs = blocks;
      for (const [grammar, text] of Object.entries(blocks.byGrammar) as Array<[GrammarName, string]>)
        result.trees[grammar] = { root: (await parser(grammar)).parse(text)!.rootNode, text };
    }
    parsed.set(file, result);
    return result;
  };
  const files: ScriptFile[] = [];
  // Shell files a script sources are parsed when it names them, whether or not they pass the prefilter.
  const shellFiles = [...texts.keys()].filter((file) => texts.get(file)!.kind.language === 'shell');
  for (const [file, { kind, text }] of texts) {
    const sources =
      (kind.language === 'shell' || kind.language === 'docs') && /(^|[\s;&|$])(source|\.)\s+\S/m.test(text);
    const imports = kind.language === 'python' && /^\s*(from|import)\s+\S/m.test(text);
    // Go writes the API's fields and the SDK's resources in CamelCase (`NotificationEmail`, `FirewallRules`).
    // (And the Go SDK's methods name their paths only in the SDK: `ListWAFPackages`.)
    const matchable = kind.language === 'go' ? goMatchable(text) : text;
    // A file that names sunset-lint is read even so: its suppression comments may silence nothing.
    const names = text.includes('sunset-lint');
    if (!names && !input.mayMatch(matchable) && !((sources || imports) && mentionsPathWord(text, input.vocabulary)))
      continue;
    try {
      const found = await readOne(file, kind, text);
      if (found) files.push(found);
    } catch (error) {
      // Generated code nested beyond the stack: named, and the scan goes on (as for JavaScript).
      if (!(error instanceof RangeError)) throw error;
      problems.push({
        file,
        code: 'too-deeply-nested',
        message: 'nested too deeply to analyze (generated code?); not scanned',
      });
    }
  }
  return { files, problems, read: [...texts.keys()] };

  async function readOne(file: string, kind: FileKind, text: string): Promise<ScriptFile | undefined> {
    const sources =
      (kind.language === 'shell' || kind.language === 'docs') && /(^|[\s;&|$])(source|\.)\s+\S/m.test(text);
    const read = await parse(file);
    if (!read) return undefined;
    const builder = new FactsBuilder(input.vocabulary, input.apiHosts, read.key);
    const comments: RawComment[] = [];
    if (read.trees.bash) {
      const sourcedModules = new Map<string, ShellModule>();
      const module: ShellModule = {
        key: read.key,
        root: read.trees.bash.root,
        text: read.trees.bash.text,
        ...(read.predefined ? { predefined: read.predefined } : {}),
      };
      const sourced = (written: string, from: ShellModule): ShellModule | undefined => {
        const fromFile =
          from === module ? file : ([...sourcedModules.entries()].find(([, m]) => m === from)?.[0] ?? file);
        const target = findSourced(written, fromFile, shellFiles);
        if (!target) return undefined;
        const existing = sourcedModules.get(target);
        if (existing) return existing;
        const other = parsed.get(target);
        if (!other?.trees.bash) return undefined;
        const found: ShellModule = {
          key: other.key,
          root: other.trees.bash.root,
          text: other.trees.bash.text,
          ...(other.predefined ? { predefined: other.predefined } : {}),
        };
        sourcedModules.set(target, found);
        return found;
      };
      // Files it may source: parsed first, so that `sourced` finds their trees.
      for (const candidate of shellFiles)
        if (candidate !== file && sources && sourcedName(text, candidate)) await parse(candidate);
      // A runbook uses the helpers of the scripts it names (`cf_zone_setting` from `bin/cfapi.sh`).
      const implied: ShellModule[] = [];
      if (kind.language === 'docs')
        for (const candidate of shellFiles) {
          // Named by its path (`bin/cfapi.sh`), or included by its file name (MkDocs' `--8<-- "cf-env.sh"`).
          const named = relative(dirname(file), candidate).split(sep).slice(-2).join('/');
          const base = candidate.slice(candidate.lastIndexOf(sep) + 1);
          const included = new RegExp(`(--8<--|include|source|\\.)\\s*["']?[\\w./-]*${escapeRegExp(base)}`).test(text);
          if (!text.includes(named) && !included) continue;
          const other = await parse(candidate);
          if (other?.trees.bash)
            implied.push({ key: other.key, root: other.trees.bash.root, text: other.trees.bash.text });
        }
      readShell({ module, builder, sourced, implied });
      comments.push(...hashComments(read.trees.bash.root));
    }
    if (read.trees.python) {
      const modules = await pythonModules(read, texts, parse);
      readPython({
        module: { key: read.key, root: read.trees.python.root, text: read.trees.python.text },
        builder,
        imported: modules,
      });
      comments.push(...hashComments(read.trees.python.root));
    }
    if (read.trees.go) {
      const packageFiles: GoModule[] = [];
      const importedFiles: GoModule[] = [];
      const goFiles = [...texts].filter(([, entry]) => entry.kind.language === 'go').map(([other]) => other);
      // The project's packages it imports: folders whose path ends as the import path does.
      const importedDirs = new Set<string>();
      // The package's imports: any file of the package may hold the client the others use.
      const packageText = goFiles
        .filter((other) => dirname(other) === dirname(file))
        .map((other) => texts.get(other)!.text)
        .join('\n');
      if (kind.language === 'go')
        for (const found of packageText.matchAll(/"([\w.-]+(?:\/[\w.-]+)+)"/g)) {
          const parts = found[1]!.split('/');
          for (let k = Math.min(parts.length, 4); k >= 2; k--) {
            const tail = sep + parts.slice(-k).join(sep);
            const dirs = new Set(goFiles.map(dirname).filter((dir) => dir.endsWith(tail)));
            if (dirs.size === 1) {
              importedDirs.add([...dirs][0]!);
              break;
            }
          }
        }
      for (const other of goFiles) {
        const same = dirname(other) === dirname(file) && kind.language === 'go';
        if (other === file || !(same || importedDirs.has(dirname(other)))) continue;
        const sibling = await parse(other);
        if (!sibling?.trees.go) continue;
        const module = { key: sibling.key, root: sibling.trees.go.root, text: sibling.trees.go.text };
        (same ? packageFiles : importedFiles).push(module);
      }
      readGo({
        module: { key: read.key, root: read.trees.go.root, text: read.trees.go.text },
        builder,
        packageFiles,
        importedFiles,
        moduleUsesSdk: kind.language === 'go' && goModuleUsesSdk(file),
      });
      comments.push(...goComments(read.trees.go.root));
    }
    const facts = builder.facts();
    const objects =
      readAsText(kind) && read.docs && !read.generated
        ? readPlainText(text, builder, read.docs.parsed)
        : read.textSkip
          ? readPlainText(text, builder, read.textSkip)
          : [];
    // A page's blocks of languages no grammar reads (```rust, ```php): read as a text file of that language is.
    if (read.docs?.text?.length && !read.generated) {
      const shown = new MaskedText(text);
      for (const [start, end] of read.docs.text) shown.show(start, end);
      readPlainText(shown.toString(), builder, []);
    }
    if ((kind.language === 'docs' || kind.language === 'text') && read.docs && !read.generated) {
      readReferenceLines(text, builder, read.docs.parsed, read.docs.json, read.key, objects);
      comments.push(...htmlComments(text));
      for (const block of read.docs.javascript) {
        const more = await input.javascriptFacts?.(block, read.key);
        if (!more) continue;
        facts.requests.push(...more.requests);
        facts.sdkCalls.push(...more.sdkCalls);
        for (const key of Object.keys(facts.inFile) as Array<keyof typeof facts.inFile>)
          (facts.inFile[key] as unknown[]).push(...(more.inFile[key] as unknown[]));
      }
    }
    return { file, key: read.key, language: kind.language, text, facts, comments };
  }
}

/** Any segment word of the catalogue's paths: a file that imports or sources may get the rest from there. */
function mentionsPathWord(text: string, vocabulary: Vocabulary): boolean {
  return vocabulary.pathSegments.some((segment) => segment.length > 3 && text.includes(segment));
}

/** The script names the candidate's file name after `source` or `.`. */
function sourcedName(text: string, candidate: string): boolean {
  const name = candidate.slice(candidate.lastIndexOf(sep) + 1);
  return text.includes(name);
}

/**
 * The file a `source` or `.` names: relative to the sourcing script's folder, else (a path built
 * from `$(dirname "$0")` or `$SCRIPT_DIR` the reader cannot evaluate) the scanned shell file whose
 * path ends as written, nearest first.
 */
function findSourced(written: string, from: string, shellFiles: readonly string[]): string | undefined {
  const cleaned = written.replace(/^\.\//, '');
  if (!cleaned || cleaned.includes('\u0000')) return undefined;
  const direct = normalize(join(dirname(from), cleaned.replace(/^\//, '')));
  if (shellFiles.includes(direct)) return direct;
  const tail = cleaned.replace(/^\/+/, '').split('/').join(sep);
  const matching = shellFiles.filter((file) => file.endsWith(sep + tail) && file !== from);
  matching.sort((a, b) => relative(dirname(from), a).length - relative(dirname(from), b).length);
  return matching[0] ?? (shellFiles.includes(resolve(cleaned)) ? resolve(cleaned) : undefined);
}

/** The project's modules a Python file imports (`from .endpoints import X`, `from pkg.api import Client`). */
async function pythonModules(
  read: Parsed,
  texts: ReadonlyMap<string, { kind: FileKind; text: string }>,
  parse: (file: string) => Promise<Parsed | undefined>,
): Promise<Map<string, PythonModule>> {
  const modules = new Map<string, PythonModule>();
  await importsOf(read, texts, parse, modules, 0);
  return modules;
}

async function importsOf(
  read: Parsed,
  texts: ReadonlyMap<string, { kind: FileKind; text: string }>,
  parse: (file: string) => Promise<Parsed | undefined>,
  modules: Map<string, PythonModule>,
  depth: number,
): Promise<void> {
  const imports: Array<{ dots: string; name: string }> = [];
  for (const found of read.text.matchAll(/^\s*from\s+(\.*)([\w.]*)\s+import\b([^\n#]*)|^\s*import\s+([\w.]+)/gm)) {
    const dots = found[1] ?? '';
    const name = found[2] ?? found[4] ?? '';
    imports.push({ dots, name });
    // `from . import zone as zone_api`: a name imported from a package may be a module of it.
    for (const imported of (found[3] ?? '').replace(/[()\\]/g, ' ').split(','))
      if (dots || name) {
        const module = /^\s*(\w+)/.exec(imported)?.[1];
        if (module) imports.push({ dots, name: name ? `${name}.${module}` : module });
      }
  }
  for (const { dots, name } of imports) {
    const candidates = pythonModuleFiles(read.file, dots, name);
    // A package installed under another name (`ansible_collections.acme.edge.plugins.module_utils.x`):
    // the scanned module whose path ends with the most of the import's names.
    if (!dots && name.includes('.'))
      candidates.push(
        ...pythonModuleBySuffix(
          name,
          [...texts.keys()].filter((file) => texts.get(file)!.kind.language === 'python'),
        ),
      );
    for (const candidate of candidates) {
      if (!texts.has(candidate)) continue;
      const other = await parse(candidate);
      if (other?.trees.python && !modules.has(`${dots}${name}`)) {
        modules.set(`${dots}${name}`, { key: other.key, root: other.trees.python.root, text: other.trees.python.text });
        // A package's `__init__.py` re-exports its modules' functions: those modules too.
        if (depth < 1) await importsOf(other, texts, parse, modules, depth + 1);
      }
      break;
    }
  }
}

function pythonModuleFiles(from: string, dots: string, name: string): string[] {
  const parts = name ? name.split('.') : [];
  const bases: string[] = [];
  if (dots) {
    let base = dirname(from);
    for (let i = 1; i < dots.length; i++) base = dirname(base);
    bases.push(base);
  } else {
    // An absolute import of the project: from the file's folder up to the filesystem root.
    let base = dirname(from);
    for (let i = 0; i < 8; i++) {
      bases.push(base);
      const up = dirname(base);
      if (up === base) break;
      base = up;
    }
  }
  return bases.flatMap((base) =>
    parts.length ? [join(base, ...parts) + '.py', join(base, ...parts, '__init__.py')] : [join(base, '__init__.py')],
  );
}

const goModules = new Map<string, boolean>();

/** The nearest `go.mod` above the file requires the provider's Go SDK. */
function goModuleUsesSdk(file: string): boolean {
  let dir = dirname(file);
  for (let i = 0; i < 12; i++) {
    const known = goModules.get(dir);
    if (known !== undefined) return known;
    const read = readSource(join(dir, 'go.mod'), 1024 * 1024);
    if (read.ok) {
      const uses = read.source.includes('cloudflare/cloudflare-go');
      goModules.set(dir, uses);
      return uses;
    }
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return false;
}

function pythonModuleBySuffix(name: string, files: readonly string[]): string[] {
  const parts = name.split('.');
  for (let k = parts.length; k >= 2; k--) {
    const tail = sep + parts.slice(-k).join(sep);
    const found = files.filter((file) => file.endsWith(`${tail}.py`) || file.endsWith(`${tail}${sep}__init__.py`));
    if (found.length === 1) return found;
  }
  return [];
}

function hashComments(root: Node): RawComment[] {
  const comments: RawComment[] = [];
  const visit = (node: Node): void => {
    if (node.type === 'comment') {
      const text = node.text.replace(/\r?\n$/, '');
      comments.push({
        kind: 'line',
        value: text.replace(/^#/, ''),
        start: node.startIndex,
        end: node.startIndex + text.length,
      });
    }
    for (const child of node.namedChildren) if (child) visit(child);
  };
  visit(root);
  return comments;
}

function goComments(root: Node): RawComment[] {
  const comments: RawComment[] = [];
  const visit = (node: Node): void => {
    if (node.type === 'comment') {
      const text = node.text;
      if (text.startsWith('/*'))
        comments.push({ kind: 'block', value: text.slice(2, -2), start: node.startIndex, end: node.endIndex });
      else comments.push({ kind: 'line', value: text.slice(2), start: node.startIndex, end: node.endIndex });
    }
    for (const child of node.namedChildren) if (child) visit(child);
  };
  visit(root);
  return comments;
}

/**
 * `<!-- … -->` in documentation, and `#` lines of its shell blocks are read with them. Found by
 * `indexOf`, in one pass: an expression tried from every `<!--` of a page that never closes one
 * read the rest of the page again from each (14 s for 20,000 of them in 2 MB).
 */
function htmlComments(text: string): RawComment[] {
  const comments: RawComment[] = [];
  for (let start = text.indexOf('<!--'); start >= 0; start = text.indexOf('<!--', start)) {
    const close = text.indexOf('-->', start + 4);
    if (close < 0) break;
    comments.push({ kind: 'block', value: text.slice(start + 4, close), start, end: close + 3 });
    start = close + 3;
  }
  return comments;
}
