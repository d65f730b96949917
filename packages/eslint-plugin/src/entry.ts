import { createRequire } from 'node:module';
import { pluginModule } from './bundle-choice.js';
import type { Plugin } from './index.js';

/**
 * The package's entry (`exports['.']`): the plugin as one file (`dist/bundle/index.js`, with core
 * inside, written by `pnpm build`) when it is current, else its modules as compiled (`dist/index.js`).
 * Loaded module by module, the plugin's import reads some 150 files of core, which on Node 20 (whose
 * loader has no compile cache, where ESLint's on Node 22+ has one) costs more than linting a few
 * files (docs/eslint-plugin.md, "Start-up"). `require` loads the chosen ES module synchronously
 * (Node 20.19 or later), so a CommonJS config can still `require` the plugin.
 */
const plugin = createRequire(import.meta.url)(
  pluginModule(import.meta.url, process.env),
) as typeof import('./index.js');

export const { PLUGIN_NAMESPACE, UPCOMING_NAMESPACE, SETTINGS_KEY, rules } = plugin;
export type { GradeOption, Plugin } from './index.js';
const main: Plugin = plugin.default;
export default main;
