// eslint-doc-generator derives the rule prefix from the plugin's name: for `@sunset-lint/eslint-plugin`
// it would be `@sunset-lint`, but the configs register the plugin as `sunset-lint` (the name users
// write in their rules). This entry point gives the generator the built plugin under the unscoped
// name, so titles read `sunset-lint/<rule>` and the config columns find the rules.
import plugin from '../dist/index.js';

export default { ...plugin, meta: { ...plugin.meta, name: 'eslint-plugin-sunset-lint' } };
