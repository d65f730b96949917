/**
 * The pre-commit framework's install of a `language: node` hook repository, step by step as its
 * pre_commit/languages/node.py does it: `npm install` in the repository (dev and prod dependencies),
 * `npm pack` of the repository root, then `npm install -g` of that tarball into the hook's own
 * prefix; the hook's entry then runs with that prefix's bin/ first on PATH.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** A copy of the repository as `git clone` would give it (tracked and new files, nothing ignored). */
function cloneLike(repo, destination) {
  mkdirSync(destination, { recursive: true });
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repo,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean);
  // Through tar, so modes (executable bins) survive; paths come from git, one per NUL.
  execFileSync('sh', ['-c', `tar -C "$1" --null -T - -cf - | tar -C "$2" -xf -`, 'sh', repo, destination], {
    input: `${files.join('\0')}\0`,
  });
}

/**
 * Installs the hook repository `repo` as pre-commit would; returns the environment's bin folder.
 * Throws with npm's output when a step fails.
 */
export async function installLikePreCommit(repo, work) {
  const clone = join(work, 'hook-repo');
  const prefix = join(work, 'hook-env');
  cloneLike(repo, clone);
  // pre-commit points npm's prefix at the hook environment (it also unsets the user's npmrc, which is
  // kept here so that a CI's registry settings still apply).
  const env = { ...process.env, NPM_CONFIG_PREFIX: prefix, npm_config_prefix: prefix };
  const npm = async (args, cwd) => {
    try {
      return (await execFileAsync('npm', args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })).stdout;
    } catch (error) {
      throw new Error(`npm ${args.join(' ')} (in ${cwd}) failed:\n${error.stderr || error.message}`);
    }
  };
  await npm(
    [
      'install',
      '--include=dev',
      '--include=prod',
      '--ignore-prepublish',
      '--no-progress',
      '--no-save',
      '--no-audit',
      '--no-fund',
    ],
    clone,
  );
  const tarball = (await npm(['pack'], clone)).trim().split('\n').at(-1);
  await npm(['install', '-g', join(clone, tarball), '--no-audit', '--no-fund'], clone);
  return join(prefix, 'bin');
}

/** The `entry` of the hook `id` in `.pre-commit-hooks.yaml` (a plain one-line scalar). */
export function hookEntry(repo, id) {
  const manifest = readFileSync(join(repo, '.pre-commit-hooks.yaml'), 'utf8');
  const hook = manifest.split(/^- /m).find((block) => new RegExp(`^id: ${id}$`, 'm').test(`${block}`));
  const entry = hook && /^\s*entry: (.+)$/m.exec(hook)?.[1];
  if (!entry) throw new Error(`.pre-commit-hooks.yaml: no entry for the hook '${id}'`);
  return entry.trim().split(/\s+/);
}
