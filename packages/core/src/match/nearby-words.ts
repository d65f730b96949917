import { escapeRegExp } from '../text/escape-regexp.js';

/**
 * A word of the code around a read or a check, whose presence is evidence of what the code deals
 * with: a path segment written after a `/` (as written: `/dns_records`), a whole word (`1004`), or
 * text (`dns`); these two in any case. The reader records which watched words it finds around a
 * fact (`PropertyReadFact.nearby`, `CodeCheckFact.nearby`) by their keys.
 */
export interface NearbyWord {
  kind: 'segment' | 'word' | 'text';
  text: string;
}

/** How a fact names a nearby word it found. */
export function nearbyKey(word: NearbyWord): string {
  return `${word.kind}:${word.text}`;
}

export function nearbyPattern(word: NearbyWord): RegExp {
  const escaped = escapeRegExp(word.text);
  if (word.kind === 'segment') return new RegExp(`/${escaped}\\b`);
  return new RegExp(word.kind === 'word' ? `\\b${escaped}\\b` : escaped, 'i');
}
