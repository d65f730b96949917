import type { TSESTree } from '@typescript-eslint/types';
import { matchFacts } from './match/match-facts.js';
import { extractFacts } from './read/extract.js';
import { vocabularyOf } from './match/vocabulary.js';
import type { FileFacts } from './facts.js';
import { prefilterFor } from './match/prefilter.js';
import { buildFindings } from './findings/build.js';
import type { Finding } from './findings/finding.js';
import type { ResolvedSettings } from './options.js';
import type { ValuesCut } from './url/budget.js';

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
  return analyzeFile(program, source, file, settings).findings;
}

/** What `analyzeFile` tells about one file. */
export interface FileAnalysis {
  findings: Finding[];
  /**
   * Values its budget left unknown (issue 27): how many, and the offset of the place of the first
   * one. Absent when none was; both engines report it as a warning about the file.
   */
  valuesCut?: ValuesCut;
}

/** `analyzeProgram` with what else the analysis has to say about the file: values it had to leave unknown. */
export function analyzeFile(
  program: TSESTree.Program,
  source: string,
  file: string,
  settings: ResolvedSettings,
  /** The path fingerprints hash (default `file`): the ESLint plugin gives the path from the repository root, as the scanner does. */
  fingerprintFile = file,
): FileAnalysis {
  // Most files never name the API; their analysis could only come back empty (see prefilter.ts).
  if (!prefilterFor(settings.catalogue, settings.minConfidence).mayMatch(source)) return { findings: [] };
  const facts = extractFileFacts(program, source, settings);
  const matches = matchFacts(facts, { entries: settings.catalogue.entries, apiHosts: settings.apiHosts });
  // Most files that pass the prefilter still match nothing: no line index is built for them.
  const findings = matches.length
    ? buildFindings(matches, file, source, settings, undefined, undefined, fingerprintFile)
    : [];
  return facts.valuesCut ? { findings, valuesCut: facts.valuesCut } : { findings };
}
