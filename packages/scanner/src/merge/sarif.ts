import { MergeError } from '../errors.js';
import { compareDiagnostics, compareFindings } from '../reports/order.js';
import { SARIF_FINGERPRINT_KEY } from '../reports/sarif.js';
import { checkSame, checkShardSet, shardField } from './shards.js';

/** What merging reads of a SARIF 2.1.0 log written by `sunset-lint scan`; everything else is carried as written. */
interface Region {
  startLine?: number;
  startColumn?: number;
  endLine?: number;
  endColumn?: number;
}
interface Location {
  physicalLocation?: { artifactLocation?: { uri?: string }; region?: Region };
}
interface SarifResult {
  ruleId?: string;
  ruleIndex?: number;
  level?: string;
  locations?: Location[];
  partialFingerprints?: Record<string, string>;
  properties?: { eslintRule?: string; grade?: string };
  suppressions?: unknown[];
}
interface SarifNotification {
  level?: string;
  message?: { text?: string };
  descriptor?: { id?: string };
  locations?: Location[];
}
interface SarifRun {
  tool: { driver: { name: string; version?: string; rules?: Array<{ id: string }> } };
  automationDetails?: { id?: string };
  invocations?: Array<{ executionSuccessful?: boolean; toolExecutionNotifications?: SarifNotification[] }>;
  results?: SarifResult[];
  properties?: {
    asOf?: string;
    imminentDays?: number;
    filesScanned?: number;
    settingsFingerprint?: string;
    shard?: unknown;
    baseline?: { file: string; suppressed: number; stale: number };
  };
}
export interface SarifLog {
  $schema?: string;
  version: string;
  runs: SarifRun[];
}

export function isSarifLog(value: unknown): value is SarifLog {
  return (
    typeof value === 'object' &&
    value !== null &&
    'version' in value &&
    value.version === '2.1.0' &&
    'runs' in value &&
    Array.isArray(value.runs)
  );
}

/**
 * One log from the shards' logs: one run per tool (driver name), its results joined in the report
 * order and pointed at the rules of the merged run (rules kept once by id), notifications joined,
 * `automationDetails` and the run's properties kept, `filesScanned` and baseline counts summed.
 */
export function mergeSarifLogs(inputs: ReadonlyArray<{ file: string; log: SarifLog }>): {
  text: string;
  grades: string[];
} {
  const byTool = new Map<string, Array<{ file: string; run: SarifRun }>>();
  for (const { file, log } of inputs)
    for (const run of log.runs) {
      const name = run.tool.driver.name;
      byTool.set(name, [...(byTool.get(name) ?? []), { file, run }]);
    }
  if (byTool.size === 0) throw new MergeError(`${inputs[0]!.file} has no SARIF run to merge`);
  const runs = [...byTool.values()].map(mergeRuns);
  const merged = { ...inputs[0]!.log, runs };
  return {
    text: `${JSON.stringify(merged, null, 2)}\n`,
    // Suppressed results do not gate, as in the scan that wrote them.
    grades: runs.flatMap((run) =>
      (run.results ?? []).filter((r) => r.suppressions === undefined).map((r) => r.properties?.grade ?? 'scheduled'),
    ),
  };
}

