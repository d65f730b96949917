import type { Finding } from '@sunset-lint/core';
import {
  DEFAULT_SEVERITIES,
  gradeEol,
  parseDay,
  type CatalogueEntry,
  type Grade,
  type Severity,
} from '@sunset-lint/core/schedule';
import { entryDocsUrl, replacementDocsUrl } from './links.js';
import { sortDiagnostics } from './order.js';
import { relatedOf, type ReportedRelated } from './related.js';
import { summarize } from './summary.js';
import type { Diagnostic, ScanReport } from './types.js';

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';
/** Key of our fingerprint in `partialFingerprints`; the `/v1` suffix versions how it is computed. */
export const SARIF_FINGERPRINT_KEY = 'sunsetLintFingerprint/v1';
/** Paths in results are relative to the checkout root; GitHub resolves this base id itself. */
const SRCROOT = '%SRCROOT%';

type SarifLevel = 'error' | 'warning' | 'note';
const LEVEL: Record<Severity, SarifLevel> = { error: 'error', warn: 'warning', off: 'note' };

/**
 * SARIF 2.1.0 for GitHub code scanning. One rule per catalogue entry in effect, `ruleId` = entry id:
 * code scanning groups alerts by rule, and the entry (one row of the deprecation schedule, with its
 * own end of life and replacement) is the unit a team migrates; the ESLint rule name is a property.
 */
export function renderSarif(report: ScanReport): string {
  const summary = summarize(report);
  const entries = rulesInEffect(report.catalogue, summary.findings);
  const ruleIndex = new Map(entries.map((entry, index) => [entry.id, index]));
  const severities = report.severities ?? DEFAULT_SEVERITIES;
  const asOf = parseDay(report.asOf);
  const log = {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: report.tool.name,
            version: report.tool.version,
            semanticVersion: report.tool.version,
            informationUri: report.tool.informationUri,
            rules: entries.map((entry) => {
              const grade: Grade | undefined = asOf
                ? gradeEol(parseDay(entry.eol)!, { asOf, imminentDays: report.imminentDays }).grade
                : undefined;
              return reportingDescriptor(entry, report, grade, grade ? LEVEL[severities[grade]] : 'warning');
            }),
          },
        },
        invocations: [
          {
            executionSuccessful: true,
            toolExecutionNotifications: sortDiagnostics(report.diagnostics).map(notification),
          },
        ],
        columnKind: 'utf16CodeUnits',
        results: summary.findings.map((finding) => result(finding, ruleIndex.get(finding.entryId)!)),
        properties: {
          asOf: report.asOf,
          imminentDays: report.imminentDays,
          filesScanned: report.filesScanned,
          ...(report.baseline
            ? {
                baseline: {
                  file: report.baseline.file,
                  suppressed: report.baseline.suppressed,
                  stale: report.baseline.stale.length,
                },
              }
            : {}),
        },
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

/** The catalogue in effect, plus (defensively) any entry a finding names that it lacks. */
function rulesInEffect(catalogue: readonly CatalogueEntry[], findings: readonly Finding[]): CatalogueEntry[] {
  const entries = [...catalogue];
  const known = new Set(entries.map((entry) => entry.id));
  for (const f of findings) {
    if (known.has(f.entryId)) continue;
    known.add(f.entryId);
    entries.push({
      id: f.entryId,
      title: f.entryId,
      area: '',
      eol: f.eol,
      rule: f.ruleId,
      replacement: f.replacement,
      docs: `docs/schedule.md#${f.entryId}`,
      match: {},
    });
  }
  return entries;
}

