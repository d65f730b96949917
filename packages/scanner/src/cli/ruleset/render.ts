import {
  EdgeApiError,
  RulesetSelectionError,
  ExecuteRuleSelectionError,
  type EdgeClientError,
  type ManagedRulesetChangeResult,
  type OverwrittenWrite,
  type ManagedRulesetConfiguration,
  paranoiaLevelOfCategory,
  type SettingReading,
} from '@sunset-lint/core/client';

/*
 * What `sunset-lint ruleset` prints: the configuration, the outcome of a change, and errors. Text
 * for people, JSON (--json) for scripts; neither ever includes the token (the client never hands it
 * out, and the command redacts its output as a last guard).
 */

const label = (name: string) => `${name}:`.padEnd(18);

function describeSetting<T>(reading: SettingReading<T>, lastRuleId: string | undefined): string {
  if (reading.value === undefined) return 'not set, and the ruleset shows no default';
  if (!reading.fromOverride) return `${String(reading.value)} (ruleset default)`;
  const defaultText = reading.rulesetDefault === undefined ? '' : `; ruleset default ${String(reading.rulesetDefault)}`;
  return `${String(reading.value)} (override on the last rule ${lastRuleId ?? '?'}${defaultText})`;
}

/** The managed ruleset version the execute rule runs, or that it names none (the API requires one; spec 2.5). */
function rulesetVersion(version: string | undefined): string {
  return version === undefined
    ? 'no ruleset version (its action_parameters.version is missing)'
    : `ruleset version ${version}`;
}

export function renderConfiguration(configuration: ManagedRulesetConfiguration): string {
  const { managedRuleset, executeRule, paranoiaLevel } = configuration;
  const lines = [
    `${label('Managed ruleset')}${managedRuleset.name} (${managedRuleset.id}${managedRuleset.version ? `, version ${managedRuleset.version}` : ''})`,
    `${label('Zone')}${configuration.zoneId}`,
    `${label('Entry point')}${configuration.entrypointRulesetId ?? 'none (the zone has no entry point ruleset for http_request_firewall_managed)'}`,
  ];
  if (!configuration.deployed || executeRule === undefined) {
    const planned = executeRule !== undefined ? ' (a new execute rule would be created)' : '';
    lines.push(`${label('Deployed')}no${planned}: the zone does not run this managed ruleset`);
    if (executeRule === undefined) return `${lines.join('\n')}\n`;
  } else {
    const state = executeRule.enabled === false ? 'disabled' : 'enabled';
    lines.push(
      `${label('Deployed')}yes: execute rule ${executeRule.id ?? '(new)'}, ${state}, expression ${JSON.stringify(executeRule.expression ?? '')}, ${rulesetVersion(executeRule.managedRulesetVersion)}`,
    );
    if (executeRule.enabled === false) lines.push(`${' '.repeat(18)}${DISABLED_RULE_NOTE}`);
  }
  const disabledTags =
    paranoiaLevel.disabledTags.length > 0
      ? `${paranoiaLevel.disabledTags.join(', ')} disabled`
      : 'no paranoia-level tag disabled';
  lines.push(
    `${label('Paranoia level')}${paranoiaLevel.level === undefined ? 'not a single level' : String(paranoiaLevel.level)} (${disabledTags})`,
    `${label('Score threshold')}${describeSetting(configuration.scoreThreshold, configuration.lastRuleId)}`,
    `${label('Action')}${describeSetting(configuration.action, configuration.lastRuleId)}`,
    `${label('Disabled rules')}${configuration.disabledRules.length > 0 ? configuration.disabledRules.join(', ') : 'none'}`,
    `${label('Other categories')}${describeOtherCategories(configuration)}`,
  );
  return `${lines.join('\n')}\n`;
}

/** A disabled execute rule runs nothing: its overrides are kept but have no effect. */
const DISABLED_RULE_NOTE =
  'the execute rule is disabled: the zone does not run this managed ruleset, and its overrides have no effect until the rule is enabled';

/** Category overrides other than the paranoia-level tags (those are the paranoia level's line). */
function describeOtherCategories(configuration: ManagedRulesetConfiguration): string {
  const others = (configuration.overrides?.categories ?? []).filter(
    (entry) => paranoiaLevelOfCategory(entry.category) === undefined,
  );
  if (others.length === 0) return 'no override';
  return others
    .map(({ category, ...settings }) => {
      const parts = Object.entries(settings).map(([key, value]) =>
        key === 'enabled' ? (value === false ? 'disabled' : 'enabled') : `${key} ${JSON.stringify(value)}`,
      );
      return `${category} (${parts.length > 0 ? parts.join(', ') : 'no setting'})`;
    })
    .join('; ');
}

export function renderConfigurationJson(configuration: ManagedRulesetConfiguration): string {
  return `${JSON.stringify(configuration, null, 2)}\n`;
}

/** The lines that say what a change does, e.g. `Paranoia level: 2 -> 1`. */
function describeDifferences(before: ManagedRulesetConfiguration, after: ManagedRulesetConfiguration): string[] {
  const show = (value: unknown) => (value === undefined ? 'none' : String(value));
  const pairs: [string, unknown, unknown][] = [
    ['Deployed', before.deployed ? 'yes' : 'no', after.deployed || after.executeRule !== undefined ? 'yes' : 'no'],
    [
      'Paranoia level',
      before.paranoiaLevel.level ?? 'not a single level',
      after.paranoiaLevel.level ?? 'not a single level',
    ],
    ['Score threshold', before.scoreThreshold.value, after.scoreThreshold.value],
    ['Action', before.action.value, after.action.value],
    ['Disabled rules', before.disabledRules.join(', ') || 'none', after.disabledRules.join(', ') || 'none'],
  ];
  return pairs
    .filter(([, from, to]) => from !== to)
    .map(([name, from, to]) => `  ${name}: ${show(from)} -> ${show(to)}`);
}

