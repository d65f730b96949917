import type { FactsBuilder } from '../facts-builder.js';
import { COMMENT_LINE, proseWords } from './lines.js';

/** A word that says "setting" (`-Setting`, `enforceSettings:`, `|setting|`, `zone_settings`). */
const SETTING_WORD = /setting/i;
/** A settings path whose id is a variable, as a loop over the ids above writes it (`/settings/$s`, `/settings/%%S`). */
const SETTINGS_PATH = /\/settings\/(?:\$|%|\{|#\{|\$\{)/;
/** A setting key given a variable, as a loop's body writes it (Salt's `- setting: {{ s }}` under `{% for s in […] %}`). */
const SETTING_GIVEN = /setting\w*["']?\s*(?::|=>|=)\s*["']?(?:\{\{|\$|%|#\{)/i;

/**
 * Zone setting ids written as words of a line that names settings (`Set-EdgeZoneSetting -Setting
 * 'mobile_redirect'`, `%w[privacy_pass …].each do |setting|`), in a YAML list under a key that
 * does (`enforceSettings:` / `- id: minify`), or of a loop whose next lines send each to a
 * settings path (`for s in brotli minify; do` … `/settings/$s`): the setting's endpoint, named at
 * the word. Elsewhere the word alone (`minify` in a bundler's options) is no evidence.
 */
export function settingsNamed(lines: readonly string[], index: number, start: number, builder: FactsBuilder): void {
  const line = lines[index]!;
  if (!namesAnId(line, builder.settingIds)) return;
  // A sentence that names a setting (`The brotli toggle under =settings/brotli= goes away`) is prose.
  if (proseWords(line) >= 4) return;
  const below = lines.slice(index + 1, index + 6).join('\n');
  if (
    !SETTING_WORD.test(line) &&
    !namesSettings(parentKeyLines(lines, index)) &&
    !SETTINGS_PATH.test(below) &&
    !SETTING_GIVEN.test(below)
  )
    return;
  // A word of a path (`/settings/brotli`) is the path's, read with it.
  for (const found of line.matchAll(/(?<![\w/])[A-Za-z0-9_]+(?![\w/])/g))
    if (builder.settingIds.has(found[0])) builder.settingNamed(found[0], start + found.index);
}

/**
 * A key, or the lines right above it, that say settings (`zoneSettings:`, an Argo step's
 * `template: patch-setting`); a comment among them only when it says zone settings (`| Zone
 * settings forced off`: "App settings" heads any list).
 */
function namesSettings(keyLines: string): boolean {
  return keyLines
    .split('\n')
    .some((line) =>
      (COMMENT_LINE.test(line) || /^\s*\|/.test(line) ? /zone[\s_-]*settings?\b/i : SETTING_WORD).test(line),
    );
}

/** Whether the line holds one of the ids (the cheap test every line of a text file makes first). */
function namesAnId(line: string, ids: ReadonlySet<string>): boolean {
  for (const id of ids) if (line.includes(id)) return true;
  return false;
}

/**
 * The nearest line above that is indented less (the key a list item or a nested key is under:
 * `zoneSettings:`, `'disable' => [`), with the comment lines right above it (`| Zone settings forced off`).
 */
function parentKeyLines(lines: readonly string[], index: number): string {
  const indent = (line: string) => /^[ \t]*/.exec(line)![0].length;
  const own = indent(lines[index]!);
  for (let i = index - 1; i >= 0 && i >= index - 50; i--) {
    const line = lines[i]!;
    if (line.trim() === '' || COMMENT_LINE.test(line) || indent(line) >= own) continue;
    let first = i;
    while (first > 0 && first > i - 4 && lines[first - 1]!.trim() !== '' && !/[;,{}[\]]\s*$/.test(lines[first - 1]!))
      first--;
    return lines.slice(first, i + 1).join('\n');
  }
  return '';
}
