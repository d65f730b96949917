import type { TSESTree } from '@typescript-eslint/types';
import { matchFacts } from './match/match-facts.js';
import { extractFacts } from './read/extract.js';
import { vocabularyOf } from './match/vocabulary.js';
import type { FileFacts } from './facts.js';
import { prefilterFor } from './match/prefilter.js';
import { buildFindings } from './findings/build.js';
import type { Finding } from './findings/finding.js';
import type { ResolvedSettings } from './options.js';

/** Facts of one file under these settings (the catalogue decides which fields and names matter). */
export function extractFileFacts(
  program: TSESTree.Program,
  source: string,
  settings: ResolvedSettings,
  projectModule?: (specifier: string) => boolean,
): FileFacts {
  return extractFacts(program, source, {
    catalogue: settings.catalogue,
    apiHosts: settings.apiHosts,
    vocabulary: vocabularyOf(settings.catalogue),
    ...(projectModule ? { projectModule } : {}),
  });
}

/**
 * Everything one file shows on its own: what the ESLint plugin reports. The scanner does the same
 * after resolving what other modules export.
 */
export function analyzeProgram(
  program: TSESTree.Program,
  source: string,
  file: string,
  settings: ResolvedSettings,
): Finding[] {
  // Most files never name the API; their analysis could only come back empty (see prefilter.ts).
  if (!prefilterFor(settings.catalogue, settings.minConfidence).mayMatch(source)) return [];
  const facts = extractFileFacts(program, source, settings);
  const matches = matchFacts(facts, { entries: settings.catalogue.entries, apiHosts: settings.apiHosts });
  return buildFindings(matches, file, source, settings);
}
