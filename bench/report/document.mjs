// The tables, for the terminal and for docs/benchmarks.md (generated; the same figures in both), with
// a column per Node measured.
import { count, markdownTable, megabytes, percent, ratio, seconds, textTable } from './format.mjs';

const ESLINT_NOTE =
  "ESLint runs with the plugin's recommended config alone (TypeScript through typescript-eslint's parser), the real\n" +
  "`eslint` CLI, one process per run, alternating with the scanner's runs. ¹ The plugin's share: the time ESLint's\n" +
  "`--stats` gives the plugin's rules, over the wall time of a run of the same files with @eslint/js and\n" +
  "typescript-eslint recommended beside the plugin (a project's run): the median of three such runs. ² In the same\n" +
  "rounds, the floor and the scanner's parser alone (as in the corpus table's note ³) over the same files: ESLint's\n" +
  'time over either is the most "faster by" could be for a scanner that parses every one of these files so.';

const SCAN_NOTE =
  "² A parity variant: run once (round 1), its findings compared byte for byte with the default's. On Node ≥ 22 the\n" +
  '`--concurrency` variants also name `--parser oxc`, so a silent fallback to TypeScript cannot pass the parser check.\n' +
  "Empty cells: not measured on that Node (the corpora of issue 10 are timed on the machine's Node only).\n" +
  "³ What the targets leave (bench/measure/floor.mjs). The scanner's parser alone: the parser the scanner takes on\n" +
  "that Node (oxc-parser's raw transfer on Node ≥ 22; TypeScript's parser and the conversion to ESTree on Node 20)\n" +
  "and one walk with the reader's walker, reading nothing: the scanner's time above it is reading, resolving,\n" +
  'matching and planning. The floor on two cores: the floor over the two halves of the files in two processes at\n' +
  'once (peak RSS added): what a second core gives this work on this machine, 0.5× a whole core, 1.0× none.';

const short = (node) => `Node ${node.major}`;
const runsOf = (cells) => {
  const list = [...new Set(cells.filter(Boolean).map((c) => c.runs))];
  return list.join(' / ');
};

function scanTable(rows, nodes) {
  const header = [
    'corpus',
    'mode',
    'files',
    ...nodes.flatMap((n) => [`${short(n)} wall`, `${short(n)} × floor`, `${short(n)} peak RSS`]),
    'runs',
  ];
  const body = rows.map((r) => {
    if (r.missing) return [r.corpus, r.label, '', r.missing, ...nodes.flatMap(() => ['', '', '']).slice(1), ''];
    const cells = nodes.map((n) => r.byNode[n.id]);
    return [
      r.corpus,
      r.label,
      count(r.files),
      ...cells.flatMap((c) =>
        c ? [seconds(c.wallMs), c.floorMs ? ratio(c.wallMs / c.floorMs) : '', megabytes(c.maxRssKb)] : ['', '', ''],
      ),
      runsOf(cells),
    ];
  });
  return { header, body };
}

function eslintTable(pairs, nodes) {
  const header = [
    'set',
    'files',
    ...nodes.flatMap((n) => [
      `${short(n)} ESLint + plugin`,
      `${short(n)} scanner`,
      `${short(n)} faster by`,
      `${short(n)} floor / parser alone ²`,
      `${short(n)} plugin's share ¹`,
      `${short(n)} peak RSS (ESLint / scanner)`,
    ]),
    'runs',
  ];
  const body = pairs.map((p) => {
    const cells = nodes.map((n) => p.byNode[n.id]);
    return [
      p.id,
      count(p.files),
      ...cells.flatMap((c) =>
        c
          ? [
              seconds(c.eslint.wallMs),
              seconds(c.scanner.wallMs),
              ratio(c.eslint.wallMs / c.scanner.wallMs),
              c.floor && c.parser ? `${seconds(c.floor.wallMs)} / ${seconds(c.parser.wallMs)}` : '',
              c.stats ? percent(c.stats.share) : '',
              `${megabytes(c.eslint.maxRssKb)} / ${megabytes(c.scanner.maxRssKb)}`,
            ]
          : ['', '', '', '', '', ''],
      ),
      runsOf(cells.flatMap((c) => (c ? [c.eslint] : []))),
    ];
  });
  return { header, body };
}

function startupTable(rows, nodes) {
  return {
    header: ['command', ...nodes.flatMap((n) => [`${short(n)} wall`, `${short(n)} peak RSS`]), 'runs'],
    body: rows.map((r) => [
      r.label,
      ...nodes.flatMap((n) => {
        const c = r.byNode[n.id];
        return c ? [seconds(c.wallMs), megabytes(c.maxRssKb)] : ['', ''];
      }),
      runsOf(nodes.map((n) => r.byNode[n.id])),
    ]),
  };
}

