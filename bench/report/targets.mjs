// Issue 10's targets, each judged on this run's figures: met, not met, or not measured.
import { megabytes, percent, ratio, seconds } from './format.mjs';

const MB = 1024;

/** `results`: { rows: Map<id, row>, eslint: Map<size, {...}> } as run.mjs collects them. */
export function judgeTargets({ row, eslint, installSizes }) {
  const targets = [];
  const add = (target, figure, met) =>
    targets.push({ target, figure, verdict: met === undefined ? 'not measured' : met ? 'met' : 'NOT MET' });
  const wall = (id) => row(id)?.wallMs;
  const known = (...values) => values.every((v) => Number.isFinite(v));

  for (const [id, label, limit] of [
    ['start:empty', '`scan` of an empty folder ≤ 0.3 s', 300],
    ['start:schedule', '`schedule` ≤ 0.3 s', 300],
    ['start:twenty', 'cold 20-file scan ≤ 0.6 s', 600],
  ])
    add(label, seconds(wall(id)), known(wall(id)) ? wall(id) <= limit : undefined);

  const floorRatio = (group) => wall(`${group}:default`) / wall(`${group}:floor`);
  add(
    '≤ 1.0× the floor, 10k generated files',
    ratio(floorRatio('gen-10k')),
    known(floorRatio('gen-10k')) ? floorRatio('gen-10k') <= 1 : undefined,
  );
  add(
    '≤ 0.5× the floor, real code',
    ratio(floorRatio('real')),
    known(floorRatio('real')) ? floorRatio('real') <= 0.5 : undefined,
  );

  const rss10k = row('gen-10k:default')?.maxRssKb;
  const rss50k = row('gen-50k:default')?.maxRssKb;
  add('peak RSS ≤ 300 MB at 10k files', megabytes(rss10k), known(rss10k) ? rss10k <= 300 * MB : undefined);
  add(
    'peak RSS ≤ 450 MB (1.5 × 300 MB) at 50k files',
    known(rss50k, rss10k) ? `${megabytes(rss50k)} (${ratio(rss50k / rss10k)} the 10k figure)` : megabytes(rss50k),
    known(rss50k) ? rss50k <= 450 * MB : undefined,
  );
  const linear = wall('gen-50k:default') / wall('gen-10k:default');
  add('50k-file time ≤ 5.5 × the 10k-file time', ratio(linear), known(linear) ? linear <= 5.5 : undefined);
  const warm = wall('gen-10k:cache');
  add('warm `--cache`, 10k files with 10 changed ≤ 1 s', seconds(warm), known(warm) ? warm <= 1000 : undefined);

  for (const size of [500, 5000]) {
    const pair = eslint(size);
    const speedup = pair ? pair.eslint.wallMs / pair.scanner.wallMs : NaN;
    add(
      `≥ 10× faster than ESLint + plugin at ${size.toLocaleString('en-US')} files`,
      ratio(speedup),
      known(speedup) ? speedup >= 10 : undefined,
    );
  }
  const share = [5000, 500, 100].map((size) => eslint(size)?.eslint.stats).find(Boolean);
  add(
    "the plugin's rules ≤ 5 % of an ESLint run",
    share ? `${percent(share.share)} (${share.files.toLocaleString('en-US')} files)` : 'n/a',
    share ? share.share <= 0.05 : undefined,
  );
  add(
    'install sizes reported (one TypeScript; the plugin without TypeScript)',
    installSizes ? 'see "Install size"' : 'n/a (not in this run: --smoke and --only skip the npm installs)',
    installSizes ? installSizes.met : undefined,
  );
  return targets;
}
