import type { Finding } from '@sunset-lint/core';
import {
  DEFAULT_SEVERITIES,
  formatDay,
  gradeEol,
  parseDay,
  type CatalogueEntry,
  type Grade,
  type Severity,
} from '@sunset-lint/core/schedule';
import { entryDocsUrl, replacementDocsUrl } from './links.js';
import { sortDiagnostics } from './order.js';
import { repositoryPath } from './paths.js';
import { relatedOf, type ReportedRelated } from './related.js';
import { entryFromFinding, summarize } from './summary.js';
import type { Diagnostic, RenderOptions, ScanReport } from './types.js';

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';
/** Key of our fingerprint in `partialFingerprints`; the `/v1` suffix versions how it is computed. */
export const SARIF_FINGERPRINT_KEY = 'sunsetLintFingerprint/v1';
/** Paths in results are relative to the checkout root; GitHub resolves this base id itself. */
const SRCROOT = '%SRCROOT%';
/** The analysis category when `--sarif-category` is not given. */
export const DEFAULT_SARIF_CATEGORY = 'sunset-lint';

type SarifLevel = 'error' | 'warning' | 'note';
const LEVEL: Record<Severity, SarifLevel> = { error: 'error', warn: 'warning', off: 'note' };

/**
 * SARIF 2.1.0 for GitHub code scanning. One rule per catalogue entry in effect, `ruleId` = entry id:
 * code scanning groups alerts by rule, and the entry (one row of the deprecation schedule, with its
 * own end of life and replacement) is the unit a team migrates; the ESLint rule name is a property.
 */
export function renderSarif(report: ScanReport, options: Pick<RenderOptions, 'sarifCategory'> = {}): string {
  const summary = summarize(report);
  const suppressed = report.suppressed ?? [];
  const entries = rulesInEffect(report.catalogue, [...summary.findings, ...suppressed.map((s) => s.finding)]);
  const ruleIndex = new Map(entries.map((entry, index) => [entry.id, index]));
  const severities = report.severities ?? DEFAULT_SEVERITIES;
  const asOf = parseDay(report.asOf);
  const uri = (file: string) => fileUri(repositoryPath(report, file));
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
                ? gradeEol(entry.eol, { asOf, imminentDays: report.imminentDays }).grade
                : undefined;
              return reportingDescriptor(entry, report.tool, grade, grade ? LEVEL[severities[grade]] : 'warning');
            }),
          },
        },
        // Code scanning keeps one analysis per tool and category: several uploads for one commit
        // (one per package, say) need categories of their own. `<category>/` with no run id after it.
        automationDetails: { id: `${(options.sarifCategory ?? DEFAULT_SARIF_CATEGORY).replace(/\/+$/, '')}/` },
        originalUriBaseIds: {
          [SRCROOT]: { description: { text: 'The repository root (the git top level); paths are relative to it.' } },
        },
        invocations: [
          {
            executionSuccessful: true,
            toolExecutionNotifications: sortDiagnostics(report.diagnostics).map((d) => notification(d, uri)),
          },
        ],
        columnKind: 'utf16CodeUnits',
        results: [
          ...summary.findings.map((finding) => result(finding, ruleIndex.get(finding.entryId)!, uri)),
          // SARIF's way to say a comment in the code silenced it (code scanning shows it dismissed).
          ...suppressed.map(({ finding, by }) => ({
            ...result(finding, ruleIndex.get(finding.entryId)!, uri),
            suppressions: [{ kind: 'inSource', ...(by.justification ? { justification: by.justification } : {}) }],
          })),
        ],
        properties: {
          asOf: report.asOf,
          imminentDays: report.imminentDays,
          filesScanned: report.filesScanned,
          // What `sunset-lint merge` checks before joining the runs of shards.
          ...(report.settingsFingerprint !== undefined ? { settingsFingerprint: report.settingsFingerprint } : {}),
          ...(report.shard ? { shard: { index: report.shard.index, total: report.shard.total } } : {}),
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
    entries.push(entryFromFinding(f));
  }
  return entries;
}

/**
 * The rule's texts depend on the entry only, never on the scan's date: code scanning stores rules
 * per upload, and a text that changed every day would change every rule every run. What the date
 * says (ended, ends in 3 weeks) is in each result's message.
 */
function reportingDescriptor(
  entry: CatalogueEntry,
  tool: ScanReport['tool'],
  grade: Grade | undefined,
  level: SarifLevel,
) {
  const helpUri = entryDocsUrl(entry, tool);
  const replacementUrl = replacementDocsUrl(entry, tool);
  // The area adds to the title only when the title does not already say it.
  const area = entry.area && !entry.title.includes(entry.area) ? ` (${entry.area})` : '';
  return {
    id: entry.id,
    name: pascalCase(entry.id),
    shortDescription: { text: `${entry.title}: end of life ${formatDay(entry.eol)}` },
    fullDescription: {
      text: `${entry.title}${area}: end of life ${formatDay(entry.eol)}. Replacement: ${entry.replacement}`,
    },
    help: {
      text: [
        `${entry.title}${area}`,
        `End of life: ${formatDay(entry.eol)}`,
        `Replacement: ${entry.replacement}`,
        ...(helpUri ? [`Schedule: ${helpUri}`] : []),
      ].join('\n'),
      markdown: [
        `**${entry.title}**${area}`,
        '',
        `End of life: **${formatDay(entry.eol)}**`,
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
      eol: formatDay(entry.eol),
      ...(grade ? { grade } : {}),
      eslintRule: entry.rule,
    },
  };
}

function result(finding: Finding, ruleIndex: number, uri: (file: string) => string) {
  const artifactLocation = { uri: uri(finding.file), uriBaseId: SRCROOT };
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
              artifactLocation: { uri: uri(place.file), uriBaseId: SRCROOT },
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

function notification(diagnostic: Diagnostic, uri: (file: string) => string) {
  return {
    level: diagnostic.severity,
    message: { text: diagnostic.message },
    descriptor: { id: diagnostic.code },
    ...(diagnostic.file !== undefined
      ? {
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: uri(diagnostic.file), uriBaseId: SRCROOT },
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
