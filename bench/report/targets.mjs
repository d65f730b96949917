// The targets, each judged on this run's figures, on each Node measured: met, not met, or not
// measured. Issue 24's first; then those of issue 10 that the default run still measures.
import { count, megabytes, percent, ratio, seconds } from './format.mjs';

const MB = 1024;
const plus = (ms) => `${ms >= 0 ? '+' : '−'}${seconds(Math.abs(ms))}`;
const known = (...values) => values.every((v) => Number.isFinite(v));

/**
 * `nodes`: the Nodes measured (the machine's first); `cell(corpus, mode, nodeId)` a scan row's cell;
 * `files(corpus, mode)` its file count; `start(id, nodeId)` a cold-start cell; `eslint(id)` an
 * ESLint comparison; `parity` the parity checks; `installSizes` when measured.
 */
export function judgeTargets({ nodes, cell, files, start, eslint, parity, installSizes }) {
  const judged = (list) => (target, judge) => {
    const byNode = {};
    for (const node of nodes) {
      const result = judge(node);
      byNode[node.id] =
        result === undefined
          ? { figure: '', verdict: 'not measured' }
          : {
              figure: result.figure,
              verdict: result.met === undefined ? (result.verdict ?? 'not measured') : result.met ? 'met' : 'NOT MET',
            };
    }
    list.push({ target, byNode });
  };
  const wall = (corpus, mode, node) => cell(corpus, mode, node.id)?.wallMs;
  const floorRatio = (corpus, node) => {
    const scan = wall(corpus, 'default', node);
    const floor = wall(corpus, 'floor', node);
    if (!known(scan, floor)) return undefined;
    return { value: scan / floor, figure: `${ratio(scan / floor)} (${seconds(scan)} / ${seconds(floor)})` };
  };
  /** What the target leaves, where measured: the scanner's parser alone and the floor on two cores, × the floor. */
  const headroom = (corpus, node) => {
    const floor = wall(corpus, 'floor', node);
    const parts = [
      ['its parser alone', wall(corpus, 'parser', node)],
      ['the floor on two cores', wall(corpus, 'floor2', node)],
    ].filter(([, ms]) => known(ms, floor));
    return parts.length ? `; ${parts.map(([what, ms]) => `${what} ${ratio(ms / floor)}`).join(', ')}` : '';
  };
  const rss = (corpus, limitMb) => (node) => {
    const kb = cell(corpus, 'default', node.id)?.maxRssKb;
    return known(kb) ? { figure: megabytes(kb), met: kb <= limitMb * MB } : undefined;
  };
  const overNode = (id, limitMs) => (node) => {
    const own = start(id, node.id)?.wallMs;
    const bare = start('node', node.id)?.wallMs;
    if (!known(own, bare)) return undefined;
    return { figure: `${plus(own - bare)} (${seconds(own)}; node -e 0 ${seconds(bare)})`, met: own - bare <= limitMs };
  };

  const issue24 = [];
  const add = judged(issue24);
  /** The measured count, else the nominal one (a target not measured keeps its name). */
  const filesOr = (corpus, nominal) => count(files(corpus, 'default') ?? files(corpus, 'floor') ?? nominal);
  const denseFiles = filesOr('dense', 5_006);
  add(`dense, ${denseFiles} files: scanner ≤ 1.0× the floor on Node 24 (≥ 22), ≤ 1.5× on Node 20`, (node) => {
    const r = floorRatio('dense', node);
    return r && { figure: `${r.figure}${headroom('dense', node)}`, met: r.value <= (node.major >= 22 ? 1 : 1.5) };
  });
  add(`dense, ${denseFiles} files: peak RSS ≤ 300 MB`, rss('dense', 300));
  add(`${filesOr('lib-15k', 14_986)} library files (lib-15k): peak RSS ≤ 450 MB`, rss('lib-15k', 450));
  add(`library JS, ${filesOr('lib-js', 4_405)} files (lib-js): scanner ≤ 0.5× the floor`, (node) => {
    const r = floorRatio('lib-js', node);
    return r && { figure: r.figure, met: r.value <= 0.5 };
  });
  const dense500 = eslint('eslint-500');
  add(`ESLint + plugin vs the scanner, ${count(dense500?.files ?? 506)} dense files: ≥ 10×`, (node) => {
    const pair = dense500?.byNode[node.id];
    if (!pair) return undefined;
    const speedup = pair.eslint.wallMs / pair.scanner.wallMs;
    // What ESLint's time over the floor and over the scanner's parser alone (same files, same rounds)
    // says: the most the ratio could be for a scanner that reads and parses these files so.
    const bounds = [
      ['the floor', pair.floor?.wallMs],
      ['its parser alone', pair.parser?.wallMs],
    ].filter(([, ms]) => known(ms));
    const most = bounds.length
      ? `; ESLint over ${bounds.map(([what, ms]) => `${what} ${ratio(pair.eslint.wallMs / ms)}`).join(', ')}`
      : '';
    return {
      figure: `${ratio(speedup)} (${seconds(pair.eslint.wallMs)} / ${seconds(pair.scanner.wallMs)})${most}`,
      met: speedup >= 10,
    };
  });
  add('`scan` of an empty folder ≤ `node -e 0` + 0.15 s', overNode('empty', 150));
  const twenty = start('twenty', nodes[0].id)?.last?.files;
  add(`\`scan\` of ${twenty ?? 20} files named (pre-commit) ≤ \`node -e 0\` + 0.4 s`, overNode('twenty', 400));
  add('the plugin adds ≤ 0.15 s to ESLint over the same 20 files', (node) => {
    const withPlugin = start('eslint-plugin', node.id)?.wallMs;
    const bare = start('eslint-bare', node.id)?.wallMs;
    if (!known(withPlugin, bare)) return undefined;
    return {
      figure: `${plus(withPlugin - bare)} (${seconds(withPlugin)} / ${seconds(bare)})`,
      met: withPlugin - bare <= 150,
    };
  });
  add("the plugin's rules ≤ 5 % of an ESLint run (`--stats`) ¹", (node) => {
    const pair = ['eslint-5k', 'eslint-500', 'eslint-100']
      .map((id) => eslint(id)?.byNode[node.id])
      .find((p) => p?.stats);
    if (!pair) return undefined;
    const shares = pair.stats.shares ?? [pair.stats.share];
    const spread = shares.length > 1 ? `; runs ${percent(Math.min(...shares))}–${percent(Math.max(...shares))}` : '';
    return {
      figure: `${percent(pair.stats.share)} (${count(pair.stats.files)} files${spread})`,
      met: pair.stats.share <= 0.05,
    };
  });
  add('JavaScript-only scan (lib-js): default ≤ 1.05× `--languages javascript`', (node) => {
    const all = wall('lib-js', 'default', node);
    const js = wall('lib-js', 'languages', node);
    if (!known(all, js)) return undefined;
    return { figure: `${ratio(all / js)} (${seconds(all)} / ${seconds(js)})`, met: all / js <= 1.05 };
  });
  const parityOf = (kind, label) => (node) => {
    const list = parity.filter((p) => p.kind === kind && p.node === node.id);
    if (!list.length)
      return kind === 'parser' && node.major < 22
        ? { figure: "n/a: not run on Node 20 (oxc's JSON transfer there: the parity tests)", verdict: 'n/a' }
        : undefined;
    const differing = list.filter((p) => !p.same).map((p) => p.corpus);
    const corpora = list.map((p) => p.corpus).join(', ');
    return {
      figure: differing.length ? `DIFFER: ${differing.join(', ')}` : `identical (${label}): ${corpora}`,
      met: differing.length === 0,
    };
  };
  add(
    'findings byte-identical, `--parser oxc` vs `--parser typescript`, every corpus',
    parityOf('parser', 'oxc = typescript'),
  );
  add(
    'findings byte-identical, `--concurrency off`, `2`, `auto`, every corpus',
    parityOf('concurrency', 'off = 2 = auto'),
  );

  const issue10 = [];
  const old = judged(issue10);
  for (const [id, label, limit] of [
    ['empty', '`scan` of an empty folder ≤ 0.3 s', 300],
    ['schedule', '`schedule` ≤ 0.3 s', 300],
    ['twenty', `cold ${twenty ?? 20}-file scan ≤ 0.6 s`, 600],
  ])
    old(label, (node) => {
      const ms = start(id, node.id)?.wallMs;
      return known(ms) ? { figure: seconds(ms), met: ms <= limit } : undefined;
    });
  old('≤ 1.0× the floor, 10k generated files (gen-10k)', (node) => {
    const r = floorRatio('gen-10k', node);
    return r && { figure: r.figure, met: r.value <= 1 };
  });
  old('peak RSS ≤ 300 MB at 10k generated files', rss('gen-10k', 300));
  old('warm `--cache`, 10k files with 10 changed ≤ 1 s', (node) => {
    const ms = wall('gen-10k', 'cache', node);
    return known(ms) ? { figure: seconds(ms), met: ms <= 1000 } : undefined;
  });
  if (files('gen-50k', 'default')) {
    old('peak RSS ≤ 450 MB at 50k generated files', rss('gen-50k', 450));
    old('50k-file time ≤ 5.5 × the 10k-file time', (node) => {
      const linear = wall('gen-50k', 'default', node) / wall('gen-10k', 'default', node);
      return known(linear) ? { figure: ratio(linear), met: linear <= 5.5 } : undefined;
    });
  }
  const gen5k = eslint('eslint-5k');
  if (gen5k)
    old('≥ 10× faster than ESLint + plugin at 5,000 generated files', (node) => {
      const pair = gen5k.byNode[node.id];
      if (!pair) return undefined;
      const speedup = pair.eslint.wallMs / pair.scanner.wallMs;
      return { figure: ratio(speedup), met: speedup >= 10 };
    });
  old('install sizes reported (one TypeScript; the plugin without TypeScript)', (node) =>
    node === nodes[0]
      ? installSizes
        ? { figure: 'see "Install size"', met: installSizes.met }
        : { figure: 'n/a (--smoke and --only skip the npm installs)', verdict: 'not measured' }
      : undefined,
  );
  return { issue24, issue10 };
}
