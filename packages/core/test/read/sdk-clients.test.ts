import { describe, expect, test } from 'vitest';
import { sdkFlavorMade } from '../../src/read/knowledge/sdk-clients.js';
import { factsIn, valueIn } from '../support/extract.js';

/** `flavor chain.method(args)` of each SDK call fact. */
const sdkCalls = (code: string, file?: string) =>
  factsIn(code, file).sdkCalls.map(
    (call) => `${call.flavor} ${[...call.chain, call.method].join('.')}(${call.args.join(', ')})`,
  );

describe('the SDK table', () => {
  test('`new` of the module or its Cloudflare export is the official SDK, a plain call the legacy one', () => {
    expect(sdkFlavorMade('cloudflare', [], true)).toBe('v4');
    expect(sdkFlavorMade('cloudflare', ['Cloudflare'], true)).toBe('v4');
    expect(sdkFlavorMade('cloudflare', [], false)).toBe('legacy');
    expect(sdkFlavorMade('cloudflare', ['Other'], true)).toBeUndefined();
    expect(sdkFlavorMade('cloudflare', ['Cloudflare', 'x'], true)).toBeUndefined();
    expect(sdkFlavorMade('cloudflare-sdk', [], true)).toBeUndefined();
  });
});

describe('SDK clients', () => {
  test('made with new (default or named import) or by the legacy factory', () => {
    expect(valueIn(`import Cloudflare from 'cloudflare'; const value = new Cloudflare({ apiToken });`)).toBe('v4 sdk');
    expect(valueIn(`import { Cloudflare } from 'cloudflare'; const value = new Cloudflare();`)).toBe('v4 sdk');
    expect(valueIn(`const value = require('cloudflare')({ token });`, 'a.cjs')).toBe('legacy sdk');
    expect(valueIn(`import { Zones } from 'cloudflare'; const value = new Zones();`)).toBe('unknown');
  });

  test('calls carry the flavor and the chain; setting ids are known arguments', () => {
    expect(
      sdkCalls(`
        import Cloudflare from 'cloudflare';
        const cf = new Cloudflare();
        cf.zones.settings.edit('brotli', { zone_id: z, value: 'on' });`),
    ).toEqual(['v4 zones.settings.edit(brotli, )']);
    expect(
      sdkCalls(`const cf = require('cloudflare')({ token }); cf.zoneSettings.edit(zone, 'minify', value);`, 'a.cjs'),
    ).toEqual(['legacy zoneSettings.edit(, minify, )']);
  });

  test('a parameter or field typed with an SDK export is an official client (a value import: type-only ones bind nothing)', () => {
    expect(
      sdkCalls(`
        import Cloudflare from 'cloudflare';
        export function list(api: Cloudflare) { return api.firewall.rules.list(); }
        export class Zones {
          private sdk: Cloudflare;
          all() { return this.sdk.zones.list(); }
        }`),
    ).toEqual(['v4 firewall.rules.list()', 'v4 zones.list()']);
  });

  test('a receiver the file does not show reads as a client only when named like one', () => {
    expect(
      sdkCalls(`
        export function run(cf, db) {
          cf.rateLimits.list();
          db.rateLimits.list();
        }`),
    ).toEqual(['unknown rateLimits.list()']);
  });
});