export function renderChangeResult(result: ManagedRulesetChangeResult): string {
  const { plan } = result;
  const write = plan.write;
  if (write === undefined) {
    return `Nothing to change: the configuration already is as asked. Nothing was sent.\n\n${renderConfiguration(plan.before)}`;
  }
  const changes = describeDifferences(plan.before, plan.after);
  const changeText = changes.length > 0 ? `${changes.join('\n')}\n` : '  (only the overrides change)\n';
  if (result.dryRun) {
    return (
      `Dry run: nothing was sent. The change needs this request:\n\n` +
      `${write.method} ${write.url}\nContent-Type: application/json\n\n${JSON.stringify(write.body, null, 2)}\n\n` +
      `Changes:\n${changeText}\nResulting configuration:\n${renderConfiguration(plan.after)}`
    );
  }
  const done =
    write.operation === 'update-execute-rule'
      ? `Updated the execute rule (${write.method} ${write.path}).`
      : write.operation === 'create-execute-rule'
        ? `Deployed the managed ruleset: created its execute rule (${write.method} ${write.path}).`
        : `Deployed the managed ruleset: created the zone entry point ruleset with its execute rule (${write.method} ${write.path}).`;
  const confirmed = result.confirmedByReread
    ? 'The answer to the write was lost; re-reading the rule confirmed it was applied.\n'
    : '';
  const times = result.concurrentChanges === 1 ? 'once' : `${result.concurrentChanges} times`;
  const merged =
    result.concurrentChanges > 0
      ? `Another writer changed the rule meanwhile (${times}); the change was merged into the rule as they left it and written again, keeping their changes.\n`
      : '';
  const folded =
    result.duplicateRemoved !== undefined
      ? `Another run deployed the managed ruleset at the same time; its execute rule ${result.configuration.executeRule?.id ?? '?'} is kept, the change was merged into it, and the execute rule this run created (${result.duplicateRemoved}) was deleted.\n`
      : result.otherDeploys?.length
        ? `Another run deployed the managed ruleset at the same time (execute rule ${result.otherDeploys.join(', ')}); the execute rule this run created is the first and is kept: a run of sunset-lint merges its change into it and deletes its own.\n`
        : '';
  return `${done}\n${confirmed}${merged}${folded}Changes:\n${changeText}\n${renderConfiguration(result.configuration)}`;
}

/** Warnings that go to stderr after a successful change. */
export function changeWarnings(result: ManagedRulesetChangeResult): string[] {
  const rule = result.configuration.executeRule;
  const disabled =
    result.written && result.configuration.deployed && rule?.enabled === false
      ? [`warning: ${DISABLED_RULE_NOTE} (execute rule ${rule.id ?? '?'})`]
      : [];
  return [...disabled, ...readBackWarnings(result), ...result.overwrittenWrites.map(overwrittenWarning)];
}

/** A write of ours replaced another writer's that it had not read: their change may be lost. */
function overwrittenWarning(write: OverwrittenWrite): string {
  return (
    `warning: execute rule ${write.ruleId}: another writer wrote it between this run's read (version ${write.versionRead}) ` +
    `and its write (answered with version ${write.versionWritten}), and this write replaced theirs; the API keeps no ` +
    `older version, so their change is lost unless they check for it (sunset-lint ruleset set does, within its own run): ` +
    `check with 'sunset-lint ruleset show'`
  );
}

function readBackWarnings(result: ManagedRulesetChangeResult): string[] {
  if (result.readBack === 'differs') {
    return [
      "warning: the rule read back after the write differs from what was sent; check it with 'sunset-lint ruleset show'",
    ];
  }
  if (result.readBack === 'failed') {
    return [
      `warning: the write succeeded, but reading the result back failed (${result.readBackError ?? 'unknown error'}); the configuration shown is the expected one`,
    ];
  }
  return [];
}

export function renderChangeResultJson(result: ManagedRulesetChangeResult): string {
  const write = result.plan.write;
  return `${JSON.stringify(
    {
      dryRun: result.dryRun,
      written: result.written,
      confirmedByReread: result.confirmedByReread,
      readBack: result.readBack,
      concurrentChanges: result.concurrentChanges,
      overwrittenWrites: result.overwrittenWrites,
      ...(result.duplicateRemoved === undefined ? {} : { duplicateRemoved: result.duplicateRemoved }),
      ...(result.otherDeploys === undefined ? {} : { otherDeploys: result.otherDeploys }),
      request: write === undefined ? null : { method: write.method, url: write.url, body: write.body },
      before: result.plan.before,
      configuration: result.configuration,
    },
    null,
    2,
  )}\n`;
}

/**
 * An error of the client as the CLI reports it: for an API error the HTTP status and each root-cause
 * code and message (whichever error form the server used), with a hint where one helps.
 */
export function renderClientError(error: EdgeClientError): string {
  if (error instanceof EdgeApiError) {
    const causes = error.rootCauses;
    const details =
      causes.length > 0
        ? causes.map((cause) => `  error ${cause.code}: ${cause.message}`).join('\n')
        : '  (no error details in the response)';
    const retries = error.retryNote ? `  (${error.retryNote})\n` : '';
    return `${error.method} ${error.path} failed: HTTP ${error.status}\n${details}\n${retries}`;
  }
  if (error instanceof RulesetSelectionError) {
    return `${error.message.replace('pass one with an explicit ruleset id', 'choose one with --ruleset-id')}\n`;
  }
  if (error instanceof ExecuteRuleSelectionError) {
    return `${error.message.replace('pass one with an explicit execute rule id', 'choose one with --execute-rule-id')}\n`;
  }
  return `${error.message}\n`;
}
