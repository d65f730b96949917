import { describe, expect, test } from 'vitest';
import { DependencyFingerprints } from '../src/scan/cache/dependency-fingerprint.js';

// client -> resources -> (zones <-> settings, a cycle) -> util; other stands apart.
const imports = new Map<string, string[]>([
  ['client', ['resources']],
  ['resources', ['zones', 'settings']],
  ['zones', ['settings', 'util']],
  ['settings', ['zones']],
  ['util', []],
  ['other', ['util']],
]);
const hashes = { client: 'c1', resources: 'r1', zones: 'z1', settings: 's1', util: 'u1', other: 'o1' };
const fingerprints = (changed: Partial<typeof hashes> = {}) =>
  new DependencyFingerprints(imports, (file) => ({ ...hashes, ...changed })[file as keyof typeof hashes]);

describe('dependency fingerprints', () => {
  const before = fingerprints();

  test('a change anywhere a file imports, directly or not, changes its fingerprint', () => {
    const after = fingerprints({ util: 'u2' });
    for (const file of ['client', 'resources', 'zones', 'settings', 'util', 'other'])
      expect(after.of(file)).not.toBe(before.of(file));
  });

  test('a change a file does not import leaves its fingerprint alone', () => {
    const after = fingerprints({ client: 'c2' });
    expect(after.of('client')).not.toBe(before.of('client'));
    for (const file of ['resources', 'zones', 'settings', 'util', 'other'])
      expect(after.of(file)).toBe(before.of(file));
  });

  test('modules in one cycle share it, and a change in the cycle reaches everything above it', () => {
    expect(before.of('zones')).toBe(before.of('settings'));
    const after = fingerprints({ settings: 's2' });
    expect(after.of('zones')).not.toBe(before.of('zones'));
    expect(after.of('client')).not.toBe(before.of('client'));
    expect(after.of('util')).toBe(before.of('util'));
  });

  test('a chain longer than the stack is walked without recursion', () => {
    const chain = new Map(Array.from({ length: 50_000 }, (_, i) => [`m${i}`, i + 1 < 50_000 ? [`m${i + 1}`] : []]));
    const one = new DependencyFingerprints(chain, () => 'h');
    const two = new DependencyFingerprints(chain, (file) => (file === 'm49999' ? 'changed' : 'h'));
    expect(two.of('m0')).not.toBe(one.of('m0'));
  });
});
