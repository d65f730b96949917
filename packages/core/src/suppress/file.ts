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
  return applySuppressions(findings, directives, { asOf: settings.asOf, eslintDirectives: engine.eslintDirectives });
}
