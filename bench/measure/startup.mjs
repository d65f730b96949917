// Cold start: each command in a new process, as a shell, an editor or a pre-commit hook runs it, on
// each Node, round by round, with `node -e 0` (the Node's own start) measured in the same rounds:
// the targets are what the scanner and the plugin add to it.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eslintOnce } from './eslint.mjs';
import { alternate, measureNode } from './process.mjs';
import { AS_OF, BIN, scanOnce } from './scanner.mjs';

/**
 * `corpusRoot`: a repository (the dense corpus); `files`: the paths, relative to it, that a
 * pre-commit hook passes (the staged files). `configs`: eslintConfigs(). Resolves to rows
 * { id, label, files?, byNode: { [node id]: row } }.
 */
export async function measureStartup({ runs, nodes, corpusRoot, files, configs, log }) {
  const work = mkdtempSync(join(tmpdir(), 'sunset-bench-start-'));
  try {
    const empty = join(work, 'empty');
    mkdirSync(empty);
    const commands = [
      { id: 'node', label: '`node -e 0` (the Node alone)', run: (node) => measureNode(['-e', '0'], { node }) },
      { id: 'version', label: '`--version`', run: (node) => measureNode([BIN, '--version'], { node }) },
      {
        id: 'schedule',
        label: '`schedule`',
        run: (node) => measureNode([BIN, 'schedule', '--as-of', AS_OF], { node, okStatus: [0, 1] }),
      },
      { id: 'empty', label: '`scan` of an empty folder', run: (node) => scanOnce(empty, ['.'], [], node) },
      {
        id: 'twenty',
        label: `\`scan\` of ${files.length} files named (a pre-commit run)`,
        run: (node) => scanOnce(corpusRoot, files, [], node),
      },
      {
        id: 'eslint-bare',
        label: `ESLint without the plugin, the same ${files.length} files`,
        run: (node) => eslintOnce({ config: configs.bare, cwd: corpusRoot, paths: files, node }),
      },
      {
        id: 'eslint-plugin',
        label: `ESLint with the plugin, the same ${files.length} files`,
        run: (node) => eslintOnce({ config: configs.plugin, cwd: corpusRoot, paths: files, node }),
      },
    ];
    const variants = nodes.flatMap((node) =>
      commands.map((command) => ({ key: `${command.id}@${node.id}`, run: () => command.run(node.bin) })),
    );
    const measured = await alternate(runs, variants, (round) => log(`start: round ${round + 1}/${runs}`));
    return commands.map((command) => {
      const byNode = {};
      for (const node of nodes) byNode[node.id] = measured.get(`${command.id}@${node.id}`);
      const files = byNode[nodes[0].id].last.files;
      return { id: command.id, label: command.label, files, byNode };
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
