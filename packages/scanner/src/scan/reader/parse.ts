import ts = require('typescript');
import { type Grammar, isStackOverflow, TOO_DEEP, type ParseOutcome } from './parse-outcome.js';
import { readerInput } from './reader-input.js';
import { toEstree, UnsupportedSyntaxError } from './ts-to-estree.js';

/**
 * TypeScript's own parser (`createSourceFile`: syntax only, no binder, no checker) and a thin
 * conversion to the ESTree subset core's extractor reads. Measured against oxc-parser, which
 * returns ESTree directly but on Node 20 has to ship its tree to JavaScript as JSON, and against
 * typescript-estree (what ESLint uses): see docs/scanner.md, "Parser choice". The tree is dropped
 * as soon as the file's facts are extracted.
 */
export function parseSource(file: string, source: string): ParseOutcome {
  let sourceFile: ts.SourceFile;
  try {
    // JSDoc is not parsed: detection never reads it, and in JavaScript files it is most of the comments.
    // What the parser reads of the file (reader-input.ts: a CommonJS file's `<!--` comments, a component's scripts).
    const input = readerInput(file, source);
    sourceFile = ts.createSourceFile(
      file,
      input.text,
      { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
      false,
      scriptKindOf(input.grammar),
    );
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  return convertSourceFile(sourceFile);
}

/**
 * A parsed file as the program core's extractor reads, or its first syntax error. Also for a
 * file the type checker's program parsed (`--types`), so that the file is parsed once.
 */
export function convertSourceFile(sourceFile: ts.SourceFile): ParseOutcome {
  // Syntax errors only (the parser's own list; nothing is type-checked).
  const diagnostics =
    (sourceFile as unknown as { parseDiagnostics?: readonly ts.DiagnosticWithLocation[] }).parseDiagnostics ?? [];
  const error = diagnostics.find((d) => d.category === ts.DiagnosticCategory.Error && !STRICT_MODE_ONLY.has(d.code));
  if (error)
    return { ok: false, message: ts.flattenDiagnosticMessageText(error.messageText, ' '), offset: error.start };
  try {
    return { ok: true, program: toEstree(sourceFile) };
  } catch (error) {
    if (isStackOverflow(error)) return { ok: false, message: TOO_DEEP, tooDeep: true };
    // Syntax TypeScript's checker would reject: reported where it is, like a syntax error.
    if (error instanceof UnsupportedSyntaxError) return { ok: false, message: error.message, offset: error.offset };
    throw error;
  }
}

/**
 * Legacy octal literals and escapes (`010`, `'\\08'`): valid in sloppy-mode scripts, and the tree is
 * complete; TypeScript's parser flags them anyway. Old CommonJS code still has them.
 */
const STRICT_MODE_ONLY = new Set([1085, 1121, 1487, 1488, 1489]);

/** TypeScript's script kind for a grammar (reader-input.ts decides it, for the oxc path too). */
export function scriptKindOf(grammar: Grammar): ts.ScriptKind {
  return grammar === 'tsx' ? ts.ScriptKind.TSX : grammar === 'ts' ? ts.ScriptKind.TS : ts.ScriptKind.JSX;
}
