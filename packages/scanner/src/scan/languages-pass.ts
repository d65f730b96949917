import type { Finding, ResolvedSettings } from '@sunset-lint/core';
import {
  buildFindings,
  extractFileFacts,
  type FileFacts,
  matchesByFile,
  matchFacts,
  mergeMatchesAtSamePlace,
  prefilterFor,
  type RawMatch,
  vocabularyOf,
  withFloorReadings,
} from '@sunset-lint/core/internal';
import type { RawComment } from '@sunset-lint/core';
import type { Diagnostic } from '../reports/types.js';
import { kindOfPath, type Language } from '../languages/kinds.js';
import { isOwnJsonDocument, jsonDataText } from '../languages/text/json-data.js';
import { readSource } from './files/read-source.js';
import type { ParseSource } from './reader/parse-outcome.js';
import { loadParser, type ParserChoice } from './reader/parsers.js';

export interface ScriptSource {
  text: string;
  comments: RawComment[];
}

export interface LanguagesPass {
  findings: Finding[];
  diagnostics: Diagnostic[];
  /** Files read by these readers, by absolute path: their text and comments, for the suppression step. */
  sources: Map<string, ScriptSource>;
  /** Files whose text names sunset-lint (their comments may be unused suppressions), by absolute path. */
  namingFiles: string[];
  filesScanned: number;
}

/**
 * Shell, Python, Go and documentation files: each read by its language's reader into core's facts
 * (languages/), matched, graded and placed by core exactly as a JavaScript file's facts are. The
 * readers and their grammars are imported here, on the first such file: a JavaScript-only scan
 * never loads them.
 */
/**
 * A JavaScript repository's JSON files (its `package.json`, `tsconfig.json`, locale files) when they
 * are all it has besides its code, and none may name anything the catalogue names: the files read,
 * so that the readers and their grammars are never loaded for them. Undefined when any other file
 * is to be read, or any JSON file may match, names this tool, or cannot be read (the readers report it).
 */
function jsonDataNamingNothing(
  files: readonly string[],
  maxFileSize: number | undefined,
  mayMatch: (text: string) => boolean,
): string[] | undefined {
  if (!files.every((file) => /\.(json|har)$/i.test(file))) return undefined;
  const read: string[] = [];
  for (const file of files) {
    const outcome = readSource(file, maxFileSize);
    if (!outcome.ok) return undefined;
    // This tool's own configuration, baseline or report is not read (read-files.ts).
    if (isOwnJsonDocument(file, outcome.source)) continue;
    if (outcome.source.includes('sunset-lint') || mayMatch(jsonDataText(outcome.source))) return undefined;
    read.push(file);
  }
  return read;
}

export async function readScriptsForScan(
  files: readonly string[],
  settings: ResolvedSettings,
  relativePath: (file: string) => string,
  options: {
    /** The path a finding's fingerprint hashes (from the repository root), given its relative path. */
    fingerprintPath: (relative: string) => string;
    maxFileSize?: number | undefined;
    languages?: ReadonlySet<Language> | undefined;
    /** The JavaScript parser, for code blocks of documentation (`--parser`). */
    parser?: ParserChoice;
    /** `--shard`: the files this scan reports on (by absolute path); every file is still read, as a whole scan places findings. */
    reportsOn?: (file: string) => boolean;
  },
): Promise<LanguagesPass> {
  const empty: LanguagesPass = { findings: [], diagnostics: [], sources: new Map(), filesScanned: 0, namingFiles: [] };
  const wanted = files.filter((file) => {
    const kind = kindOfPath(file);
    return kind !== undefined && (kind === 'shebang' || !options.languages || options.languages.has(kind.language));
  });
  if (wanted.length === 0) return empty;
  const prefilter = prefilterFor(settings.catalogue, settings.minConfidence);
  const onlyData = jsonDataNamingNothing(wanted, options.maxFileSize, (text) => prefilter.mayMatch(text));
  if (onlyData) {
    const own = options.reportsOn;
    return { ...empty, filesScanned: own ? onlyData.filter((file) => own(file)).length : onlyData.length };
  }
  const { readScriptFiles } = await import('../languages/read-files.js');
  let parseSource: ParseSource | undefined;
  const reading = await readScriptFiles({
    files: wanted.map((file) => ({ file, kind: kindOfPath(file)! })),
    vocabulary: vocabularyOf(settings.catalogue),
    apiHosts: settings.apiHosts,
    relativePath,
    mayMatch: (text) => prefilter.mayMatch(text),
    ...(options.maxFileSize !== undefined ? { maxFileSize: options.maxFileSize } : {}),
    ...(options.languages ? { languages: options.languages } : {}),
    javascriptFacts: async (text, key): Promise<FileFacts | undefined> => {
      parseSource ??= await loadParser(options.parser);
      // A documentation's block: TypeScript's grammar reads both languages' snippets.
      const parsed = parseSource(`${key}.tsx`, text);
      return parsed.ok ? extractFileFacts(parsed.program, text, settings) : undefined;
    },
  });
  const own = options.reportsOn;
  const diagnostics: Diagnostic[] = reading.problems
    .filter(({ file }) => !own || own(file))
    .map(({ file, code, message }) => ({
      code,
      severity: 'error',
      message,
      file: relativePath(file),
    }));
  const context = { entries: settings.catalogue.entries, apiHosts: settings.apiHosts };
  const byKey = new Map(reading.files.map((file) => [file.key, file]));
  const matches = new Map<string, RawMatch[]>();
  for (const file of reading.files) {
    const found = matchFacts(file.facts, context);
    for (const [key, list] of matchesByFile(found, file.key, (key) => byKey.has(key)))
      matches.set(key, [...(matches.get(key) ?? []), ...list]);
  }
  const findings: Finding[] = [];
  const sources = new Map<string, ScriptSource>();
  for (const [key, list] of matches) {
    const file = byKey.get(key);
    if (!file || list.length === 0 || (options.reportsOn && !options.reportsOn(file.file))) continue;
    // A text the floor found is a finding only where no other reading of its entry lies in its expression.
    // One usage, one finding: the readings of one place from every file (a helper called from two
    // files, a wrapper run with known arguments) merged, the most confident standing.
    const readings = mergeMatchesAtSamePlace(list.filter((match) => !match.floor));
    const floor = mergeMatchesAtSamePlace(list.filter((match) => match.floor));
    const placed = withFloorReadings(readings, floor, (match) => match.floor?.root);
    const built = buildFindings(
      placed,
      key,
      file.text,
      settings,
      undefined,
      undefined,
      options.fingerprintPath(key),
    ).map((finding) => ({
      ...finding,
      language: file.language,
      // Removals need the host language's punctuation (commas of a JSON body in a shell string):
      // only replacements of text are offered outside JavaScript.
      fixes: finding.fixes.filter((fix) => fix.edits.every((edit) => edit.text !== '')),
    }));
    findings.push(...built);
    sources.set(file.file, { text: file.text, comments: file.comments });
  }
  for (const file of reading.files)
    if (!sources.has(file.file)) sources.set(file.file, { text: file.text, comments: file.comments });
  return {
    findings,
    namingFiles: reading.files
      .filter((file) => (!own || own(file.file)) && file.text.includes('sunset-lint'))
      .map((file) => file.file),
    diagnostics,
    sources,
    filesScanned: own ? reading.read.filter((file) => own(file)).length : reading.read.length,
  };
}
