import {
  EdgeApiClient,
  EdgeClientError,
  InvalidInputError,
  applyManagedRulesetChange,
  createRedactor,
  readManagedRulesetConfiguration,
} from '@sunset-lint/core/client';
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, UsageError, type CliIo } from '../io.js';
import {
  BASE_URL_VARIABLE,
  RULESET_OPTIONS,
  SUBCOMMANDS,
  TOKEN_VARIABLE,
  parseRulesetOptions,
  type ConnectionOptions,
} from '../ruleset/options.js';
import { optionsHelp } from '../option-table.js';
import {
  changeWarnings,
  renderChangeResult,
  renderChangeResultJson,
  renderClientError,
  renderConfiguration,
  renderConfigurationJson,
} from '../ruleset/render.js';

/** Exit 1 means "the API said no" for this command (the scanner uses the same code for findings). */
const EXIT_API_ERROR = EXIT_FINDINGS;

const HELP = `Usage:
  sunset-lint ruleset show --zone <zone_id> --account <account_id> [--ruleset-id <id>] [--json]
  sunset-lint ruleset set  --zone <zone_id> --account <account_id>
                           [--paranoia-level 1..4] [--score-threshold N] [--action A]
                           [--disable-rule ID]... [--enable-rule ID]... [--ruleset-id <id>]
                           [--deploy] [--dry-run] [--json]

Reads or changes the managed OWASP core ruleset of a zone through the ruleset API, the
replacement for the legacy WAF packages API. See docs/reference-client.md.

The ruleset is the account's managed ruleset whose name contains "OWASP", unless --ruleset-id
names it. 'set' reads the zone's execute rule, merges the change into its overrides (keeping all
other overrides) and sends the whole rule back.

${optionsHelp(RULESET_OPTIONS, 26)}
Environment:
  ${TOKEN_VARIABLE}    API token (required; never printed)
  ${BASE_URL_VARIABLE} base URL, if --base-url is not given

Exit codes: 0 success, 1 API error, 2 usage error.
`;

/**
 * An output stream that can never print the token, whatever ends up in a message, in any of the
 * forms the client's redaction knows (any case, split by invisible characters, percent-encoded,
 * base64): the client already redacts what the server echoes, this is the last guard.
 */
function redactingWriter(stream: NodeJS.WritableStream, token: string | undefined): (text: string) => void {
  if (token === undefined || token === '') return (text) => void stream.write(text);
  const redact = createRedactor(token);
  return (text) => void stream.write(redact(text));
}

function createClient(connection: ConnectionOptions, logLine: (text: string) => void): EdgeApiClient {
  return new EdgeApiClient({
    baseUrl: connection.baseUrl,
    token: connection.token,
    timeoutMs: connection.timeoutMs,
    retry: { maxAttempts: connection.retries + 1 },
    maxResponseBytes: connection.maxResponseBytes,
    ...(connection.verbose ? { log: (line: string) => logLine(`sunset-lint ruleset: ${line}\n`) } : {}),
  });
}

/** `sunset-lint ruleset show|set`. */
export async function runRulesetCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const out = redactingWriter(io.stdout, io.env[TOKEN_VARIABLE]);
  const err = redactingWriter(io.stderr, io.env[TOKEN_VARIABLE]);
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    out(HELP);
    return first === undefined ? EXIT_USAGE : EXIT_OK;
  }
  const subcommand = SUBCOMMANDS.find((name) => name === first);
  if (subcommand === undefined) throw new UsageError(`unknown subcommand '${first}' (expected show or set)`);
  const options = parseRulesetOptions(subcommand, rest, io.env);
  if ('help' in options) {
    out(HELP);
    return EXIT_OK;
  }
  try {
    const client = createClient(options.connection, err);
    if (options.subcommand === 'show') {
      const configuration = await readManagedRulesetConfiguration(client, options.target);
      out(options.json ? renderConfigurationJson(configuration) : renderConfiguration(configuration));
      return EXIT_OK;
    }
    const result = await applyManagedRulesetChange(client, options.target, options.change, {
      deploy: options.deploy,
      dryRun: options.dryRun,
    });
    out(options.json ? renderChangeResultJson(result) : renderChangeResult(result));
    for (const warning of changeWarnings(result)) err(`sunset-lint ruleset: ${warning}\n`);
    return EXIT_OK;
  } catch (error) {
    // The option checks above mirror the library's; anything it still refuses is a usage error too.
    if (error instanceof InvalidInputError) throw new UsageError(error.message);
    if (error instanceof EdgeClientError) {
      err(`sunset-lint ruleset: ${renderClientError(error)}`);
      return EXIT_API_ERROR;
    }
    throw error;
  }
}
