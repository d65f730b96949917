import { createRequire } from 'node:module';
import { PLUGIN_NAMESPACE, RULE_NAMES, UPCOMING_NAMESPACE } from '@sunset-lint/core';
import type { ESLint, Linter } from 'eslint';
import { byGradeProcessor } from './processor.js';
import { rules } from './rules.js';

export { SETTINGS_KEY } from './analysis.js';
export type { GradeOption } from './finding-rule.js';

// By the package's own name, so that the same line serves dist/'s modules and the bundle (dist/bundle/).
const packageJson = createRequire(import.meta.url)('@sunset-lint/eslint-plugin/package.json') as {
  name: string;
  version: string;
};

/**
 * The configs register the plugin as `sunset-lint` (rules `sunset-lint/<rule>`), and as the
 * deprecated `sunset-lint-upcoming`: before one rule name served every grade, `recommended-by-grade`
 * reported upcoming findings under it. It stays registered (with no rule on) so that old disable
 * comments naming it are not "rule not found" errors; ESLint reports them as unused instead. Core
 * owns both names, since suppression comments in either engine name rules by them.
 */
export { PLUGIN_NAMESPACE, UPCOMING_NAMESPACE };

/** Every rule, built from core's rule table (rules.ts). */
export { rules };

export type Plugin = ESLint.Plugin & {
  configs: Record<'recommended' | 'recommended-by-grade', Linter.Config>;
  processors: Record<'by-grade', Linter.Processor>;
};

function everyRule(namespace: string, entry: Linter.RuleEntry): Linter.RulesRecord {
  return Object.fromEntries(RULE_NAMES.map((name) => [`${namespace}/${name}`, entry]));
}

const plugin: Plugin = {
  meta: { name: packageJson.name, version: packageJson.version, namespace: PLUGIN_NAMESPACE },
  rules,
  configs: {} as Plugin['configs'],
  processors: { 'by-grade': byGradeProcessor(RULE_NAMES, { name: PLUGIN_NAMESPACE, version: packageJson.version }) },
};

/** Every rule, every grade, as errors: a deprecated call fails the lint (and the commit). */
plugin.configs.recommended = {
  name: 'sunset-lint/recommended',
  plugins: { [PLUGIN_NAMESPACE]: plugin },
  rules: everyRule(PLUGIN_NAMESPACE, 'error'),
};

/**
 * Every rule with the scanner's judgement: severity per grade from the `severities` setting
 * (default: expired findings are errors, imminent and scheduled ones warnings). Every rule is on as
 * an error under its one name, and the `by-grade` processor lowers the warnings (processor.ts), so a
 * finding keeps its rule name, and its disable comments keep matching, when its date passes.
 */
plugin.configs['recommended-by-grade'] = {
  name: 'sunset-lint/recommended-by-grade',
  plugins: { [PLUGIN_NAMESPACE]: plugin, [UPCOMING_NAMESPACE]: plugin },
  processor: plugin.processors['by-grade'],
  rules: everyRule(PLUGIN_NAMESPACE, 'error'),
};

export default plugin;