function mergeRuns(runs: ReadonlyArray<{ file: string; run: SarifRun }>): SarifRun {
  const same = <T>(what: string, read: (run: SarifRun) => T) =>
    checkSame(
      runs.map(({ file, run }) => ({ file, value: read(run) })),
      what,
    );
  for (const { file, run } of runs)
    if (run.properties?.settingsFingerprint === undefined)
      throw new MergeError(
        `${file}: the ${run.tool.driver.name} run has no properties.settingsFingerprint: write the shards' logs with this version's scan`,
      );
  same('tool version', (run) => run.tool.driver.version ?? null);
  same('as-of date', (run) => run.properties?.asOf ?? null);
  same('settings fingerprint (catalogue, imminentDays, severities, minConfidence, apiHosts)', (run) => [
    run.properties?.settingsFingerprint,
    run.properties?.imminentDays,
  ]);
  same('SARIF category (runAutomationDetails.id)', (run) => run.automationDetails?.id ?? null);
  same('baseline file', (run) => run.properties?.baseline?.file ?? null);
  checkShardSet(runs.map(({ file, run }) => ({ file, shard: shardField(run.properties?.shard, file) })));

  const first = runs[0]!.run;
  const rules = [...(first.tool.driver.rules ?? [])];
  const ruleIds = new Set(rules.map((rule) => rule.id));
  for (const { run } of runs)
    for (const rule of run.tool.driver.rules ?? [])
      if (!ruleIds.has(rule.id)) {
        ruleIds.add(rule.id);
        rules.push(rule);
      }
  const ruleIndex = new Map(rules.map((rule, index) => [rule.id, index]));
  const results = runs
    .flatMap(({ run }) => run.results ?? [])
    .map((result) =>
      result.ruleId !== undefined && ruleIndex.has(result.ruleId)
        ? { ...result, ruleIndex: ruleIndex.get(result.ruleId)! }
        : result,
    )
    // As a scan writes them: the reported results in report order, then the suppressed ones.
    .sort(
      (a, b) =>
        Number(a.suppressions !== undefined) - Number(b.suppressions !== undefined) ||
        compareFindings(sortedFields(a), sortedFields(b)),
    );
  const notifications = runs
    .flatMap(({ run }) => run.invocations?.[0]?.toolExecutionNotifications ?? [])
    .sort((a, b) => compareDiagnostics(diagnosticFields(a), diagnosticFields(b)))
    .filter(
      (n, i, all) => n.locations !== undefined || all.findIndex((o) => JSON.stringify(o) === JSON.stringify(n)) === i,
    );
  const { shard: _shard, ...properties } = first.properties ?? {};
  const baselines = runs.map(({ run }) => run.properties?.baseline).filter((b) => b !== undefined);
  return {
    ...first,
    tool: { ...first.tool, driver: { ...first.tool.driver, rules } },
    ...(first.invocations
      ? {
          invocations: [
            {
              ...first.invocations[0],
              executionSuccessful: runs.every(({ run }) => run.invocations?.[0]?.executionSuccessful !== false),
              toolExecutionNotifications: notifications,
            },
          ],
        }
      : {}),
    results,
    properties: {
      ...properties,
      filesScanned: runs.reduce((sum, { run }) => sum + (run.properties?.filesScanned ?? 0), 0),
      ...(properties.baseline
        ? {
            baseline: {
              ...properties.baseline,
              suppressed: baselines.reduce((sum, b) => sum + b.suppressed, 0),
              stale: baselines.reduce((sum, b) => sum + b.stale, 0),
            },
          }
        : {}),
    },
  };
}

/** A result's place as the report order reads a finding's. */
function sortedFields(result: SarifResult) {
  const location = result.locations?.[0]?.physicalLocation;
  const region = location?.region ?? {};
  return {
    file: decodePath(location?.artifactLocation?.uri ?? ''),
    line: region.startLine ?? 0,
    column: region.startColumn ?? 0,
    entryId: result.ruleId ?? '',
    ruleId: result.properties?.eslintRule ?? '',
    endLine: region.endLine ?? 0,
    endColumn: region.endColumn ?? 0,
    fingerprint: result.partialFingerprints?.[SARIF_FINGERPRINT_KEY] ?? '',
  };
}

/** A notification's place and text as the report order reads a diagnostic's. */
function diagnosticFields(notification: SarifNotification) {
  const location = notification.locations?.[0]?.physicalLocation;
  return {
    file: decodePath(location?.artifactLocation?.uri ?? ''),
    line: location?.region?.startLine ?? 0,
    column: location?.region?.startColumn ?? 0,
    code: notification.descriptor?.id ?? '',
    message: notification.message?.text ?? '',
  };
}

function decodePath(uri: string): string {
  try {
    return uri.split('/').map(decodeURIComponent).join('/');
  } catch {
    return uri;
  }
}
