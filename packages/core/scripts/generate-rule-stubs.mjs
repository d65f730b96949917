// The rule pages (docs/rules/<name>.md) against core's rule table (RULE_TABLE in
// src/catalogue/rule-table.ts), via the built dist: run `tsc -b` first. A rule without a page gets
// a stub to write (its "why", empty examples that the plugin's docs test fails on until they are
// written, the grades option and the catalogue entries it reports); `pnpm docs:rules` then writes
// its header and options list. A page that names no rule of the table is a problem in both modes.
// Called by generate-docs.mjs (`pnpm docs`; `pnpm docs:check` fails on a missing page).
import { readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatDay, loadCatalogue, RULE_NAMES, RULE_TABLE } from '@sunset-lint/core';

const RULE_DOCS = 'docs/rules';
const rulesFolder = fileURLToPath(new URL(`../../../${RULE_DOCS}/`, import.meta.url));

/** The first page of a new rule, for its author to finish. */
function stub(name) {
  const row = RULE_TABLE[name];
  const entries = loadCatalogue().entries.filter((entry) => entry.rule === name);
  return [
    `# sunset-lint/${name}`,
    '',
    '<!-- end auto-generated rule header -->',
    '',
    '<!-- What the rule reports, where, and what it leaves alone; then why it fixes, suggests or does neither: -->',
    '',
    row.why,
    '',
    '## Examples',
    '',
    '### Incorrect',
    '',
    '```ts',
    '```',
    '',
    '### Correct',
    '',
    '```ts',
    '```',
    '',
    '## Options',
    '',
    '<!-- begin auto-generated rule options list -->',
    '<!-- end auto-generated rule options list -->',
    '',
    "`grades` picks which findings this rule reports, by how close their end of life is (as of the settings' `asOf`,",
    'default today in UTC): `expired` (on or before `asOf`), `imminent` (within `imminentDays`, default 90) or',
    '`scheduled` (later). ESLint gives a rule one severity, so to make expired findings errors and the rest warnings',
    'use the `recommended-by-grade` config or the recipe in [the plugin guide](../eslint-plugin.md#grades-and-severities).',
    '',
    '```js',
    '// eslint.config.mjs: fail only on what has already reached end of life',
    `rules: { 'sunset-lint/${name}': ['error', { grades: ['expired'] }] }`,
    '```',
    '',
    "The shared settings (`settings['sunset-lint']`: `asOf`, `imminentDays`, `apiHosts`, `severities`,",
    '`minConfidence`, `catalogue`) are described in [the plugin guide](../eslint-plugin.md#settings).',
    '',
    '## Catalogue entries',
    '',
    '| Entry | End of life | What |',
    '|---|---|---|',
    ...entries.map(
      (entry) => `| [\`${entry.id}\`](../schedule.md#${entry.id}) | ${formatDay(entry.eol)} | ${entry.title} |`,
    ),
    '',
  ].join('\n');
}

/**
 * Writes a stub for every rule without a page, or with `check` only lists them. Returns the
 * missing pages (`stale`, as the other generators do) and the pages that name no rule (`problems`).
 */
export function generateRuleStubs({ check }) {
  const pages = new Set(readdirSync(rulesFolder).filter((file) => file.endsWith('.md')));
  const stale = [];
  for (const name of RULE_NAMES) {
    if (pages.has(`${name}.md`)) continue;
    stale.push(`${RULE_DOCS}/${name}.md`);
    if (!check) writeFileSync(`${rulesFolder}${name}.md`, stub(name));
  }
  const known = new Set(RULE_NAMES.map((name) => `${name}.md`));
  const problems = [...pages]
    .filter((page) => !known.has(page))
    .map(
      (page) =>
        `${RULE_DOCS}/${page} names no rule of the rule table (packages/core/src/catalogue/rule-table.ts): add the rule's row, or remove the page.`,
    );
  return { stale, problems };
}
