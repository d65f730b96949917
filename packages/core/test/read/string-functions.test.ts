import { describe, expect, test } from 'vitest';
import { BUILTIN_FUNCTIONS, moduleFunctionEffect } from '../../src/read/knowledge/string-functions.js';
import { factsIn, patternToString, valueIn } from '../support/extract.js';

const API = 'https://api.cloudflare.com/client/v4';

describe('the built-in function table', () => {
  test('names each function once per way of reaching it', () => {
    const keys = BUILTIN_FUNCTIONS.map(({ reach }) => JSON.stringify(reach));
    expect(new Set(keys).size).toBe(keys.length);
  });

  test("a module's function is found by the first one or two names of the member path", () => {
    expect(moduleFunctionEffect('node:path', ['join'])).toBe('join-paths');
    expect(moduleFunctionEffect('path', ['posix', 'join'])).toBe('join-paths');
    expect(moduleFunctionEffect('path', ['posix'])).toBeUndefined();
    expect(moduleFunctionEffect('url', ['join'])).toBeUndefined();
  });
});

describe('global functions and constructors', () => {
  test('String() is its argument’s value; encodeURIComponent and encodeURI its text', () => {
    expect(valueIn(`const value = String('${API}/zones');`)).toBe(`string ${API}/zones`);
    expect(valueIn(`const value = String({ a: 1 });`)).toBe('object');
    expect(valueIn(`const value = String();`)).toBe('unknown');
    expect(valueIn(`const value = encodeURIComponent(process.env.ZONE);`)).toBe('string ${process.env.ZONE}');
    expect(valueIn(`const value = encodeURI('/zones/a b');`)).toBe('string /zones/a b');
    expect(valueIn(`const value = escape('/zones');`)).toBe('unknown');
  });

  test('new URL(path, base) joins the path to the base; new URL(url) is the URL', () => {
    expect(valueIn(`const value = new URL('zones/1/filters', '${API}/');`)).toBe(`string ${API}/zones/1/filters`);
    expect(valueIn(`const value = new URL('/zones', BASE);`)).toBe('string ${BASE}/zones');
    expect(valueIn(`const value = new URL('${API}/user');`)).toBe(`string ${API}/user`);
    expect(valueIn(`const value = new URL();`)).toBe('unknown');
  });
});

describe('string methods', () => {
  test('toString() and trim() leave the text as it is', () => {
    expect(valueIn(`const API = '${API}'; const value = API.trim() + '/zones';`)).toBe(`string ${API}/zones`);
    expect(valueIn(`const value = \`${API}/\${zone}\`.toString();`)).toBe(`string ${API}/\${zone}`);
  });

  test('concat appends its arguments to the text', () => {
    expect(valueIn(`const API = '${API}'; const value = API.concat('/zones/', zoneId, '/filters');`)).toBe(
      `string ${API}/zones/\${zoneId}/filters`,
    );
    expect(valueIn(`const value = '/zones/'.concat(...parts);`)).toBe('string /zones/${…}');
    expect(valueIn(`const value = [1].concat([2]);`)).toBe('unknown');
  });

  test('replace and replaceAll fill the first occurrence of a literal placeholder', () => {
    expect(valueIn(`const value = '${API}/zones/<zone>/filters'.replace('<zone>', zoneId);`)).toBe(
      `string ${API}/zones/\${zoneId}/filters`,
    );
    expect(valueIn(`const value = '/a/:id/b/:id'.replaceAll(':id', '7');`)).toBe('string /a/7/b/:id');
    expect(valueIn(`const value = '/zones/{zone}'.replace(/\\{zone\\}/, id);`)).toBe('unknown');
    expect(valueIn(`const value = '/zones/x'.replace('', id);`)).toBe('unknown');
    expect(valueIn(`const value = '/zones/x'.padEnd(9);`)).toBe('unknown');
  });
});

describe('joins', () => {
  test('an array literal joined with its separator, or a comma', () => {
    expect(valueIn(`const value = ['${API}', 'zones', zoneId, 'filters'].join('/');`)).toBe(
      `string ${API}/zones/\${zoneId}/filters`,
    );
    expect(valueIn(`const value = ['a', 'b'].join();`)).toBe('string a,b');
  });

  test('a rest parameter joined (after a map) becomes the call’s arguments, joined', () => {
    const { requests } = factsIn(`
      const route = (...parts) => fetch('${API}/' + parts.map(encodeURIComponent).join('/'));
      route('zones', zoneId, 'firewall', 'rules');`);
    expect(requests.filter((r) => r.via === 'helper').map((r) => patternToString(r.url))).toEqual([
      `${API}/zones/\${zoneId}/firewall/rules`,
    ]);
  });

  test('path.join and path.posix.join put one slash between the pieces', () => {
    expect(valueIn(`import path from 'node:path'; const value = path.join('/client/v4/', '/zones', id);`)).toBe(
      'string /client/v4/zones/${id}',
    );
    expect(valueIn(`import { posix } from 'path'; const value = posix.join('/client/v4', 'zones');`)).toBe(
      'string /client/v4/zones',
    );
    expect(valueIn(`import { join } from 'path/posix'; const value = join();`)).toBe('unknown');
  });
});
