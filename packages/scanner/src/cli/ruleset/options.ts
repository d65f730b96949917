import {
  DEFAULT_BASE_URL,
  InvalidInputError,
  RULE_ACTIONS,
  validateBaseUrl,
  validatePathId,
  validateRulesetId,
  type ManagedRulesetChange,
  type ManagedRulesetTarget,
} from '@sunset-lint/core/client';
import { oneOf, parseCommandLine } from '../args.js';
import { UsageError } from '../io.js';

/*
 * Command-line options of `sunset-lint ruleset show|set`: parsed strictly and checked completely
 * before anything is sent. Every problem is a UsageError (exit 2) naming the option.
 */

export const SUBCOMMANDS = ['show', 'set'] as const;
export type RulesetSubcommand = (typeof SUBCOMMANDS)[number];

export const TOKEN_VARIABLE = 'CLOUDFLARE_API_TOKEN';
export const BASE_URL_VARIABLE = 'CLOUDFLARE_API_BASE_URL';

const COMMON_OPTIONS = {
  zone: { type: 'string' },
  account: { type: 'string' },
  'ruleset-id': { type: 'string' },
  'execute-rule-id': { type: 'string' },
  'base-url': { type: 'string' },
  timeout: { type: 'string' },
  retries: { type: 'string' },
  json: { type: 'boolean' },
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const SET_OPTIONS = {
  ...COMMON_OPTIONS,
  'paranoia-level': { type: 'string' },
  'score-threshold': { type: 'string' },
  action: { type: 'string' },
  'disable-rule': { type: 'string', multiple: true },
  'enable-rule': { type: 'string', multiple: true },
  deploy: { type: 'boolean' },
  'dry-run': { type: 'boolean' },
} as const;

export interface ConnectionOptions {
  readonly baseUrl: string;
  readonly token: string;
  readonly timeoutMs: number;
  /** Retries after the first attempt. */
  readonly retries: number;
  readonly verbose: boolean;
}

export interface ShowOptions {
  readonly subcommand: 'show';
  readonly target: ManagedRulesetTarget;
  readonly json: boolean;
  readonly connection: ConnectionOptions;
}

export interface SetOptions {
  readonly subcommand: 'set';
  readonly target: ManagedRulesetTarget;
  readonly change: ManagedRulesetChange;
  readonly deploy: boolean;
  readonly dryRun: boolean;
  readonly json: boolean;
  readonly connection: ConnectionOptions;
}

export type RulesetOptions = ShowOptions | SetOptions | { readonly subcommand: RulesetSubcommand; readonly help: true };

const DEFAULT_TIMEOUT_SECONDS = 30;
const DEFAULT_RETRIES = 3;
const MAX_RETRIES = 10;

function parse<const O extends typeof COMMON_OPTIONS>(args: readonly string[], options: O) {
  return parseCommandLine(args, { options, allowPositionals: false }).values;
}

function requireOption(value: string | undefined, option: string): string {
  if (value === undefined || value === '') throw new UsageError(`${option} is required`);
  return value;
}

/** Runs a library validator, reporting its complaint under the option's name. */
function checked<T>(option: string, validate: () => T, expectation: string, value: string): T {
  try {
    return validate();
  } catch (error) {
    if (error instanceof InvalidInputError) throw new UsageError(`${option} must be ${expectation}, got '${value}'`);
    throw error;
  }
}

function pathId(option: string, value: string): string {
  return checked(option, () => validatePathId(option, value), "an identifier of letters, digits, '-' or '_'", value);
}

function parseTarget(values: {
  zone?: string;
  account?: string;
  'ruleset-id'?: string;
  'execute-rule-id'?: string;
}): ManagedRulesetTarget {
  const zoneId = pathId('--zone', requireOption(values.zone, '--zone'));
  const accountId = pathId('--account', requireOption(values.account, '--account'));
  const rulesetId = values['ruleset-id'];
  const executeRuleId = values['execute-rule-id'];
  return {
    zoneId,
    accountId,
    ...(rulesetId === undefined
      ? {}
      : {
          rulesetId: checked(
            '--ruleset-id',
            () => validateRulesetId('--ruleset-id', rulesetId),
            '32 hexadecimal characters',
            rulesetId,
          ),
        }),
    ...(executeRuleId === undefined ? {} : { executeRuleId: pathId('--execute-rule-id', executeRuleId) }),
  };
}

function parseParanoiaLevel(value: string): number {
  if (!/^[1-4]$/.test(value)) throw new UsageError(`--paranoia-level must be 1, 2, 3 or 4, got '${value}'`);
  return Number(value);
}

function parseScoreThreshold(value: string): number {
  const threshold = Number(value);
  if (!/^[1-9][0-9]*$/.test(value) || !Number.isSafeInteger(threshold)) {
    throw new UsageError(`--score-threshold must be a positive integer, got '${value}'`);
  }
  return threshold;
}

function parseAction(value: string): string {
  return oneOf('--action', value, RULE_ACTIONS);
}

function parseConnection(
  values: { 'base-url'?: string; timeout?: string; retries?: string; verbose?: boolean },
  env: NodeJS.ProcessEnv,
): ConnectionOptions {
  const timeoutText = values.timeout;
  const timeoutSeconds = timeoutText === undefined ? DEFAULT_TIMEOUT_SECONDS : Number(timeoutText);
  if (timeoutText !== undefined && !(/^\d+(\.\d+)?$/.test(timeoutText) && timeoutSeconds > 0)) {
    throw new UsageError(`--timeout must be a positive number of seconds, got '${timeoutText}'`);
  }
  const retriesText = values.retries;
  const retries = retriesText === undefined ? DEFAULT_RETRIES : Number(retriesText);
  if (retriesText !== undefined && !(/^\d+$/.test(retriesText) && retries <= MAX_RETRIES)) {
    throw new UsageError(`--retries must be a whole number from 0 to ${MAX_RETRIES}, got '${retriesText}'`);
  }
  const fromOption = values['base-url'];
  const fromEnv = env[BASE_URL_VARIABLE] === '' ? undefined : env[BASE_URL_VARIABLE];
  const rawBaseUrl = fromOption ?? fromEnv ?? DEFAULT_BASE_URL;
  const source =
    fromOption !== undefined ? '--base-url' : fromEnv !== undefined ? BASE_URL_VARIABLE : 'the default base URL';
  let baseUrl: string;
  try {
    baseUrl = validateBaseUrl(rawBaseUrl);
  } catch (error) {
    if (error instanceof InvalidInputError) throw new UsageError(`${source}: ${error.message}`);
    throw error;
  }
  // Checked last, so `--help` and option mistakes are reported without needing a token.
  const token = env[TOKEN_VARIABLE];
  if (token === undefined || token.trim() === '') {
    throw new UsageError(
      `${TOKEN_VARIABLE} is not set: export an API token with permission to read and edit the zone's rulesets`,
    );
  }
  if (!/^[\x21-\x7e]+$/.test(token)) {
    throw new UsageError(`${TOKEN_VARIABLE} contains whitespace or characters that cannot be sent in a header`);
  }
  return { baseUrl, token, timeoutMs: timeoutSeconds * 1000, retries, verbose: values.verbose === true };
}

/** Parses `show` or `set` options; throws UsageError for anything wrong. */
export function parseRulesetOptions(
  subcommand: RulesetSubcommand,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): RulesetOptions {
  if (subcommand === 'show') {
    const values = parse(args, COMMON_OPTIONS);
    if (values.help === true) return { subcommand, help: true };
    return {
      subcommand,
      target: parseTarget(values),
      json: values.json === true,
      connection: parseConnection(values, env),
    };
  }
  const values = parse(args, SET_OPTIONS);
  if (values.help === true) return { subcommand, help: true };
  const target = parseTarget(values);
  const disableRules = (values['disable-rule'] ?? []).map((id) => pathId('--disable-rule', id));
  const enableRules = (values['enable-rule'] ?? []).map((id) => pathId('--enable-rule', id));
  const both = disableRules.filter((id) => enableRules.includes(id));
  if (both.length > 0) throw new UsageError(`rule ${both.join(', ')} given to both --disable-rule and --enable-rule`);
  const level = values['paranoia-level'];
  const threshold = values['score-threshold'];
  const action = values.action;
  const change: ManagedRulesetChange = {
    ...(level === undefined ? {} : { paranoiaLevel: parseParanoiaLevel(level) }),
    ...(threshold === undefined ? {} : { scoreThreshold: parseScoreThreshold(threshold) }),
    ...(action === undefined ? {} : { action: parseAction(action) }),
    ...(disableRules.length === 0 ? {} : { disableRules }),
    ...(enableRules.length === 0 ? {} : { enableRules }),
  };
  const deploy = values.deploy === true;
  if (Object.keys(change).length === 0 && !deploy) {
    throw new UsageError(
      'nothing to set: give --paranoia-level, --score-threshold, --action, --disable-rule or --enable-rule (or --deploy alone to deploy the ruleset)',
    );
  }
  return {
    subcommand,
    target,
    change,
    deploy,
    dryRun: values['dry-run'] === true,
    json: values.json === true,
    connection: parseConnection(values, env),
  };
}
