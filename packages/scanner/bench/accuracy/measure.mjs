/** One accuracy run: the corpus, the three contenders, their scores. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCatalogue } from '@sunset-lint/core';
import { runPlugin, runScanner } from './engines.mjs';
import { fixtureDirectories, readExpectations, sourceFiles } from './expectations.mjs';
import { grepHits, grepTerms } from './grep-baseline.mjs';
import { grepFindsEngineMisses, score } from './score.mjs';
import { explainGrepHits } from './grep-silent.mjs';
import { kindOfPath, kindOfShebang } from '../../dist/languages/kinds.js';

/**
 * The language a fixture file (relative to `root`) is read as: `javascript` for JavaScript and
 * TypeScript, an extensionless script's by its shebang, `unread` for a format no reader takes.
 */
export function languageOfFile(file, root) {
  if (/\.tf$/i.test(file)) return 'terraform';
  if (/\.(js|jsx|mjs|cjs|ts|tsx|mts|cts)$/i.test(file)) return 'javascript';
  const kind = kindOfPath(file);
  if (kind !== 'shebang') return kind?.language ?? 'unread';
  let firstLine = '';
  try {
    firstLine = readFileSync(join(root, file), 'utf8').split('\n', 1)[0];
  } catch {
    // A file that cannot be read is no script of any language.
  }
  return kindOfShebang(firstLine)?.language ?? 'unread';
}

/** The scanner's and grep's scores per language: each language's figures with its grep baseline beside them. */
function byLanguage(contenders, root) {
  const languages = {};
  for (const name of ['scanner', 'grep']) {
    const s = contenders[name];
    const add = (list, field) => {
      for (const f of list) {
        const language = languageOfFile(f.file, root);
        languages[language] ??= {};
        languages[language][name] ??= { required: 0, truePositives: 0, falsePositives: 0, optionalFound: 0 };
        languages[language][name][field] += 1;
      }
    };
    add(s.truePositives, 'truePositives');
    add(s.truePositives, 'required');
    add(s.missed, 'required');
    add(s.falsePositives, 'falsePositives');
    add(s.optionalFound, 'optionalFound');
  }
  return languages;
}

/** The engines the acceptance bar is about; grep is the baseline they are held against. */
export const ENGINES = ['eslint-plugin', 'scanner'];

export async function measure({ root, asOf, only }) {
  const directories = only ? [only] : fixtureDirectories(root);
  const expectations = readExpectations(root, directories);
  const files = await sourceFiles(root, directories);
  // Expectations in files of the other languages are the scanner's alone (ESLint lints JavaScript).
  const eslintSees = (e) => languageOfFile(e.file) === 'javascript';
  const singleFile = expectations.filter((e) => e.resolution === 'single-file' && eslintSees(e));
  const crossFile = expectations.filter((e) => e.resolution === 'cross-file' && eslintSees(e));
  const otherLanguages = expectations.filter(
    (e) => (e.resolution === 'single-file' || e.resolution === 'cross-file') && !eslintSees(e),
  );
  // `types` expectations need `scan --types`: without it an engine must not report them (so a
  // report there is false), and grep, which cannot know, may hit them freely.
  const typesOnly = expectations.filter((e) => e.resolution === 'types');
  // `.tf` files: only the scanner reads them (and grep, which reads every file it is given).
  const terraform = expectations.filter((e) => e.resolution === 'terraform');

  const [plugin, scanner] = await Promise.all([
    runPlugin(root, files.absolute, asOf),
    runScanner(root, directories, asOf),
  ]);
  const terms = grepTerms(loadCatalogue());
  const grepped = {
    absolute: [...files.absolute, ...files.terraform.absolute],
    relative: [...files.relative, ...files.terraform.relative],
  };
  const sources = grepped.relative.map((file, i) => ({
    file,
    lines: readFileSync(grepped.absolute[i], 'utf8').split(/\r?\n/),
  }));
  const grep = grepHits(sources, terms);

  const contenders = {
    'eslint-plugin': { ...score(plugin.found, singleFile, crossFile), problems: plugin.problems },
    scanner: {
      ...score(scanner.found, [...singleFile, ...crossFile, ...terraform, ...otherLanguages]),
      problems: scanner.problems,
    },
    grep: { ...score(grep, [...singleFile, ...crossFile, ...terraform, ...otherLanguages], typesOnly), problems: [] },
  };
  return {
    asOf,
    directories,
    files: files.relative.length + files.terraform.relative.length,
    expectations: {
      total: expectations.length,
      singleFile: singleFile.length,
      crossFile: crossFile.length,
      typesOnly: typesOnly.length,
      terraform: terraform.length,
      otherLanguages: otherLanguages.length,
    },
    contenders,
    grepFindsEngineMisses: Object.fromEntries(
      ENGINES.map((name) => [name, grepFindsEngineMisses(contenders.grep, contenders[name])]),
    ),
    languages: byLanguage(contenders, root),
    terms: terms.map(({ entryId, kind, term }) => ({ entryId, kind, term })),
    grepPathHitsLeftOut: Object.fromEntries(countReasons(explainGrepHits(root, contenders.grep.falsePositives, asOf))),
  };
}

/** What `--check` fails on: an engine misses, reports falsely, or misses what grep finds. */
export function failures(result) {
  return ENGINES.flatMap((name) => {
    const s = result.contenders[name];
    const problems = [];
    if (s.missed.length) problems.push(`${name} misses ${s.missed.length} expected finding(s)`);
    if (s.falsePositives.length) problems.push(`${name} has ${s.falsePositives.length} false finding(s)`);
    const gap = result.grepFindsEngineMisses[name].length;
    if (gap) problems.push(`${name} misses ${gap} finding(s) that grep finds`);
    return problems;
  });
}

function countReasons(reasons) {
  const counts = new Map();
  for (const reason of reasons.values()) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}
