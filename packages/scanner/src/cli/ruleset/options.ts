import {
  DEFAULT_BASE_URL,
  InvalidInputError,
  MAX_RESPONSE_BYTES,
  RULE_ACTIONS,
  validateBaseUrl,
  validatePathId,
  validateRulesetId,
  type ManagedRulesetChange,
  type ManagedRulesetTarget,
} from '@sunset-lint/core/client';
import { oneOf, parseCommandLine } from '../args.js';
import { UsageError } from '../io.js';
import { HELP_OPTION } from '../option-table.js';

/*
 * Command-line options of `sunset-lint ruleset show|set`: parsed strictly and checked completely
 * before anything is sent. Every problem is a UsageError (exit 2) naming the option.
 */

export const SUBCOMMANDS = ['show', 'set'] as const;
export type RulesetSubcommand = (typeof SUBCOMMANDS)[number];

export const TOKEN_VARIABLE = 'CLOUDFLARE_API_TOKEN';
export const BASE_URL_VARIABLE = 'CLOUDFLARE_API_BASE_URL';

/** The ruleset and zone, for both subcommands. */
const TARGET_OPTIONS = {
  zone: { type: 'string', value: '<id>', help: 'zone id (required)' },
  account: { type: 'string', value: '<id>', help: 'account id (required)' },
  'ruleset-id': { type: 'string', value: '<id>', help: 'managed ruleset id (32 hexadecimal characters)' },
  'execute-rule-id': {
    type: 'string',
    value: '<id>',
    help: 'the execute rule, when several deploy the same ruleset',
  },
} as const;

/** The change `set` makes. */
const CHANGE_OPTIONS = {
  'paranoia-level': {
    type: 'string',
    value: '<1-4>',
    help: 'enable the rules up to this paranoia level',
    only: 'set',
  },
  'score-threshold': {
    type: 'string',
    value: '<N>',
    help: 'anomaly score threshold, a positive integer',
    only: 'set',
  },
  action: {
    type: 'string',
    value: '<A>',
    help: 'block, managed_challenge, js_challenge, log, challenge',
    only: 'set',
  },
  'disable-rule': {
    type: 'string',
    multiple: true,
    value: '<id>',
    help: 'disable a rule of the managed ruleset; repeatable',
    only: 'set',
  },
  'enable-rule': { type: 'string', multiple: true, value: '<id>', help: 're-enable a rule; repeatable', only: 'set' },
  deploy: { type: 'boolean', help: 'deploy the ruleset if the zone does not run it yet', only: 'set' },
  'dry-run': { type: 'boolean', help: 'print the request that would be sent; send no write', only: 'set' },
} as const;

/** The output and the connection, for both subcommands. */
const CONNECTION_OPTIONS = {
  json: { type: 'boolean', help: 'print JSON' },
  'base-url': {
    type: 'string',
    value: '<url>',
    help: `API base URL (default: $${BASE_URL_VARIABLE}, else\n${DEFAULT_BASE_URL})`,
  },
  timeout: { type: 'string', value: '<seconds>', help: 'per-request timeout (default 30)' },
  retries: { type: 'string', value: '<n>', help: 'retries of failed requests, 0 to 10 (default 3)' },
  'max-response-mib': {
    type: 'string',
    value: '<MiB>',
    help: 'largest response body accepted, in MiB (default 16)',
  },
  verbose: { type: 'boolean', help: 'log each request and retry to stderr' },
  help: { ...HELP_OPTION.help, help: 'show this help' },
} as const;

const SHOW_OPTIONS = { ...TARGET_OPTIONS, ...CONNECTION_OPTIONS } as const;

/** Every option of `ruleset`, in the order its help lists them. */
export const RULESET_OPTIONS = { ...TARGET_OPTIONS, ...CHANGE_OPTIONS, ...CONNECTION_OPTIONS } as const;

export interface ConnectionOptions {
  readonly baseUrl: string;
  readonly token: string;
  readonly timeoutMs: number;
  /** Retries after the first attempt. */
  readonly retries: number;
  readonly maxResponseBytes: number;
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

function parse<const O extends typeof SHOW_OPTIONS>(args: readonly string[], options: O) {
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

/**
 * A zone or account id: the provider's are 32 hexadecimal characters. Anything else is a typo, and
 * must say so: the provider answers a zone it does not know with the same 404 as a zone without
 * an entry point ruleset, which would read as "not deployed … use --deploy".
 */
function providerId(option: string, value: string): string {
  return checked(
    option,
    () => validateRulesetId(option, value),
    "32 hexadecimal characters (the provider's zone and account ids)",
    value,
  );
}

function parseTarget(values: {
  zone?: string;
  account?: string;
  'ruleset-id'?: string;
  'execute-rule-id'?: string;
}): ManagedRulesetTarget {
  const zoneId = providerId('--zone', requireOption(values.zone, '--zone'));
  const accountId = providerId('--account', requireOption(values.account, '--account'));
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

function parseMaxResponseBytes(value: string | undefined): number {
  if (value === undefined) return MAX_RESPONSE_BYTES;
  const bytes = Math.floor(Number(value) * 1024 * 1024);
  if (!/^\d+(\.\d+)?$/.test(value) || !Number.isSafeInteger(bytes) || bytes <= 0) {
    throw new UsageError(`--max-response-mib must be a positive number of MiB, got '${value}'`);
  }
  return bytes;
}

function parseConnection(
  values: {
    'base-url'?: string;
    timeout?: string;
    retries?: string;
    'max-response-mib'?: string;
    verbose?: boolean;
  },
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
  const maxResponseBytes = parseMaxResponseBytes(values['max-response-mib']);
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
  return {
    baseUrl,
    token,
    timeoutMs: timeoutSeconds * 1000,
    retries,
    maxResponseBytes,
    verbose: values.verbose === true,
  };
}

/** Parses `show` or `set` options; throws UsageError for anything wrong. */
export function parseRulesetOptions(
  subcommand: RulesetSubcommand,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): RulesetOptions {
  if (subcommand === 'show') {
    const values = parse(args, SHOW_OPTIONS);
    if (values.help === true) return { subcommand, help: true };
    return {
      subcommand,
      target: parseTarget(values),
      json: values.json === true,
      connection: parseConnection(values, env),
    };
  }
  const values = parse(args, RULESET_OPTIONS);
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
