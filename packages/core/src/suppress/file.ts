import type { RuleName } from '../catalogue/types.js';
import type { Finding } from '../findings/finding.js';
import type { ResolvedSettings } from '../options.js';
import { applySuppressions, type SuppressionResult } from './apply.js';
import { mayHoldSuppressions, placeComments, type RawComment } from './comments.js';
import { parseDirectives } from './directives.js';

/**
 * One file's findings through its comments, the step both engines run: the comments are read
 * only when the text has findings and holds a directive word (`comments` is called lazily).
 */
export function suppressInFile<F extends Finding>(
  findings: readonly F[],
  text: string,
  comments: () => Iterable<RawComment>,
  settings: Pick<ResolvedSettings, 'asOf' | 'catalogue'>,
  engine: { eslintDirectives: boolean },
): SuppressionResult<F> {
  if (!mayHoldSuppressions(text)) return { findings: [...findings], suppressed: [], problems: [] };
  const directives = parseDirectives(placeComments(text, comments()), (id) => settings.catalogue.byId.has(id));
  return applySuppressions(findings, directives, {
    asOf: settings.asOf,
    eslintDirectives: engine.eslintDirectives,
    ownerRule: (entryIds) => ownerRule(entryIds, settings),
  });
}

/** The rule that reports a problem of a comment that names no known entry (always on in both configs). */
const FALLBACK_RULE: RuleName = 'no-deprecated-endpoint';

/**
 * The rule that reports a sunset-lint-ignore comment's problem in ESLint: the rule of the first
 * known entry it names, so that disabling that rule drops it too.
 */
export function ownerRule(entryIds: readonly string[], settings: Pick<ResolvedSettings, 'catalogue'>): RuleName {
  const owner = entryIds.map((id) => settings.catalogue.byId.get(id)).find((entry) => entry !== undefined);
  return owner?.rule ?? FALLBACK_RULE;
}
