import { readFileSync } from 'node:fs';
import type { RuleName } from '@sunset-lint/core';
import type { ESLint, Linter, Rule } from 'eslint';
import noDeprecatedEndpoint from './rules/no-deprecated-endpoint.js';
import noDeprecatedField from './rules/no-deprecated-field.js';
import noDnsErrorChain from './rules/no-dns-error-chain.js';
import noDnsRecordLocked from './rules/no-dns-record-locked.js';
import noLbNotificationEmail from './rules/no-lb-notification-email.js';
import noLegacyChacha20Ciphers from './rules/no-legacy-chacha20-ciphers.js';
import noSrvDataNameFields from './rules/no-srv-data-name-fields.js';
import noTransferEncodingWithContentLength from './rules/no-transfer-encoding-with-content-length.js';

export { SETTINGS_KEY } from './analysis.js';
export type { GradeOption } from './finding-rule.js';

const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  name: string;
  version: string;
};

/** The namespace the configs register the plugin under: rules are `sunset-lint/<rule>`. */
export const PLUGIN_NAMESPACE = 'sunset-lint';
/** The second namespace of `recommended-by-grade`, for the warnings about what is not expired yet. */
export const UPCOMING_NAMESPACE = 'sunset-lint-upcoming';

export const rules = {
  'no-deprecated-endpoint': noDeprecatedEndpoint,
  'no-srv-data-name-fields': noSrvDataNameFields,
  'no-dns-record-locked': noDnsRecordLocked,
  'no-dns-error-chain': noDnsErrorChain,
  'no-transfer-encoding-with-content-length': noTransferEncodingWithContentLength,
  'no-lb-notification-email': noLbNotificationEmail,
  'no-legacy-chacha20-ciphers': noLegacyChacha20Ciphers,
  'no-deprecated-field': noDeprecatedField,
} satisfies Record<RuleName, Rule.RuleModule>;

type Plugin = ESLint.Plugin & {
  configs: Record<'recommended' | 'recommended-by-grade', Linter.Config>;
};

const ruleNames = Object.keys(rules) as RuleName[];

function everyRule(namespace: string, entry: Linter.RuleEntry): Linter.RulesRecord {
  return Object.fromEntries(ruleNames.map((name) => [`${namespace}/${name}`, entry]));
}

const plugin: Plugin = {
  meta: { name: packageJson.name, version: packageJson.version, namespace: PLUGIN_NAMESPACE },
  rules,
  configs: {} as Plugin['configs'],
};

/** Every rule, every grade, as errors: a deprecated call fails the lint (and the commit). */
plugin.configs.recommended = {
  name: 'sunset-lint/recommended',
  plugins: { [PLUGIN_NAMESPACE]: plugin },
  rules: everyRule(PLUGIN_NAMESPACE, 'error'),
};

/**
 * Every rule with the scanner's default judgement: expired findings are errors, imminent and
 * scheduled ones warnings. ESLint has one severity per rule, so the plugin is registered a second
 * time under another namespace for the warnings; both read the same per-file analysis.
 */
plugin.configs['recommended-by-grade'] = {
  name: 'sunset-lint/recommended-by-grade',
  plugins: { [PLUGIN_NAMESPACE]: plugin, [UPCOMING_NAMESPACE]: plugin },
  rules: {
    ...everyRule(PLUGIN_NAMESPACE, ['error', { grades: ['expired'] }]),
    ...everyRule(UPCOMING_NAMESPACE, ['warn', { grades: ['imminent', 'scheduled'] }]),
  },
};

export default plugin;
