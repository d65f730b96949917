/**
 * Reads the repository's `.pre-commit-hooks.yaml`. The file is a flat list of hooks whose values are
 * scalars or flow lists (`[a, b]`), so this reads exactly that subset of YAML and throws on anything
 * else: a construct it does not know must fail the test rather than be read wrongly.
 */
import { readFileSync } from 'node:fs';

export type ManifestValue = string | boolean | string[];
export type ManifestHook = Record<string, ManifestValue>;

export const MANIFEST_PATH = new URL('../../../../.pre-commit-hooks.yaml', import.meta.url);

export function readManifest(): ManifestHook[] {
  return parseManifest(readFileSync(MANIFEST_PATH, 'utf8'));
}

export function parseManifest(text: string): ManifestHook[] {
  const hooks: ManifestHook[] = [];
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trimEnd();
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const entry = /^(- |  )([a-z_]+): (.+)$/.exec(line);
    if (!entry) throw new Error(`.pre-commit-hooks.yaml:${index + 1}: not a flat "key: value" line: ${line}`);
    const [, lead, key, value] = entry;
    if (lead === undefined || key === undefined || value === undefined) continue;
    if (lead === '- ') hooks.push({});
    const hook = hooks.at(-1);
    if (!hook) throw new Error(`.pre-commit-hooks.yaml:${index + 1}: a key before the first "- "`);
    hook[key] = parseValue(value, index + 1);
  }
  return hooks;
}

function parseValue(value: string, line: number): ManifestValue {
  if (value === 'true' || value === 'false') return value === 'true';
  if (value.startsWith('[')) {
    if (!value.endsWith(']')) throw new Error(`.pre-commit-hooks.yaml:${line}: unclosed flow list`);
    return value
      .slice(1, -1)
      .split(',')
      .map((item) => parseScalar(item.trim(), line));
  }
  return parseScalar(value, line);
}

function parseScalar(value: string, line: number): string {
  const quoted = /^'([^']*)'$|^"([^"\\]*)"$/.exec(value);
  if (quoted) return quoted[1] ?? quoted[2] ?? '';
  if (/^[\[\]{}&*!|>'"%@`]/.test(value) || value.includes(': ') || value.includes(' #')) {
    throw new Error(`.pre-commit-hooks.yaml:${line}: a scalar this reader does not handle: ${value}`);
  }
  return value;
}
