import { parseArgs, type ParseArgsConfig } from 'node:util';
import { parseDay } from '@sunset-lint/core/schedule';
import { UsageError } from './io.js';

/*
 * Command-line parsing shared by the commands: `node:util` parseArgs, whose result is typed from
 * the options each command declares (`as const`), and checks of option values that say which
 * option was wrong and what it takes. Every problem is a UsageError (exit 2).
 */

type CommandLineConfig = Pick<ParseArgsConfig, 'options' | 'allowPositionals'>;

/** What parseArgs returns for these options: `values` typed per option, `positionals`, `tokens`. */
export type ParsedCommandLine<C extends CommandLineConfig> = ReturnType<
  typeof parseArgs<C & { args: string[]; strict: true; tokens: true }>
>;

/** Strict parsing with tokens (for `--format`/`--output` order); an unknown option is a usage error naming it. */
export function parseCommandLine<const C extends CommandLineConfig>(
  argv: readonly string[],
  config: C,
): ParsedCommandLine<C> {
  try {
    return parseArgs({ ...config, args: [...argv], strict: true as const, tokens: true as const });
  } catch (error) {
    // parseArgs' own messages are clear ("Unknown option '--x'"); only the error type is replaced.
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** The commands that take paths (`scan`, `baseline`, `fix`, `merge`): their options, and the paths as positionals. */
export function parseWithPaths<const O extends ParseArgsConfig['options']>(
  argv: readonly string[],
  options: O,
): ParsedCommandLine<{ options: O; allowPositionals: true }> {
  return parseCommandLine(argv, { options, allowPositionals: true });
}

/** `value` when it is one of `allowed`: `--format must be one of text, json, got 'pdf'` otherwise. */
export function oneOf<const T extends string>(option: string, value: string, allowed: readonly T[]): T {
  const found = allowed.find((candidate) => candidate === value);
  if (found === undefined) throw new UsageError(`${option} must be one of ${allowed.join(', ')}, got '${value}'`);
  return found;
}

/** A real calendar day written YYYY-MM-DD, kept as written. */
export function dayOption(option: string, value: string): string {
  if (!parseDay(value)) throw new UsageError(`${option} must be a date written YYYY-MM-DD, got '${value}'`);
  return value;
}

export function daysOption(option: string, value: string): number {
  if (!/^\d+$/.test(value))
    throw new UsageError(`${option} must be a whole number of days (0 or more), got '${value}'`);
  return Number(value);
}

export function countOption(option: string, value: string): number {
  if (!/^\d+$/.test(value)) throw new UsageError(`${option} must be a whole number (0 or more), got '${value}'`);
  return Number(value);
}

const SIZE_UNITS: Readonly<Record<string, number>> = { '': 1, b: 1, kb: 1024, mb: 1024 * 1024 };

/** `--max-file-size`: bytes, or KB and MB (binary, as `ls -h` counts), e.g. `800000`, `512KB`, `8MB`. */
export function sizeOption(option: string, value: string): number {
  const match = /^(\d+)\s*(b|kb|mb)?$/i.exec(value.trim());
  const bytes = match ? Number(match[1]) * SIZE_UNITS[(match[2] ?? '').toLowerCase()]! : 0;
  if (!Number.isSafeInteger(bytes) || bytes < 1)
    throw new UsageError(`${option} must be a size in bytes, KB or MB (1 or more, e.g. 8MB), got '${value}'`);
  return bytes;
}
