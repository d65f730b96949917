import { ESLintUtils } from '@typescript-eslint/utils';

/** Rule pages live in the repository's `docs/rules/`; editors link each diagnostic to its page. */
export const RULE_DOCS_BASE_URL = 'https://github.com/sunset-lint/sunset-lint/blob/main/docs/rules/';

export const createRule = ESLintUtils.RuleCreator((name) => `${RULE_DOCS_BASE_URL}${name}.md`);
