import { describe, expect, test } from 'vitest';
import { resolveSettings } from '../src/index.js';
import { extractFileFacts, matchFacts } from '../src/internal.js';
import type { Term } from '../src/match/detector.js';
import { RECEIVER_TAIL, termCheck, termFinder } from '../src/match/text-terms.js';
import { wordAutomaton } from '../src/text/word-automaton.js';
import { parseForTest } from './support/parse.js';

// The cheap rejects in front of matching (docs/scanner.md, "The per-file step on API client code"):
// each is a necessary condition, so what they let through is what matching finds.

/**
 * The words a plain search finds, by where they end (the longer first): each place each word
 * stands, ASCII case folded.
 */
function plainSearch(text: string, words: readonly string[], wholeWord: readonly boolean[]): string[] {
  const isWord = (at: number) => at >= 0 && at < text.length && /\w/.test(text[at]!);
  const lower = text.toLowerCase();
  const hits: Array<[number, number, string]> = [];
  words.forEach((word, index) => {
    for (let at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + 1)) {
      const end = at + word.length;
      if (wholeWord[index] && !(isWord(at - 1) !== isWord(at) && isWord(end - 1) !== isWord(end))) continue;
      hits.push([end, -word.length, word]);
    }
  });
  return hits.sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([, , word]) => word);
}

describe('termFinder: which terms a text holds, in one pass', () => {
  const terms: Term[] = [
    { text: 'dns_records' },
    { text: 'records' },
    { text: 'Port', ignoreCase: true },
    { text: 'port', wholeWord: true },
    { text: 'DATA' },
    { text: 'data', ignoreCase: true, wholeWord: true },
    { text: 'zöne' },
    { text: 'zöne', ignoreCase: true },
    { text: 'set' },
  ];
  const find = termFinder(terms);

  test('finds each term as termCheck does (case, whole words, words inside words, characters outside ASCII)', () => {
    const texts = [
      '',
      'nothing here',
      "fetch('/zones/1/dns_records')",
      'PORT portal port',
      'portal',
      'data DATA',
      'metadata',
      'ZÖNE',
      'zöne',
      'zone zåne',
      'settings records',
    ];
    for (const text of texts)
      expect([...find(text)], text).toEqual(terms.map((term) => (termCheck(term)(text) ? 1 : 0)));
  });
});

