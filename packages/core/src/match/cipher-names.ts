import type { RawMatch } from '../facts.js';
import { words, type InFileDetector } from './detector.js';

/** Draft cipher suite names in strings. */
export const cipherNames: InFileDetector = {
  routes: (entry) => (entry.match.ciphers ?? []).map((cipher) => words(cipher)),
  match: (entry, facts) => {
    const ciphers = entry.match.ciphers;
    if (!ciphers) return [];
    return facts.namesInStrings
      .filter((found) => ciphers.includes(found.name))
      .map((found): RawMatch => ({
        entryId: entry.id,
        ruleId: entry.rule,
        range: found.range,
        confidence: 'high',
        subject: `the draft cipher suite \`${found.name}\``,
      }));
  },
};