function targetsTable(targets, nodes) {
  return {
    header: ['target', ...nodes.flatMap((n) => [`${n.label}`, 'verdict'])],
    body: targets.map((t) => [t.target, ...nodes.flatMap((n) => [t.byNode[n.id].figure, t.byNode[n.id].verdict])]),
  };
}

function installTable(sizes) {
  const keys = [...new Set(sizes.rows.flatMap((row) => Object.keys(row)))];
  return {
    header: keys,
    body: sizes.rows.map((row) =>
      keys.map((key) => (typeof row[key] === 'object' ? JSON.stringify(row[key]) : String(row[key] ?? ''))),
    ),
  };
}

function sections(results) {
  const { nodes } = results;
  const list = [];
  list.push(['Targets of issue 24', targetsTable(results.targets.issue24, nodes)]);
  if (results.startup.length) list.push(['Cold start', startupTable(results.startup, nodes)]);
  if (results.scans.length)
    list.push(['Scans (each row one process, start-up included)', scanTable(results.scans, nodes)]);
  if (results.eslint.length) list.push(['Against ESLint (the same files)', eslintTable(results.eslint, nodes)]);
  if (results.installSizes) list.push(['Install size (bench/install-size.mjs)', installTable(results.installSizes)]);
  list.push(['Targets of issue 10 still measured', targetsTable(results.targets.issue10, nodes)]);
  return list;
}

const noteOf = (title) =>
  title.startsWith('Against ESLint') ? ESLINT_NOTE : title.startsWith('Scans') ? SCAN_NOTE : undefined;

export function consoleReport(results) {
  return sections(results)
    .map(([title, table]) => `${title}\n${textTable(table.header, table.body)}`)
    .concat(results.checks.length ? [`Checks\n${results.checks.map((c) => `  ${c}`).join('\n')}`] : [])
    .join('\n\n');
}

export function markdownReport(results) {
  const m = results.machine;
  const nodes = results.nodes.map((n) => n.label).join(' and ');
  return [
    '# Benchmarks',
    '',
    '<!-- Generated by `pnpm bench` (bench/run.mjs); do not edit by hand. -->',
    '',
    `Measured on ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, load average at start ${m.loadAtStart}; ${nodes}; ${m.date}; commit ${m.commit}.`,
    '',
    'Every figure is one whole process, timed from spawn to exit (start-up included), as a user waits for it, on the Node',
    'of its column (the scanner, the floor and ESLint each spawned with that binary); the median of',
    `${results.runs} run(s), taken round by round: each round runs every variant of a group once, on every Node in turn,`,
    'so that a change of the load hits them alike (cold start: 9 rounds; lib-js: 7, for its JavaScript-only pair;',
    "lib-15k: one round). Peak RSS is the process's `maxRSS` (worker threads included). The floor is reading,",
    "parsing (TypeScript's `createSourceFile`) and walking every node of the same files on one thread, in its own",
    'process, on the same Node, TypeScript imported inside the timed process. `dense` is seeded API client code where',
    'every file calls the API',
    '(`bench/corpus/dense.mjs`: `src/modNN/` modules importing a shared axios client, 6–15 calling functions each,',
    '~0.8 % of the calls on retired paths, each planted and checked); `gen-*` are seeded application repositories',
    '(about 5 % of files call the API). Library code is the sources of the npm packages pinned in `bench/package.json`:',
    '`lib-js` the JavaScript files of axios, express, rxjs, undici, zod, date-fns and lodash-es (no TypeScript and no',
    'other language: the JavaScript-only scan), `lib-15k` every source file of every pinned package (core-js, lodash,',
    "three, ramda, moment, highlight.js too, and the SDK's `src/`), `sdk` the provider's own SDK (`cloudflare`'s",
    '`src/`, where nearly every module calls the API). To keep the default run near 25 minutes on 2 cores: the corpora',
    "of issue 10 are timed on the machine's Node only (Node 24 runs their parity scans), lib-15k runs its parity scans",
    'on Node 24 only, `--types` is measured on gen-1k only, and the 50k-file corpus and ESLint at 5,000 files are not in',
    'it (`--only gen-50k`, `--only eslint-5k` measure them); `real` (issue 10) is now part of `lib-js` and `lib-15k`.',
    'Shared machines vary by ±30 %: compare rows of one run, not runs.',
    '',
    ...sections(results).flatMap(([title, table]) => [
      `## ${title}`,
      '',
      markdownTable(table.header, table.body),
      '',
      ...(noteOf(title) ? [noteOf(title), ''] : []),
    ]),
    ...(results.checks.length ? ['## Checks', '', ...results.checks.map((c) => `- ${c}`), ''] : []),
  ].join('\n');
}
