import { describe, expect, it } from 'vitest';
import { cipherNames } from '../../src/match/cipher-names.js';
import { at, facts, inFileFactsOf, matched } from './support.js';

describe('names in strings (reader)', () => {
  it('records each watched name written as a token of its own, at its string, in the order written', () => {
    const code = [
      "const ciphers = 'ECDHE-RSA-CHACHA20-POLY1305-OLD:ECDHE-ECDSA-CHACHA20-POLY1305-OLD';",
      'const suite = `${prefix}:DHE-RSA-CHACHA20-POLY1305-OLD`;',
      "const longer = 'X-ECDHE-RSA-CHACHA20-POLY1305-OLD';",
    ].join('\n');
    const first: [number, number] = [at(code, "'"), at(code, ';') - 0];
    const template: [number, number] = [at(code, '`'), at(code, '`', 1) + 1];
    expect(inFileFactsOf(code).namesInStrings).toEqual([
      { name: 'ECDHE-RSA-CHACHA20-POLY1305-OLD', range: first },
      { name: 'ECDHE-ECDSA-CHACHA20-POLY1305-OLD', range: first },
      { name: 'DHE-RSA-CHACHA20-POLY1305-OLD', range: template },
    ]);
  });

  it('records nothing in a file that never writes a watched name', () => {
    expect(inFileFactsOf("const ciphers = 'ECDHE-RSA-CHACHA20-POLY1305';").namesInStrings).toEqual([]);
  });
});

describe('cipher names (matcher)', () => {
  it('reports each of the entry’s names, high, at the string', () => {
    const input = facts({
      namesInStrings: [
        { name: 'ECDHE-RSA-CHACHA20-POLY1305-OLD', range: [16, 82] },
        { name: 'NOT-IN-THE-ENTRY', range: [90, 100] },
      ],
    });
    expect(matched(cipherNames, 'legacy-chacha20-draft-ciphers', input)).toEqual([
      'high the draft cipher suite `ECDHE-RSA-CHACHA20-POLY1305-OLD` @16',
    ]);
  });
});
