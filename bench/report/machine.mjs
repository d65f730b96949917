// What the figures were measured on: they only compare within one run on one machine.
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';

export function describeMachine(repoRoot) {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: repoRoot, encoding: 'utf8' }).trim();
    if (dirty) commit += ' (with uncommitted changes)';
  } catch {
    // Not a git checkout (an unpacked tarball): the commit stays unknown.
  }
  return {
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    loadAtStart: loadavg()
      .map((value) => value.toFixed(2))
      .join(' '),
    node: process.version,
    date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    commit,
  };
}
