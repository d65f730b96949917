import { describe, expect, it } from 'vitest';
import { linesOf, propertiesRemoval, propertyRemoval } from '../../src/findings/edits.js';
import type { Range } from '../../src/internal.js';

describe('removal edits from an excerpt of the text', () => {
  const source = [
    'const before = { a: 1 };',
    'const record = {',
    '  type: "SRV",',
    '  data: { service: "_sip", proto: "_udp",',
    '    name: domain, port: 5060 },',
    '};',
    'const after = 2;',
  ].join('\n');
  const property = (name: string): Range => {
    const start = source.indexOf(`${name}:`);
    const comma = source.slice(start).search(/,| \}/);
    return [start, start + comma];
  };
  const inner: Range = [source.indexOf('{ service'), source.indexOf('5060 }') + 6];
  const lines = linesOf(source, inner);

  it('takes the lines the range is written on, from a line start, with their line breaks', () => {
    expect(lines.text).toBe('  data: { service: "_sip", proto: "_udp",\n    name: domain, port: 5060 },\n');
    expect(source.slice(lines.start, lines.start + lines.text.length)).toBe(lines.text);
  });

  it('gives the edits the whole text gives', () => {
    for (const names of [['service'], ['proto'], ['port'], ['service', 'proto', 'name'], ['name', 'port']]) {
      const ranges = names.map(property);
      expect(propertiesRemoval(lines, ranges)).toEqual(propertiesRemoval(source, ranges));
      for (const range of ranges) expect(propertyRemoval(lines, range)).toEqual(propertyRemoval(source, range));
    }
  });
});
