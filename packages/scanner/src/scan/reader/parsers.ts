import { InputError } from '../../errors.js';
import type { ParseSource } from './parse-outcome.js';
import { loadTypeScriptWithCodeCache } from './typescript-code-cache.js';

/** `--parser`: which parser reads JavaScript and TypeScript. */
export const PARSER_CHOICES = ['auto', 'oxc', 'typescript'] as const;
export type ParserChoice = (typeof PARSER_CHOICES)[number];

/**
 * The parser for a scan, loaded when the first file has to be parsed. `auto` takes oxc-parser with
 * raw transfer where the runtime allows it (Node 22 or later, a platform its binding ships for)
 * and TypeScript's parser elsewhere; both give the same findings (docs/scanner.md, "Parser choice").
 */
export async function loadParser(choice: ParserChoice = 'auto'): Promise<ParseSource> {
  if (choice !== 'typescript') {
    const { loadOxc, oxcParseSource } = await import('./parse-oxc.js');
    const loaded = await loadOxc();
    if ('oxc' in loaded) return oxcParseSource(loaded.oxc);
    if (choice === 'oxc') throw new InputError(`--parser oxc: ${loaded.unavailable}; use --parser typescript or auto`);
  }
  loadTypeScriptWithCodeCache();
  return (await import('./parse.js')).parseSource;
}
