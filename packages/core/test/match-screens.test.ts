import { describe, expect, test } from 'vitest';
import { resolveSettings } from '../src/index.js';
import { extractFileFacts, matchFacts } from '../src/internal.js';
import { someWord, wordFinder } from '../src/match/text-terms.js';
import { parseForTest } from './support/parse.js';

// The cheap rejects in front of matching (docs/scanner.md, "The per-file step on API client code"):
// each is a necessary condition, so what they let through is what matching finds.

describe('someWord: the prefilter pass that stops at the first word that holds', () => {
  const keys = ['settings', 'dns_settings', 'set', 'rules', 'firewall', 'access'];
  const finder = wordFinder(keys, (key) => key === 'access');
  const some = someWord(keys, (key) => key === 'access');

  test('answers as wordFinder does, for any test of the words (words inside words, case, whole words)', () => {
    const texts = [
      '',
      'nothing here',
      "fetch('/zones/1/DNS_SETTINGS')",
      'const accessor = 1; // access_rules',
      'a.access.b firewall/rules',
      'settingsettings',
      'dns_settings dns_settings set',
    ];
    const tests: Array<(key: string) => boolean> = [
      () => true,
      () => false,
      (key) => key === 'set',
      (key) => key === 'access',
      (key) => key.length > 7,
    ];
    for (const text of texts) for (const holds of tests) expect(some(text, holds)).toBe([...finder(text)].some(holds));
  });

  test('asks each word once, in the order the text holds them, and stops at the first that holds', () => {
    const asked: string[] = [];
    const holds = some('x firewall/rules then dns_settings, firewall again', (key) => {
      asked.push(key);
      return key === 'rules';
    });
    expect(holds).toBe(true);
    // `dns_settings` (and the words inside it) come after `rules`: never asked.
    expect(asked).toEqual(['firewall', 'rules']);
  });
});

describe('matching behind the path screen', () => {
  const settings = resolveSettings({ asOf: '2026-11-21', minConfidence: 'low' });
  const matched = (source: string) => {
    const file = 'src/client.ts';
    const facts = extractFileFacts(parseForTest(source, file), source, settings);
    return matchFacts(facts, { entries: settings.catalogue.entries, apiHosts: settings.apiHosts })
      .map((match) => `${match.entryId} ${match.confidence}`)
      .sort();
  };

  test('a path that holds a choice (a map read with a key the file does not show) is matched against every entry', () => {
    expect(
      matched(
        "const PATHS = { old: 'firewall/rules', waf: 'firewall/waf/packages' };\nexport const get = (id: string, kind: keyof typeof PATHS) => fetch(`https://api.cloudflare.com/client/v4/zones/${id}/${PATHS[kind]}`);\n",
      ),
    ).toEqual([
      'firewall-rules-api high',
      'firewall-rules-api medium',
      'waf-managed-rules-legacy high',
      'waf-managed-rules-legacy medium',
    ]);
  });

  test('a bulk settings edit names the setting in its payload, not in its path: still matched', () => {
    expect(
      matched(
        "export const off = (id: string) => fetch(`https://api.cloudflare.com/client/v4/zones/${id}/settings`, { method: 'PATCH', body: JSON.stringify({ items: [{ id: 'minify', value: 'off' }] }) });\n",
      ),
    ).toEqual(['zone-setting-minify high']);
  });

  test('a field sent in a payload to a path no entry retires is still matched', () => {
    expect(
      matched(
        "export const put = (z: string, r: string) => fetch(`https://api.cloudflare.com/client/v4/zones/${z}/dns_records/${r}`, { method: 'PATCH', body: JSON.stringify({ locked: true }) });\n",
      ),
    ).toEqual(['dns-record-locked-field high']);
  });

  test('no entry path word in the text: nothing matched; a hole never writes a literal segment', () => {
    expect(
      matched(
        'export const list = (z: string, tail: string) => fetch(`https://api.cloudflare.com/client/v4/zones/${z}/dns_records`).then(() => fetch(`https://api.cloudflare.com/client/v4/zones/${z}/fire${tail}wall/rules`));\n',
      ),
    ).toEqual([]);
  });
});
