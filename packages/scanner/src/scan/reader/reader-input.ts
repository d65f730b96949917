import { isScriptGoal, scriptText } from './html-comments.js';
import { grammarOf, type Grammar } from './parse-outcome.js';

/**
 * What a parser reads of a file, and as what: the text (offsets and lines always the file's own),
 * its grammar, and whether it is a script (ESLint's CommonJS) rather than a module. Both parsers
 * and the suppression comments' reader take it from here, so that they read the same thing.
 *
 * - `.cjs`: HTML-like comments rewritten as `//` ones (html-comments.ts).
 * - `.vue`, `.svelte` (scanned only when an `include` pattern names them): the contents of their
 *   `<script>` elements, everything else blanked to spaces (line breaks kept), so a finding's line
 *   and column are the component's; TypeScript when a script says `lang="ts"`. As ESLint reads
 *   them with vue-eslint-parser or svelte-eslint-parser: the script, not the template's expressions.
 */
export function readerInput(file: string, source: string): { text: string; grammar: Grammar; script: boolean } {
  if (isComponent(file)) return componentScripts(source);
  return { text: scriptText(file, source), grammar: grammarOf(file), script: isScriptGoal(file) };
}

/** A Vue or Svelte single-file component: the type checker knows nothing of it. */
export function isComponent(file: string): boolean {
  return /\.(?:vue|svelte)$/i.test(file);
}

const SCRIPT_ELEMENT = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script\s*>/gi;
const TYPESCRIPT_LANG = /\blang\s*=\s*["']?(ts|tsx|typescript)\b/i;

function componentScripts(source: string): { text: string; grammar: Grammar; script: boolean } {
  const kept: Array<[start: number, end: number]> = [];
  let typescript = false;
  let tsx = false;
  for (const match of source.matchAll(SCRIPT_ELEMENT)) {
    const attributes = match[1] ?? '';
    const lang = TYPESCRIPT_LANG.exec(attributes)?.[1]?.toLowerCase();
    if (lang) typescript = true;
    if (lang === 'tsx') tsx = true;
    // After `<script`, its attributes and `>`.
    const start = match.index + '<script'.length + attributes.length + 1;
    kept.push([start, start + (match[2]?.length ?? 0)]);
  }
  let text = '';
  let at = 0;
  for (const [start, end] of kept) {
    text += blank(source.slice(at, start)) + source.slice(start, end);
    at = end;
  }
  text += blank(source.slice(at));
  return { text, grammar: tsx ? 'tsx' : typescript ? 'ts' : 'jsx', script: false };
}

/** Every character a space, line breaks kept: lines and offsets stay the file's. */
function blank(text: string): string {
  return text.replace(/[^\r\n\u2028\u2029]/g, ' ');
}
