import { InputError } from '../../errors.js';
import type { ParseSource } from './parse-outcome.js';
import { loadTypeScriptWithCodeCache } from './typescript-code-cache.js';

/** `--parser`: which parser reads JavaScript and TypeScript. */
export const PARSER_CHOICES = ['auto', 'oxc', 'typescript'] as const;
export type ParserChoice = (typeof PARSER_CHOICES)[number];

/**
 * Up to how many files to parse `auto` takes oxc-parser's JSON transfer where raw transfer does not
 * run (Node 20): loading TypeScript's 9 MB compiler and warming its parser up costs about 0.3 s of
 * CPU there, oxc-parser's binding a few milliseconds, and a file parsed through JSON about 0.2–0.6 ms
 * more than TypeScript's parser and the converter once they are warm (docs/scanner.md, "Start-up").
 */
export const JSON_TRANSFER_MAX_FILES = 300;

/**
 * The parser for a scan, loaded when the first file has to be parsed. `auto` takes oxc-parser with
 * raw transfer where the runtime allows it (Node 22 or later, a platform its binding ships for);
 * elsewhere oxc-parser's JSON transfer when the scan parses few files (`files`, at most
 * `JSON_TRANSFER_MAX_FILES`: a pre-commit run), and TypeScript's parser otherwise or when the
 * number is not known. Every way gives the same findings (docs/scanner.md, "Parser choice").
 * `oxc` takes oxc-parser with whichever transfer runs here.
 */
export async function loadParser(choice: ParserChoice = 'auto', files?: number): Promise<ParseSource> {
  const small = files !== undefined && files <= JSON_TRANSFER_MAX_FILES;
  if (choice === 'oxc' || (choice === 'auto' && (small || rawTransferRuntime()))) {
    const { loadOxc, oxcParseSource } = await import('./parse-oxc.js');
    const loaded = await loadOxc();
    if ('oxc' in loaded && (choice === 'oxc' || small || loaded.transfer === 'raw'))
      return oxcParseSource(loaded.oxc, loaded.transfer);
    if (choice === 'oxc' && 'unavailable' in loaded)
      throw new InputError(`--parser oxc: ${loaded.unavailable}; use --parser typescript or auto`);
  }
  loadTypeScriptWithCodeCache();
  return (await import('./parse.js')).parseSource;
}

/**
 * Whether oxc-parser's raw transfer can run on this Node (22 or later), asked before loading the
 * package: where it cannot and the scan is large, its native binding would load for nothing.
 */
function rawTransferRuntime(): boolean {
  return Number(process.versions.node.split('.')[0]) >= 22;
}
