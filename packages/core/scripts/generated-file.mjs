import { readFileSync, writeFileSync } from 'node:fs';

/**
 * A generated file brought up to date: written when its text differs (a missing file differs),
 * or with `check` only compared. Returns whether it was stale.
 */
export function syncGeneratedFile(file, text, check) {
  let current = '';
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    // missing counts as stale
  }
  if (current === text) return false;
  if (!check) writeFileSync(file, text);
  return true;
}
