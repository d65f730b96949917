/** The run's result as text for people (a table, then every miss and false finding) and as JSON. */
import { ENGINES } from './measure.mjs';
import { keyOf, rates, scoreOfDirectory } from './score.mjs';

const TITLES = { 'eslint-plugin': 'eslint-plugin', scanner: 'scanner', grep: 'grep baseline' };
const SCOPES = {
  'eslint-plugin': 'single-file required, cross-file optional',
  scanner: 'single-file, cross-file, terraform and other languages required',
  grep: 'single-file, cross-file, terraform and other languages required, types optional',
};

const percent = (rate) => (rate === null ? '-' : `${(rate * 100).toFixed(1)}%`);

function table(header, rows) {
  const widths = header.map((_, col) => Math.max(...[header, ...rows].map((row) => String(row[col]).length)));
  const line = (row) =>
    row
      .map((cell, col) => (col === 0 ? String(cell).padEnd(widths[col]) : String(cell).padStart(widths[col])))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].map((l) => `  ${l}`).join('\n');
}

const located = (f, lines) => `${f.file}:${f.line} ${f.entryId}  ${lines.text(f.file, f.line)}`;

function summaryTable(result) {
  const rows = Object.entries(result.contenders).map(([name, s]) => {
    const { recall, precision } = rates(s);
    return [
      TITLES[name],
      s.required,
      s.truePositives.length,
      s.optionalFound.length,
      s.falsePositives.length,
      s.missed.length,
      percent(recall),
      percent(precision),
    ];
  });
  return table(['', 'required', 'true', 'optional', 'false', 'missed', 'recall', 'precision'], rows);
}

function directoryTable(result) {
  const names = Object.keys(result.contenders);
  const rows = result.directories.map((dir) => [
    dir,
    ...names.flatMap((name) => {
      const s = scoreOfDirectory(result.contenders[name], dir);
      const { recall, precision } = rates(s);
      return [`${s.truePositives.length}/${s.required}`, percent(recall), percent(precision)];
    }),
  ]);
  return table(['', ...names.flatMap((name) => [TITLES[name], 'recall', 'precision'])], rows);
}

function countBy(items, keyFn) {
  const counts = new Map();
  for (const item of items) counts.set(keyFn(item), (counts.get(keyFn(item)) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a.localeCompare(b));
}

function languageTable(result) {
  const percent = (n, d) => (d === 0 ? '   -  ' : `${((100 * n) / d).toFixed(1).padStart(5)}%`);
  const cell = (s) =>
    s
      ? `${`${s.truePositives}/${s.required}`.padStart(9)} ${percent(s.truePositives, s.required)} ${percent(s.truePositives + s.optionalFound, s.truePositives + s.optionalFound + s.falsePositives)}`
      : '        -      -      -';
  const rows = [`  ${'language'.padEnd(12)} ${'scanner'.padEnd(24)} grep`];
  for (const [language, scores] of Object.entries(result.languages ?? {}).sort(([a], [b]) => a.localeCompare(b)))
    rows.push(`  ${language.padEnd(12)} ${cell(scores.scanner)}   ${cell(scores.grep)}`);
  return rows.join('\n');
}

export function renderText(result, lines, { fixtures, verbose }) {
  const e = result.expectations;
  const out = [
    `sunset-lint accuracy on ${fixtures} as of ${result.asOf}: ${result.files} files, ${e.total} expectations ` +
      `(${e.singleFile} single-file, ${e.crossFile} cross-file, ${e.terraform} terraform, ${e.otherLanguages} in other languages, ${e.typesOnly} types)`,
    `  ${e.typesOnly} types expectations are not scored: they need \`scan --types\`; an engine must not report them without it.`,
    '',
    summaryTable(result),
    '',
    ...Object.keys(result.contenders).map((name) => `  ${TITLES[name]}: ${SCOPES[name]}`),
    '  recall = true / required; precision = (true + optional) / everything reported',
    '',
    'Per language, the scanner with grep beside it (true/required, recall, precision):',
    languageTable(result),
    '',
    'Per fixture directory (true/required, recall, precision):',
    directoryTable(result),
    '',
    'Grep finds, engine misses (acceptance bar: none):',
  ];
  for (const name of ENGINES) {
    const gap = result.grepFindsEngineMisses[name];
    out.push(`  ${TITLES[name]}: ${gap.length ? gap.length : 'none'}`);
    for (const f of gap) out.push(`    ${located(f, lines)}`);
  }
  for (const name of ENGINES) {
    const s = result.contenders[name];
    out.push('', `${TITLES[name]}: ${s.missed.length} missed, ${s.falsePositives.length} false`);
    for (const f of s.missed) out.push(`  missed  ${located(f, lines)}`);
    for (const f of s.falsePositives) out.push(`  false   ${located(f, lines)}`);
    for (const problem of s.problems) out.push(`  problem ${problem}`);
  }
  const grep = result.contenders.grep;
  out.push('', `${TITLES.grep}: ${grep.missed.length} missed, ${grep.falsePositives.length} false`);
  for (const f of grep.missed) out.push(`  missed  ${located(f, lines)}`);
  out.push("  false hits on a path, by why the engines leave them out (the reader's silent contexts):");
  for (const [reason, count] of Object.entries(result.grepPathHitsLeftOut))
    out.push(`    ${String(count).padStart(4)}  ${reason}`);
  out.push(`  false by entry${verbose ? '' : ' (--verbose lists them)'}:`);
  for (const [entryId, count] of countBy(grep.falsePositives, (f) => f.entryId))
    out.push(`    ${String(count).padStart(4)}  ${entryId}`);
  if (verbose) {
    for (const f of grep.falsePositives) out.push(`  false   ${located(f, lines)}  [${f.terms.join(', ')}]`);
    out.push('', 'Grep terms (derived from the catalogue):');
    for (const t of result.terms) out.push(`  ${t.entryId}  ${t.kind}: ${t.term}`);
  }
  return `${out.join('\n')}\n`;
}

export function renderJson(result, lines) {
  const item = (f) => ({
    key: keyOf(f),
    file: f.file,
    line: f.line,
    entryId: f.entryId,
    text: lines.text(f.file, f.line),
  });
  const contenders = Object.fromEntries(
    Object.entries(result.contenders).map(([name, s]) => [
      name,
      {
        scope: SCOPES[name],
        required: s.required,
        truePositives: s.truePositives.length,
        optionalFound: s.optionalFound.length,
        falsePositives: s.falsePositives.length,
        missed: s.missed.length,
        ...rates(s),
        misses: s.missed.map(item),
        falseFindings: s.falsePositives.map((f) => ({ ...item(f), ...(f.terms ? { terms: f.terms } : {}) })),
        problems: s.problems,
        directories: Object.fromEntries(
          result.directories.map((dir) => {
            const d = scoreOfDirectory(s, dir);
            return [
              dir,
              {
                required: d.required,
                truePositives: d.truePositives.length,
                optionalFound: d.optionalFound.length,
                falsePositives: d.falsePositives.length,
                missed: d.missed.length,
                ...rates(d),
              },
            ];
          }),
        ),
      },
    ]),
  );
  return `${JSON.stringify(
    {
      asOf: result.asOf,
      files: result.files,
      expectations: result.expectations,
      contenders,
      grepFindsEngineMisses: Object.fromEntries(
        Object.entries(result.grepFindsEngineMisses).map(([name, gap]) => [name, gap.map(item)]),
      ),
      grepPathHitsLeftOut: result.grepPathHitsLeftOut,
      grepTerms: result.terms,
    },
    null,
    2,
  )}\n`;
}
