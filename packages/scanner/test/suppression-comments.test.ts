/**
 * The suppression step reads a JavaScript or TypeScript file's comments with oxc-parser where it
 * loads, and with TypeScript's trivia otherwise (`--parser typescript`, `--types`, a file oxc
 * rejects): both readers must give the same comments, or a directive would silence a finding on one
 * path and not on the other. The scans of both parsers are compared in parser-parity.test.ts
 * (generated programs with suppression comments); this compares the comment lists themselves.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadOxc, oxcComments } from '../src/scan/reader/parse-oxc.js';
import { commentsOf } from '../src/scan/suppress/comments.js';
import { fixtureSourceFiles, REPO_ROOT } from '../../core/test/support/fixtures.js';
import { FIREWALL_RULES_CALL, makeProject, runCli } from './scan-cli-support.js';

const loaded = await loadOxc();
const SCAN = ['--format', 'json', '--no-progress', '--as-of', '2026-11-21', '--fail-on', 'none'];

describe.skipIf(!('oxc' in loaded))("oxc-parser's comments are TypeScript's", () => {
  const byOxc = 'oxc' in loaded ? oxcComments(loaded.oxc, loaded.transfer) : () => undefined;

  test('every JavaScript, TypeScript and component fixture: the same comments, in the same places', () => {
    const files = fixtureSourceFiles().filter((file) => /\.(?:[cm]?[jt]sx?|vue|svelte)$/.test(file));
    expect(files.length).toBeGreaterThan(300);
    let compared = 0;
    for (const file of files) {
      const path = join(REPO_ROOT, file);
      const source = readFileSync(path, 'utf8');
      const oxc = byOxc(path, source);
      if (oxc === undefined) continue;
      expect(oxc, file).toEqual(commentsOf(path, source));
      compared += 1;
    }
    // Fixtures oxc rejects (deliberately broken files) are read by TypeScript only.
    expect(compared).toBeGreaterThan(files.length - 10);
  });

  test('the odd places: a hashbang, JSX text, a CommonJS `<!--`, a component, comments between tokens', () => {
    const cases: Record<string, string> = {
      'bin.js': '#!/usr/bin/env node\n// eslint-disable-next-line\nf();\n',
      'page.jsx': 'const p = <p>// not a comment {/* a comment */}</p>; /* after */\n',
      'old.cjs': '<!-- an HTML-like comment\nf(/* inside */); // end\n',
      'view.vue':
        '<template><!-- not read --></template>\n<script lang="ts">\n// read\nconst x = 1; /* too */\n</script>\n',
      'gaps.ts': 'function f(/* a */ x: number /* b */) { return /* c */ x; } // d\n/* e */',
    };
    for (const [name, source] of Object.entries(cases)) {
      const oxc = byOxc(name, source);
      expect(oxc, name).toBeDefined();
      expect(oxc, name).toEqual(commentsOf(name, source));
    }
    expect(byOxc('bin.js', cases['bin.js']!)!.map((comment) => comment.value)).toEqual([' eslint-disable-next-line']);
  });

  test('a file oxc rejects is left to TypeScript: no comments from oxc, and its directive still applies', () => {
    const script = `${FIREWALL_RULES_CALL.replace('await ', '')} // eslint-disable-line sunset-lint/no-deprecated-endpoint\nreturn;\n`;
    expect(byOxc('script.js', script)).toBeUndefined();
    const file = script.replace('${zoneId}', 'z');
    const root = makeProject({ 'script.js': file, 'bare.js': file.replace(/ \/\/ eslint-disable-line .*/, '') });
    for (const parser of ['oxc', 'typescript']) {
      const run = runCli(['scan', '.', ...SCAN, '--parser', parser], { cwd: root });
      const report = JSON.parse(run.stdout);
      expect(
        report.findings.map((finding: { file: string }) => finding.file),
        parser,
      ).toEqual(['bare.js']);
      expect(run.stderr, parser).toContain('1 suppressed by comments');
    }
  });
});
