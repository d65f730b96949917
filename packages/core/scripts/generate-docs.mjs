#!/usr/bin/env node
// Generates docs/schedule.md from the catalogue (rules/*.json), the standalone validators of the
// shipped schemas (generate-validators.mjs), their JSON files for editors and rules/schema.json
// (generate-schema-files.mjs), and a stub page for a rule of the rule table that has none
// (generate-rule-stubs.mjs). With --check, fails when a committed file differs from what the
// catalogue, the schemas and the rule table say, or is missing, so none drifts from the data.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describeMatchers, formatDay, loadCatalogue } from '@sunset-lint/core';
import { generateRuleStubs } from './generate-rule-stubs.mjs';
import { generateSchemaFiles } from './generate-schema-files.mjs';
import { generateValidators } from './generate-validators.mjs';
import { generateBuiltinChecked } from './generate-builtin-checked.mjs';

const target = fileURLToPath(new URL('../../../docs/schedule.md', import.meta.url));
const check = process.argv.includes('--check');

const escape = (value) => value.replaceAll('|', '\\|');
// The schema files first: the catalogue is checked against rules/schema.json, so a field just added
// to the schema must be in that file before the entries that use it load.
const staleGenerated = [
  ...(await generateValidators({ check })),
  ...(await generateSchemaFiles({ check })),
  // After the schema files: every entry is validated against the schema as written.
  ...(await generateBuiltinChecked({ check })),
];
const { entries, sources } = loadCatalogue();

const lines = [
  '# Deprecation schedule',
  '',
  '<!-- Generated from rules/*.json by `pnpm docs`; do not edit by hand (CI runs `pnpm docs:check`). -->',
  '',
  `The catalogue has ${entries.length} entries, one per row of the edge API's deprecation schedule (spec section 9.2; the`,
  'organizations row is expanded from section 9.4). Each entry is a JSON file in `rules/`, validated by',
  '`rules/schema.json`. Grades depend on the date you grade at: see `sunset-lint schedule --as-of YYYY-MM-DD`.',
  '',
  'The Migration column is how `sunset-lint migrate` moves client code off the entry ([migrate.md](migrate.md)):',
  '*automatic* (rewritten to the documented replacement), *assisted* (what the code gives is rewritten, and what',
  'needs a person is written at the place) or *manual* (described below).',
  '',
  '| End of life | Entry | Area | Rule | Replacement | Migration |',
  '|---|---|---|---|---|---|',
  ...entries.map(
    (e) =>
      `| ${formatDay(e.eol)} | [\`${e.id}\`](#${e.id}) | ${escape(e.area)} | [\`${e.rule}\`](rules/${e.rule}.md) | ${escape(e.replacement)} | ${e.migration ? `${e.migration.class}${e.migration.assistedShapes ? ' (some places assisted)' : ''}` : '—'} |`,
  ),
  '',
];
for (const entry of entries) {
  lines.push(`<a id="${entry.id}"></a>`, '', `## ${entry.title}`, '');
  lines.push(
    `- **Id:** \`${entry.id}\` (${sources.get(entry.id)?.kind === 'builtin' ? `[rules/${entry.id}.json](../rules/${entry.id}.json)` : sources.get(entry.id)?.file})`,
  );
  lines.push(`- **End of life:** ${formatDay(entry.eol)}`);
  lines.push(`- **Area:** ${entry.area}`);
  lines.push(`- **Reported by:** [\`sunset-lint/${entry.rule}\`](rules/${entry.rule}.md)`);
  lines.push(
    `- **Replacement:** ${entry.replacement}${entry.replacementDocs ? ` (see [${entry.replacementDocs.replace(/^docs\//, '')}](${entry.replacementDocs.replace(/^docs\//, '')}))` : ''}`,
  );
  if (entry.migration) {
    lines.push(`- **Migration (${entry.migration.class}):** ${entry.migration.description}`);
    if (entry.migration.assistedShapes)
      lines.push(`- **Assisted at these places (not rewritten automatically):** ${entry.migration.assistedShapes}`);
    if (entry.migration.person) lines.push(`- **Needs a person:** ${entry.migration.person}`);
  }
  lines.push('- **Matches:**');
  for (const matcher of describeMatchers(entry)) lines.push(`  - ${matcher}`);
  lines.push('');
}
const rendered = lines.join('\n');

const rulePages = generateRuleStubs({ check });
for (const problem of rulePages.problems) process.stderr.write(`${problem}\n`);
if (check) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // missing counts as stale
  }
  if (current !== rendered) process.stderr.write('docs/schedule.md is stale: run `pnpm docs` and commit the result.\n');
  for (const file of staleGenerated)
    process.stderr.write(`${file} is stale: run \`pnpm docs\` and commit the result.\n`);
  for (const file of rulePages.stale)
    process.stderr.write(
      `${file} is missing: run \`pnpm docs\` for a stub, finish it, then \`pnpm docs:rules\` (see docs/contributing.md).\n`,
    );
  if (current !== rendered || staleGenerated.length > 0 || rulePages.stale.length > 0 || rulePages.problems.length > 0)
    process.exit(1);
  process.stdout.write(
    'docs/schedule.md, the generated validators and fingerprints, the schema files and the rule pages are up to date.\n',
  );
} else {
  writeFileSync(target, rendered);
  process.stdout.write(`wrote docs/schedule.md (${entries.length} entries)\n`);
  for (const file of staleGenerated) process.stdout.write(`wrote ${file}\n`);
  for (const file of rulePages.stale)
    process.stdout.write(`wrote ${file}, a stub: finish it, then run \`pnpm docs:rules\` (see docs/contributing.md)\n`);
  if (rulePages.problems.length > 0) process.exit(1);
}