function reportingDescriptor(entry: CatalogueEntry, report: ScanReport, grade: Grade | undefined, level: SarifLevel) {
  const helpUri = entryDocsUrl(entry, report.tool);
  const replacementUrl = replacementDocsUrl(entry, report.tool);
  const ended = grade === 'expired' ? 'reached end of life on' : 'reaches end of life on';
  // The area adds to the title only when the title does not already say it.
  const area = entry.area && !entry.title.includes(entry.area) ? ` (${entry.area})` : '';
  return {
    id: entry.id,
    name: pascalCase(entry.id),
    shortDescription: { text: `${entry.title}: end of life ${entry.eol}` },
    fullDescription: { text: `${entry.title}${area} ${ended} ${entry.eol}. Replacement: ${entry.replacement}` },
    help: {
      text: [
        `${entry.title}${area}`,
        `End of life: ${entry.eol}${grade ? ` (${grade} as of ${report.asOf})` : ''}`,
        `Replacement: ${entry.replacement}`,
        ...(helpUri ? [`Schedule: ${helpUri}`] : []),
      ].join('\n'),
      markdown: [
        `**${entry.title}**${area}`,
        '',
        `End of life: **${entry.eol}**${grade ? ` (${grade} as of ${report.asOf})` : ''}`,
        '',
        `Replacement: ${entry.replacement}${replacementUrl ? ` ([documentation](${replacementUrl}))` : ''}`,
        ...(helpUri ? ['', `See [the deprecation schedule](${helpUri}).`] : []),
      ].join('\n'),
    },
    ...(helpUri ? { helpUri } : {}),
    defaultConfiguration: { level },
    properties: {
      tags: ['deprecation', 'edge-api', entry.rule],
      precision: 'high',
      eol: entry.eol,
      ...(grade ? { grade } : {}),
      eslintRule: entry.rule,
    },
  };
}

function result(finding: Finding, ruleIndex: number) {
  const artifactLocation = { uri: fileUri(finding.file), uriBaseId: SRCROOT };
  const related = relatedOf(finding);
  return {
    ruleId: finding.entryId,
    ruleIndex,
    level: LEVEL[finding.severity],
    message: { text: related.length ? `${finding.message} ${relatedLinks(related)}` : finding.message },
    locations: [{ physicalLocation: { artifactLocation, region: region(finding) } }],
    ...(related.length
      ? {
          // ids from 1, in core's order: the message's embedded links `[…](n)` name them.
          relatedLocations: related.map((place, index) => ({
            id: index + 1,
            physicalLocation: {
              artifactLocation: { uri: fileUri(place.file), uriBaseId: SRCROOT },
              region: region(place),
            },
            message: { text: place.message },
          })),
        }
      : {}),
    // GitHub computes its own line hash; ours survives moving code within the file, like the baseline.
    partialFingerprints: { [SARIF_FINGERPRINT_KEY]: finding.fingerprint },
    ...(finding.fixes.length
      ? {
          fixes: finding.fixes.map((fix) => ({
            description: { text: `${fix.kind === 'suggestion' ? 'Suggestion: ' : ''}${fix.description}` },
            artifactChanges: [
              {
                artifactLocation,
                replacements: fix.edits.map((edit) => ({
                  deletedRegion: { charOffset: edit.start, charLength: edit.end - edit.start },
                  ...(edit.text ? { insertedContent: { text: edit.text } } : {}),
                })),
              },
            ],
          })),
        }
      : {}),
    properties: { eslintRule: finding.ruleId, grade: finding.grade, eol: finding.eol, confidence: finding.confidence },
  };
}

/** 1-based, end exclusive, in UTF-16 code units (`run.columnKind`). */
function region(place: { line: number; column: number; endLine: number; endColumn: number }) {
  return { startLine: place.line, startColumn: place.column, endLine: place.endLine, endColumn: place.endColumn };
}

/**
 * "Related: [the `Content-Length` header of the same request](1)." Code scanning shows related
 * locations only through such embedded links (SARIF 2.1.0 §3.11.6): the link destination is the
 * location's id, and the link text of a plain text message escapes `\`, `[` and `]` with `\`.
 */
function relatedLinks(related: readonly ReportedRelated[]): string {
  const links = related.map((place, index) => `[${place.message.replace(/[\\[\]]/g, '\\$&')}](${index + 1})`);
  return `Related: ${links.join(', ')}.`;
}

function notification(diagnostic: Diagnostic) {
  return {
    level: diagnostic.severity,
    message: { text: diagnostic.message },
    descriptor: { id: diagnostic.code },
    ...(diagnostic.file !== undefined
      ? {
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: fileUri(diagnostic.file), uriBaseId: SRCROOT },
                ...(diagnostic.line !== undefined
                  ? {
                      region: {
                        startLine: diagnostic.line,
                        ...(diagnostic.column !== undefined ? { startColumn: diagnostic.column } : {}),
                      },
                    }
                  : {}),
              },
            },
          ],
        }
      : {}),
  };
}

/** A relative URI reference: `/`-separated, each segment percent-encoded (spaces, `#`, `?`). */
function fileUri(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

function pascalCase(id: string): string {
  return id
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
}