describe('wordAutomaton: many words in one pass over the text', () => {
  test('finds what a plain search finds, in the order of their ends, on random texts', () => {
    // Words that overlap, hold one another and share prefixes and suffixes; texts over their letters.
    const words = ['rec', 'record', 'records', 'cord', 'or', 'dns_rec', 'rr', 'r(', '(x', 'x-y'];
    const wholeWord = words.map((word) => word === 'rec' || word === 'rr' || word === 'r(');
    const alphabet = 'recodRECOD_s(x-y .n';
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let round = 0; round < 400; round++) {
      const text = Array.from(
        { length: Math.floor(random() * 40) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join('');
      const expected = plainSearch(text, words, wholeWord);
      // From its table, and from its trie (what a catalogue of thousands of entries runs).
      for (const maxTableStates of [undefined, 0]) {
        const hits: string[] = [];
        wordAutomaton(words, wholeWord, { maxTableStates }).scan(text, (word) => {
          hits.push(words[word]!);
          return false;
        });
        expect({ text, maxTableStates, hits }).toEqual({ text, maxTableStates, hits: expected });
      }
    }
  });

  test('a word found through a fallback two suffixes down (`ce` at the end of `abce`, past `bc` of `bcx`)', () => {
    const words = ['abce', 'bcx', 'ce'];
    for (const maxTableStates of [undefined, 0]) {
      const hits: string[] = [];
      wordAutomaton(words, [false, false, false], { maxTableStates }).scan('xabce', (word) => {
        hits.push(words[word]!);
        return false;
      });
      expect(hits).toEqual(['abce', 'ce']);
    }
  });

  test('whole words stand as \\b…\\b would have them, at either end of the text too', () => {
    const words = ['target', '(x'];
    const hits = (text: string) => {
      const found: string[] = [];
      wordAutomaton(words, [true, true]).scan(text, (word) => {
        found.push(words[word]!);
        return false;
      });
      return found;
    };
    expect(hits('target')).toEqual(['target']);
    expect(hits('a.TARGET = 1')).toEqual(['target']);
    expect(hits('targets retarget target_')).toEqual([]);
    // A word that starts with a non-word character needs a word character before it, as `\b(x\b` does.
    expect(hits('f(x) (x)')).toEqual(['(x']);
  });

  test('stops at the first word the caller accepts', () => {
    const asked: number[] = [];
    const stopped = wordAutomaton(['a', 'b', 'c'], [false, false, false]).scan('xaxbxc', (word) => {
      asked.push(word);
      return word === 1;
    });
    expect(stopped).toBe(true);
    expect(asked).toEqual([0, 1]);
  });

  test('a character outside ASCII stands for any such character: a superset the caller checks', () => {
    const found = (text: string) => wordAutomaton(['café'], [false]).scan(text, () => true);
    expect(found('CAFÉ au lait')).toBe(true);
    expect(found('cafè')).toBe(true);
    expect(found('cafe')).toBe(false);
  });
});

describe('termCheck of a read from a receiver: places of the term, each word tried once', () => {
  /** The check as one expression looking behind from every word's end (what it was before). */
  function lookingBehind(text: string, accessed: string, wholeWord: boolean, ignoreCase: boolean): RegExp {
    const term = wholeWord ? `\\b${text}\\b` : `(?!\\w)(?<=${text}\\w*)`;
    const read = `(?:\\??\\.\\s*${accessed}\\b|(?:\\?\\.)?\\[\\s*['"\`]${accessed}['"\`])`;
    return new RegExp(`${term}${RECEIVER_TAIL}${read}`, ignoreCase ? 'i' : '');
  }

  test('answers as that expression does, on random texts, for word terms, terms with other characters, cases', () => {
    const alphabet = [
      'record',
      'Record',
      'rec',
      'a-',
      'a',
      '.',
      'data',
      '.data',
      "?.['data']",
      '[0]',
      '()',
      ')',
      '(',
      ' as T',
      '!',
      ' ',
      '\n',
      '_',
    ];
    let seed = 11;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const terms = [
      { text: 'record', accessed: 'data' },
      { text: 'record', accessed: 'data', ignoreCase: true },
      { text: 'record', accessed: 'data', wholeWord: true },
      { text: 'a-a', accessed: 'data' },
      { text: 'rec', accessed: 'data', wholeWord: true, ignoreCase: true },
    ];
    let holds = 0;
    for (let round = 0; round < 600; round++) {
      const text = Array.from(
        { length: Math.floor(random() * 12) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join('');
      for (const term of terms) {
        const expected = lookingBehind(
          term.text,
          term.accessed,
          term.wholeWord ?? false,
          term.ignoreCase ?? false,
        ).test(text);
        expect({ text, term, holds: termCheck(term)(text) }).toEqual({ text, term, holds: expected });
        if (expected) holds++;
      }
    }
    // Both answers occur often enough for the comparison to say something.
    expect(holds).toBeGreaterThan(50);
    expect(holds).toBeLessThan(2800);
  });

  test('the word around the term, the receiver between, and what is read', () => {
    const check = termCheck({ text: 'record', accessed: 'data' });
    expect(check('const x = dns_records[0].data;')).toBe(true);
    expect(check("get_record()?.['data']")).toBe(true);
    expect(check("getRecord()?.['data']")).toBe(false);
    expect(termCheck({ text: 'record', accessed: 'data', ignoreCase: true })("getRecord()?.['data']")).toBe(true);
    expect(check('(record as SrvRecord).data')).toBe(true);
    expect(check('recordrecordrecord!.data')).toBe(true);
    expect(check('record.date; data.record')).toBe(false);
    // Places of a term with other characters than a word's may overlap: each is tried.
    expect(termCheck({ text: 'a-a', accessed: 'data' })('a-a-a.data')).toBe(true);
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
