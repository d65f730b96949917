/**
 * Vue and Svelte single-file components added through `include` (issue 27, low item): the scanner
 * reads their `<script>` elements, in place (a finding's line and column are the component's),
 * as ESLint reads them with vue-eslint-parser or svelte-eslint-parser, not the whole file as JSX.
 */
import { describe, expect, test } from 'vitest';
import { loadOxc } from '../src/scan/reader/parse-oxc.js';
import { makeProject, parseJsonReport, runCli } from './scan-cli-support.js';

const oxcRuns = 'oxc' in (await loadOxc());
const parsers = oxcRuns ? ['typescript', 'oxc'] : ['typescript'];
const CONFIG = JSON.stringify({ include: ['**/*.{vue,svelte}'] });

const VUE = [
  '<template>',
  '  <button @click="load">Rate limits for {{ zone }}</button>',
  '  <p>https://api.cloudflare.com/client/v4/zones/z/firewall/rules is not code here</p>',
  '</template>',
  '',
  '<script setup lang="ts">',
  "const API: string = 'https://api.cloudflare.com/client/v4';",
  'const props = defineProps<{ zone: string }>();',
  '// eslint-disable-next-line sunset-lint/no-deprecated-endpoint',
  'const silenced = () => fetch(`${API}/zones/${props.zone}/firewall/rules`);',
  'const load = () => fetch(`${API}/zones/${props.zone}/rate_limits`);',
  '</script>',
  '',
  '<style scoped>',
  'button { color: red; }',
  '</style>',
  '',
].join('\n');

const SVELTE = [
  '<script>',
  "  const API = 'https://api.cloudflare.com/client/v4';",
  '  export let zone;',
  '  const load = () => fetch(`${API}/zones/${zone}/rate_limits`);',
  '</script>',
  '',
  '<button on:click={load}>Load {zone}</button>',
  '',
].join('\n');

describe('components named by include: their scripts are scanned in place', () => {
  test.each(parsers)('--parser %s', (parser) => {
    const root = makeProject({ 'sunset-lint.config.json': CONFIG, 'src/Zone.vue': VUE, 'src/Zone.svelte': SVELTE });
    const run = runCli(
      ['scan', '.', '--format', 'json', '--fail-on', 'none', '--as-of', '2026-11-21', '--parser', parser],
      {
        cwd: root,
      },
    );
    expect(run.status, run.stderr).toBe(0);
    const report = parseJsonReport(run.stdout);
    expect(report.diagnostics).toEqual([]);
    expect(report.findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.entryId}`).sort()).toEqual([
      'src/Zone.svelte:4:49 rate-limiting-legacy',
      'src/Zone.vue:11:53 rate-limiting-legacy',
    ]);
  });
});
