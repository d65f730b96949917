import { describe, expect, it } from 'vitest';
import { CatalogueError, loadCatalogue } from '../../src/index.js';
import { analyzeSnippet } from '../support/snippets.js';

const entry = (id: string, match: object) => ({
  id,
  title: id,
  area: 'Another product',
  eol: '2026-01-01',
  rule: 'no-deprecated-field',
  replacement: 'Something else',
  docs: 'https://example.test',
  match,
});

describe('field contexts as catalogue data', () => {
  it('gives the built-in fields their contexts as the rules/*.json files write them, shared by name', () => {
    const catalogue = loadCatalogue();
    const locked = catalogue.byId.get('dns-record-locked-field')!.match.fields![0]!;
    const srv = catalogue.byId.get('srv-record-data-name-fields')!.match.fields!;
    expect(locked.context.name).toBe('dns-record');
    expect(srv.map((field) => field.context)).toEqual([locked.context, locked.context, locked.context]);
  });

  it('resolves a named context even when the entry defining it is disabled', () => {
    const catalogue = loadCatalogue({ changes: { disable: ['dns-record-locked-field'] } });
    expect(catalogue.byId.get('srv-record-data-name-fields')!.match.fields![0]!.context.resource).toBe('DNS record');
  });

  it('rejects a name no field defines, and a name defined twice otherwise, naming the entry and the field', () => {
    const unknown = entry('x-unknown-context', { fields: [{ path: 'a', context: 'widget', access: ['write'] }] });
    expect(() => loadCatalogue({ changes: { add: [unknown] } })).toThrow(CatalogueError);
    expect(() => loadCatalogue({ changes: { add: [unknown] } })).toThrow(
      /entry 'x-unknown-context': field 'match\.fields\.0\.context' names 'widget', a context no field of the catalogue defines \('dns-record', 'load-balancer-pool'\)/,
    );
    const redefined = entry('x-redefined', {
      fields: [
        {
          path: 'a',
          context: { name: 'dns-record', resource: 'record', shapes: [{ allKeys: ['a'] }] },
          access: ['write'],
        },
      ],
    });
    expect(() => loadCatalogue({ changes: { add: [redefined] } })).toThrow(
      /entry 'x-redefined': field 'match\.fields\.0\.context' defines the context 'dns-record' otherwise than/,
    );
  });
});

describe('an error shape of another product', () => {
  const kvEntry = entry('kv-namespace-error', {
    errorShapes: [{ code: 10013, context: { words: ['namespace'], receivers: ['kv'] } }],
  });
  const found = (code: string) =>
    analyzeSnippet(code, { catalogue: { add: [kvEntry] }, minConfidence: 'low' })
      .filter((finding) => finding.entryId === 'kv-namespace-error')
      .map((finding) => `${finding.line}:${finding.confidence}`);

  it('is high with its own context words around the check, low without them: DNS says nothing for it', () => {
    expect(
      found(
        [
          'export function isMissingNamespace(err) { return err.code === 10013; }',
          // A paragraph of its own: the comment above a function is read with it, not the code before.
          '',
          'export function dnsLookup(err) { return err.code === 10013; }',
          // A file this large is no context of its own: only the function around a check is.
          `/* ${'padding '.repeat(1100)}*/`,
        ].join('\n'),
      ),
    ).toEqual(['1:high', '3:low']);
  });
});
