import type { Severity } from '@sunset-lint/core/schedule';
import { sortDiagnostics } from './order.js';
import { repositoryPath } from './paths.js';
import { summarize } from './summary.js';
import { terminalSafeDeep } from './terminal.js';
import type { ScanReport } from './types.js';

type Command = 'error' | 'warning' | 'notice';
const COMMAND: Record<Severity, Command> = { error: 'error', warn: 'warning', off: 'notice' };

/**
 * GitHub Actions workflow commands, one line per finding: `::error file=…,line=…::message`. The
 * runner turns each into an annotation on the pull request's diff; paths are from the repository
 * root, where the runner resolves them. Diagnostics (an unparsable file) are annotations too.
 */
export function renderGithub(raw: ScanReport): string {
  // The runner's log shows ANSI sequences as styles; line breaks are encoded by escapeData below.
  const report = terminalSafeDeep(raw, true);
  const lines = summarize(report).findings.map((finding) =>
    workflowCommand(
      COMMAND[finding.severity],
      {
        file: repositoryPath(report, finding.file),
        line: finding.line,
        col: finding.column,
        endLine: finding.endLine,
        endColumn: finding.endColumn,
        title: `sunset-lint ${finding.entryId} (end of life ${finding.eol})`,
      },
      finding.message,
    ),
  );
  for (const d of sortDiagnostics(report.diagnostics)) {
    lines.push(
      workflowCommand(
        d.severity,
        {
          ...(d.file !== undefined ? { file: repositoryPath(report, d.file) } : {}),
          ...(d.line !== undefined ? { line: d.line } : {}),
          ...(d.column !== undefined ? { col: d.column } : {}),
          title: `sunset-lint ${d.code}`,
        },
        d.message,
      ),
    );
  }
  return lines.map((line) => `${line}\n`).join('');
}

function workflowCommand(command: Command, properties: Record<string, string | number>, message: string): string {
  const props = Object.entries(properties)
    .map(([key, value]) => `${key}=${escapeProperty(String(value))}`)
    .join(',');
  return `::${command}${props ? ` ${props}` : ''}::${escapeData(message)}`;
}

/**
 * The runner's escaping (actions/toolkit `command.ts`): in the message `%`, CR and LF are
 * percent-encoded, so a message cannot end the command or start another on a new line.
 */
function escapeData(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

/** In a property value also `:` (ends the properties) and `,` (separates them). */
function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
}
