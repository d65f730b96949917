import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadBuiltinEntries } from '../src/catalogue/load.js';
import { BUILTIN_CHECKED } from '../src/catalogue/builtin-checked.generated.js';
import { textFingerprint } from '../src/text/text-fingerprint.js';
import {
  CatalogueError,
  defaultRulesDir,
  formatDay,
  gradeEol,
  loadCatalogue,
  parseDay,
  resolveSettings,
} from '../src/index.js';
import { REPO_ROOT } from './support/fixtures.js';

/** Sections 9.2-9.4 of the specification, copied into the repository (`pnpm docs:check` keeps the copy current). */
const SPEC = join(REPO_ROOT, 'packages', 'core', 'test', 'data', 'spec-schedule.md');

/** The rows of the spec's schedule table (section 9.2): end of life and area. */
function specScheduleRows(): Array<{ eol: string; area: string }> {
  const text = readFileSync(SPEC, 'utf8');
  const section = text.slice(text.indexOf('### 9.2'), text.indexOf('### 9.3'));
  return section
    .split('\n')
    .filter((line) => /^\| \d{4}-\d{2}-\d{2} \|/.test(line))
    .map((line) => {
      const cells = line.split('|').map((cell) => cell.trim());
      return { eol: cells[1]!, area: cells[2]! };
    });
}

const validEntry = {
  id: 'user-widgets-api',
  title: 'Widgets API',
  area: 'Widgets',
  eol: '2027-03-01',
  rule: 'no-deprecated-endpoint',
  replacement: 'Gadgets API',
  docs: 'https://example.test/widgets',
  match: { endpoints: [{ methods: ['GET'], path: '/zones/:zone_id/widgets' }] },
};

function rulesDirWith(name: string, content: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'sunset-rules-'));
  copyFileSync(join(defaultRulesDir(), 'schema.json'), join(dir, 'schema.json'));
  writeFileSync(join(dir, name), content);
  return dir;
}

function loadError(name: string, entry: unknown): CatalogueError {
  const dir = rulesDirWith(name, typeof entry === 'string' ? entry : JSON.stringify(entry));
  try {
    loadBuiltinEntries(dir);
  } catch (error) {
    expect(error).toBeInstanceOf(CatalogueError);
    return error as CatalogueError;
  }
  throw new Error('expected the catalogue to be rejected');
}

