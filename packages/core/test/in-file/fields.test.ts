import { describe, expect, it } from 'vitest';
import { fields } from '../../src/match/fields/index.js';
import type { PropertyReadFact, WrittenObjectFact } from '../../src/internal.js';
import { at, entry, facts, inFileFactsOf, matched } from './support.js';

describe('written objects (reader)', () => {
  it('records an object that writes a watched key: its keys, the static type, the key and its removal', () => {
    const code = `const record = { type: 'A', name: 'www', locked: true };`;
    const [object, ...rest] = inFileFactsOf(code).objects;
    expect(rest).toEqual([]);
    expect(object).toEqual({
      keys: ['type', 'name', 'locked'],
      values: { type: ['A'] },
      spread: false,
      written: [
        {
          name: 'locked',
          range: [at(code, 'locked'), at(code, 'locked') + 'locked'.length],
          removal: { start: at(code, ', locked'), end: at(code, ' }'), text: '' },
        },
      ],
    });
  });

  it('records the object under a key only where it writes a watched inner key, with its keys as template pieces', () => {
    const code = [
      'const srv = {',
      '  type: type,',
      '  data: { service: `_${app}`, proto: "_tcp", name: domain, port: 5060 },',
      '};',
      'const other = { data: { id: 1 } };',
    ].join('\n');
    const objects = inFileFactsOf(code).objects;
    expect(objects).toHaveLength(1);
    const [data] = objects[0]!.written;
    expect(objects[0]!.values).toEqual({}); // `type` is not a static string
    expect(data!.inner!.keys.map((key) => [key.name, key.piece])).toEqual([
      ['service', { template: '_${app}' }],
      ['proto', { text: '_tcp' }],
      ['name', { template: '${domain}' }],
      ['port', undefined],
    ]);
    expect(data!.inner!.holder).toEqual({ start: at(code, 'data'), indent: '  ' });
    expect(data!.inner!.lines).toEqual({ start: at(code, '  data'), text: `${code.split('\n')[2]}\n` });
  });

  it('records each value a conditional picks for a key that tells what the object is', () => {
    const code = [
      "const type = ip.includes(':') ? 'AAAA' : 'A';",
      'const update = { type, name: host, content: ip, locked: false };',
      'const other = { type: kindOf(ip), name: host, locked: false };',
    ].join('\n');
    expect(inFileFactsOf(code).objects.map((object) => object.values)).toEqual([{ type: ['AAAA', 'A'] }, {}]);
  });

  it('writes no fact for objects without a watched key', () => {
    expect(inFileFactsOf(`const x = { type: 'A', name: 'www', data: { id: 1 } };`).objects).toEqual([]);
  });
});

