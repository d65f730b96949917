/** Runs the real CLI process (the built bin) and makes throwaway projects for it. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../bin/sunset-lint.js', import.meta.url));

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** The environment of a CI run without a terminal: no colors, no progress bar. */
export function runCli(
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; input?: string },
): CliRun {
  const env = { ...process.env, NO_COLOR: '1', CI: 'true', ...options.env };
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd,
    env,
    ...(options.input === undefined ? {} : { input: options.input }),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const made: string[] = [];

/**
 * Removes the projects made so far. Registered for every test file by support/setup.ts: with
 * `isolate: false` this module is loaded once per worker, so a hook registered here would only
 * follow the first file that imports it.
 */
export function removeProjects(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A temporary directory with these files (paths `/`-separated, relative to it). */
export function makeProject(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'sunset-lint-scan-'));
  made.push(root);
  writeFiles(root, files);
  return root;
}

export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    const full = join(root, ...path.split('/'));
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
}

/** The fields of the JSON report that the tests read. */
export interface JsonReport {
  findings: Array<{
    file: string;
    line: number;
    column: number;
    entryId: string;
    grade: string;
    confidence: string;
    fingerprint: string;
    message: string;
  }>;
  diagnostics: Array<{ code: string; severity: string; message: string; file?: string; line?: number }>;
  summary: { filesScanned: number; total: number };
  baseline?: { file: string; suppressed: number; stale: Array<{ fingerprint: string; file: string; entryId: string }> };
}

export function parseJsonReport(text: string): JsonReport {
  return JSON.parse(text) as JsonReport;
}

/** A deprecated call (firewall rules API, end of life 2025-01-15) as one line of code. */
export const FIREWALL_RULES_CALL =
  'await fetch(`https://api.cloudflare.com/client/v4/zones/${zoneId}/firewall/rules`);';