describe('built-in catalogue', () => {
  const catalogue = loadCatalogue();

  test('has 22 entries: the 22 rows of spec 9.2 (organizations expanded from 9.4)', () => {
    expect(specScheduleRows()).toHaveLength(22);
    expect(catalogue.entries).toHaveLength(22);
  });

  test('every schedule row of the spec is an entry with exactly its end-of-life date', () => {
    for (const row of specScheduleRows()) {
      const entry = catalogue.entries.find((e) => e.area === row.area);
      expect(entry, `row "${row.area}"`).toBeDefined();
      expect(formatDay(entry!.eol), row.area).toBe(row.eol);
    }
    expect(catalogue.byId.get('organizations-api')?.eol).toEqual(parseDay('2020-02-04'));
  });

  test('encodes the spec facts: railguns, page_shield, the WAF prefix, the draft ciphers', () => {
    const org = catalogue.byId.get('organizations-api')!;
    expect(org.match.endpoints!.some((e) => e.path.endsWith('/railguns/:identifier/zones'))).toBe(true);
    expect(catalogue.byId.get('page-shield-script-monitor-segment')!.match.segments).toEqual([
      { segment: 'script_monitor', replacement: 'page_shield', fix: 'fix' },
    ]);
    const waf = catalogue.byId.get('waf-managed-rules-legacy')!;
    expect(waf.match.endpoints!.map((e) => e.path)).toContain(
      '/zones/:zone_id/firewall/waf/packages/:package_id/groups/:group_id',
    );
    expect(catalogue.byId.get('legacy-chacha20-draft-ciphers')!.match.endpoints).toBeUndefined();
  });

  test('ids are stable kebab-case and every entry has a docs anchor', () => {
    for (const entry of catalogue.entries) {
      expect(entry.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(entry.docs).toBe(`docs/schedule.md#${entry.id}`);
    }
  });
});

describe('schema validation names the file, the entry and the field', () => {
  test.each([
    ['a missing replacement', { ...validEntry, replacement: undefined }, 'replacement', 'is required'],
    ['a date in the wrong format', { ...validEntry, eol: '03/01/2027' }, 'eol', 'must match pattern'],
    ['a date that does not exist', { ...validEntry, eol: '2027-02-30' }, 'eol', 'real date'],
    [
      'an unknown HTTP method',
      { ...validEntry, match: { endpoints: [{ methods: ['FETCH'], path: '/zones/:id' }] } },
      'match.endpoints.0.methods.0',
      'must be one of',
    ],
    ['an unknown field', { ...validEntry, severity: 'high' }, 'severity', 'is not a known field'],
    ['an empty match', { ...validEntry, match: {} }, 'match', 'must NOT have fewer than 1 properties'],
    ['an unknown rule', { ...validEntry, rule: 'no-widgets' }, 'rule', 'must be one of'],
  ])('rejects %s', (_label, entry, field, problem) => {
    const error = loadError('user-widgets-api.json', entry);
    expect(error.message).toContain('user-widgets-api.json');
    expect(error.message).toContain("entry 'user-widgets-api'");
    expect(error.message).toContain(`field '${field}'`);
    expect(error.message).toContain(problem);
    expect(error.field).toBe(field);
  });

  test('a rules folder with a schema.json of its own is checked by that schema, not the built-in one', () => {
    const builtin = JSON.parse(readFileSync(join(defaultRulesDir(), 'schema.json'), 'utf8'));
    const own = {
      ...builtin,
      required: [...builtin.required, 'replacementDocs'],
      properties: { ...builtin.properties, severity: { enum: ['high', 'low'] } },
    };
    const folderWith = (entry: object) => {
      const dir = rulesDirWith('user-widgets-api.json', JSON.stringify(entry));
      writeFileSync(join(dir, 'schema.json'), JSON.stringify(own));
      return dir;
    };
    expect(() => loadBuiltinEntries(folderWith({ ...validEntry, severity: 'high' }))).toThrow(
      "user-widgets-api.json: entry 'user-widgets-api': field 'replacementDocs' is required",
    );
    const [loaded] = loadBuiltinEntries(folderWith({ ...validEntry, severity: 'high', replacementDocs: 'docs/x.md' }));
    expect(loaded?.entry).toMatchObject({ id: 'user-widgets-api', severity: 'high' });
  });

  test('an entry whose text passed a full validation before is taken as it is; any other text is validated', () => {
    // `severity` is no field of the schema: only the validator would reject it.
    const text = JSON.stringify({ ...validEntry, severity: 'high' });
    const dir = rulesDirWith('user-widgets-api.json', text);
    const schema = textFingerprint(readFileSync(join(dir, 'schema.json'), 'utf8'));
    const checked = (entry: string, schemaPrint = schema) => ({
      schema: schemaPrint,
      entries: { 'user-widgets-api.json': entry },
    });
    // The fingerprint says this text passed: not validated again (its unknown field is kept).
    const [trusted] = loadBuiltinEntries(dir, checked(textFingerprint(text)));
    expect(trusted?.entry).toMatchObject({ id: 'user-widgets-api', severity: 'high' });
    expect(formatDay(trusted!.entry.eol)).toBe('2027-03-01');
    // Another text than the one that passed, or another schema: validated in full, the problem named.
    const unknownField = "user-widgets-api.json: entry 'user-widgets-api': field 'severity' is not a known field";
    expect(() => loadBuiltinEntries(dir, checked(textFingerprint(`${text} `)))).toThrow(unknownField);
    expect(() => loadBuiltinEntries(dir, checked(textFingerprint(text), textFingerprint('{}')))).toThrow(unknownField);
    expect(() => loadBuiltinEntries(dir, { schema, entries: {} })).toThrow(unknownField);
    // Another folder than the built-in one has no fingerprints: validated.
    expect(() => loadBuiltinEntries(dir)).toThrow(unknownField);
  });

  test('the built-in fingerprints are those of rules/ as it is, and give the entries a full validation gives', () => {
    const dir = defaultRulesDir();
    const names = readdirSync(dir).filter((name) => name.endsWith('.json') && name !== 'schema.json');
    const fingerprints = Object.fromEntries(
      names.map((name) => [name, textFingerprint(readFileSync(join(dir, name), 'utf8'))]),
    );
    // Stale after an edit of rules/ until `pnpm docs` (which `pnpm docs:check` also says).
    expect(BUILTIN_CHECKED).toEqual({
      schema: textFingerprint(readFileSync(join(dir, 'schema.json'), 'utf8')),
      entries: fingerprints,
    });
    expect(loadBuiltinEntries()).toEqual(loadBuiltinEntries(dir, { schema: '', entries: {} }));
  });

  test('rejects invalid JSON, naming the file', () => {
    expect(loadError('broken.json', '{ "id": ').message).toMatch(/broken\.json: not valid JSON/);
  });

  test('rejects an id that differs from its file name', () => {
    expect(loadError('other-name.json', validEntry).message).toContain("field 'id' must match the file name");
  });
});

describe('user changes to the catalogue', () => {
  test('an addition in the same schema becomes an entry', () => {
    const catalogue = loadCatalogue({ changes: { add: [validEntry] }, changesSource: 'sunset-lint.config.json' });
    expect(catalogue.byId.get('user-widgets-api')?.replacement).toBe('Gadgets API');
    expect(catalogue.sources.get('user-widgets-api')).toEqual({ kind: 'user', file: 'sunset-lint.config.json' });
  });

  test('a malformed addition names the config, its index and the field', () => {
    expect(() =>
      loadCatalogue({ changes: { add: [{ ...validEntry, eol: 'soon' }] }, changesSource: 'sunset-lint.config.json' }),
    ).toThrow(/sunset-lint\.config\.json \(add\[0\]\): entry 'user-widgets-api': field 'eol'/);
  });

  test('an addition may not reuse a built-in id', () => {
    expect(() => loadCatalogue({ changes: { add: [{ ...validEntry, id: 'firewall-rules-api' }] } })).toThrow(
      /field 'id' is already used by rules\/firewall-rules-api\.json/,
    );
  });

  test('an end-of-life override changes the date and so the grade', () => {
    const catalogue = loadCatalogue({ changes: { eolOverrides: { 'firewall-rules-api': '2027-01-15' } } });
    const entry = catalogue.byId.get('firewall-rules-api')!;
    expect(formatDay(entry.eol)).toBe('2027-01-15');
    expect(gradeEol(entry.eol, { asOf: parseDay('2026-11-21')! }).grade).toBe('imminent');
  });

  test('a disabled entry is gone', () => {
    const catalogue = loadCatalogue({ changes: { disable: ['zone-setting-brotli'] } });
    expect(catalogue.byId.has('zone-setting-brotli')).toBe(false);
    expect(catalogue.entries).toHaveLength(21);
  });

  test.each([
    ['eolOverrides', { eolOverrides: { 'firewall-rule-api': '2027-01-01' } }],
    ['disable', { disable: ['firewall-rule-api'] }],
  ])('an unknown id in %s is an error that names it and suggests the closest', (key, changes) => {
    expect(() => loadCatalogue({ changes, changesSource: 'eslint settings' })).toThrow(
      new RegExp(
        `eslint settings \\(${key}\\): unknown catalogue entry id 'firewall-rule-api' \\(did you mean 'firewall-rules-api'\\?\\)`,
      ),
    );
  });

  test('a bad override date is an error naming the id', () => {
    expect(() => loadCatalogue({ changes: { eolOverrides: { 'firewall-rules-api': '2027-13-01' } } })).toThrow(
      /entry 'firewall-rules-api': field 'eol' must be a real date/,
    );
  });
});

describe('shared settings', () => {
  test('defaults', () => {
    const settings = resolveSettings({ asOf: '2026-11-21' });
    expect(settings.imminentDays).toBe(90);
    expect(settings.apiHosts).toEqual(['api.cloudflare.com']);
    expect(settings.severities).toEqual({ expired: 'error', imminent: 'warn', scheduled: 'warn' });
    expect(settings.minConfidence).toBe('medium');
  });

  test.each([
    [{ asof: '2026-01-01' }, "'asof' is not a known setting"],
    [{ asOf: '21/11/2026' }, "'asOf' must be a date written YYYY-MM-DD"],
    [{ imminentDays: -1 }, "'imminentDays' must be a whole number"],
    [{ apiHosts: [] }, "'apiHosts' must be a non-empty list"],
    [{ severities: { expired: 'fatal' } }, '\'severities.expired\' must be "error", "warn" or "off"'],
    [{ severities: { soon: 'warn' } }, "'severities.soon' is not a grade"],
    [{ minConfidence: 'certain' }, "'minConfidence' must be"],
    [{ catalogue: { remove: ['x'] } }, "'catalogue.remove' is not a known key"],
    [{ catalogue: { disable: ['nope'] } }, "unknown catalogue entry id 'nope'"],
  ])('rejects %j', (raw, message) => {
    expect(() => resolveSettings(raw, 'settings["sunset-lint"]')).toThrow(message);
  });
});