describe('field writes (matcher)', () => {
  const object = (keys: string[], values: Record<string, string[]>, written: WrittenObjectFact['written']) =>
    ({ keys, values, spread: false, written }) satisfies WrittenObjectFact;
  const locked = { name: 'locked', range: [20, 26] as [number, number], removal: { start: 18, end: 32, text: '' } };

  it('reports `locked` high in a DNS record, with the removal fix; low in someone else’s object', () => {
    const input = facts({
      objects: [object(['type', 'name', 'locked'], { type: ['a'] }, [locked]), object(['locked'], {}, [locked])],
    });
    expect(matched(fields, 'dns-record-locked-field', input)).toEqual([
      'high `locked` sent in a DNS record payload @20',
      'low `locked` sent in a DNS record payload @20',
    ]);
    expect(fields.match(entry('dns-record-locked-field'), input)[0]!.fixes).toEqual([
      { kind: 'fix', description: 'Remove `locked` from the payload', edits: [locked.removal] },
    ]);
  });

  it('reports `locked` high where every type the code may pick is a DNS record type, low where one is not', () => {
    const input = facts({
      objects: [
        object(['type', 'name', 'locked'], { type: ['AAAA', 'A'] }, [locked]),
        object(['type', 'name', 'locked'], { type: ['A', 'FILE'] }, [locked]),
      ],
    });
    expect(matched(fields, 'dns-record-locked-field', input)).toEqual([
      'high `locked` sent in a DNS record payload @20',
      'low `locked` sent in a DNS record payload @20',
    ]);
  });

  it('reports SRV data fields high under type SRV, medium in an untyped object with two SRV data keys or one that may be SRV, not under another type', () => {
    const code = `  data: { service: '_sip', proto: '_udp', port: 5060, weight: 1 },\n`;
    const key = (name: string) => {
      const start = code.indexOf(`${name}:`);
      const end = code.indexOf(',', start);
      return {
        name,
        range: [start, start + name.length] as [number, number],
        property: [start, end] as [number, number],
      };
    };
    const data = {
      name: 'data',
      range: [2, 6] as [number, number],
      removal: { start: 0, end: code.length, text: '' },
      inner: {
        keys: [
          { ...key('service'), piece: { text: '_sip' } },
          { ...key('proto'), piece: { text: '_udp' } },
          key('port'),
          key('weight'),
        ],
        lines: { start: 0, text: code },
        holder: { start: 2, indent: '  ' },
      },
    };
    const input = facts({
      objects: [
        object(['type', 'name', 'data'], { type: ['SRV'] }, [data]),
        object(['data'], {}, [data]),
        object(['type', 'data'], { type: ['TXT'] }, [data]),
        object(['type', 'data'], { type: ['SRV', 'A'] }, [data]),
      ],
    });
    const service = key('service').range[0];
    const proto = key('proto').range[0];
    expect(matched(fields, 'srv-record-data-name-fields', input)).toEqual([
      `high \`data.service\` sent in a SRV record payload @${service}`,
      `medium \`data.service\` sent in a SRV record payload @${service}`,
      // `type: v6 ? 'SRV' : 'A'`: it may be an SRV record, as an untyped object may.
      `medium \`data.service\` sent in a SRV record payload @${service}`,
      `high \`data.proto\` sent in a SRV record payload @${proto}`,
      `medium \`data.proto\` sent in a SRV record payload @${proto}`,
      `medium \`data.proto\` sent in a SRV record payload @${proto}`,
    ]);
    const [typed, untyped] = fields.match(entry('srv-record-data-name-fields'), input);
    // The outer name is there: the parts go, the name stays.
    expect(typed!.fixes![0]!.description).toBe(
      "Remove `service` and `proto` from `data` (the record's outer `name` is kept)",
    );
    // No outer name, and `name` cannot be composed without the inner one: no fix.
    expect(untyped!.fixes).toBeUndefined();
  });
});

describe('property reads (reader)', () => {
  it('records member and declaration reads of watched paths with the receiver’s name and the endpoint words around them', () => {
    const code = [
      'export async function list(zone) {',
      '  const records = await fetch(`/zones/${zone}/dns_records`).then((r) => r.json());',
      '  const { service } = records[0].data;',
      '  return [records[0].locked, item.data.proto];',
      '}',
    ].join('\n');
    const reads = inFileFactsOf(code).reads;
    const brief = (read: PropertyReadFact) => [read.how, read.path.join('.'), read.receiver, read.nearby];
    // Every watched word is looked for (the error shapes' `dns` too): the matchers pick theirs.
    const around = ['segment:dns_records', 'text:dns'];
    expect(reads.map(brief)).toEqual([
      ['member', 'locked', 'records', around],
      ['member', 'data.proto', 'item', around],
      ['declaration', 'data.service', 'records', around],
    ]);
    expect(reads[0]!.range).toEqual([at(code, 'locked'), at(code, 'locked') + 'locked'.length]);
  });

  it('records no read of an unwatched path or of a watched name under other members', () => {
    expect(inFileFactsOf('const a = x.name; const b = y.meta.service;').reads).toEqual([]);
  });
});

describe('field reads (matcher)', () => {
  const read = (receiver: string | undefined, nearby: string[]): PropertyReadFact => ({
    how: 'member',
    path: ['locked'],
    range: [10, 16],
    ...(receiver ? { receiver } : {}),
    nearby,
  });

  it('reports a read high on a receiver named like a record or with the endpoint around it, low otherwise', () => {
    const input = facts({
      reads: [
        read('record', []),
        read('domain', ['segment:dns_records']),
        read('domain', []),
        { ...read('record', []), how: 'pattern' },
      ],
    });
    expect(matched(fields, 'dns-record-locked-field', input)).toEqual([
      'high `locked` read from a DNS record @10',
      'high `locked` read from a DNS record @10',
      'low `locked` read from a DNS record @10',
    ]);
  });
});
