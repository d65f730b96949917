import { describe, expect, test } from 'vitest';
import { renderReport } from '../src/reports/index.js';
import { fixtureReport, hostileFinding } from './report-fixtures.js';

interface ParsedCommand {
  command: string;
  properties: Record<string, string>;
  message: string;
}

/**
 * The runner's reading of a workflow command (actions/runner `ActionCommand.TryParseV2`): the
 * properties end at the next `::`, are split on `,` and then on the first `=`; values and the
 * message are unescaped. Anything else on the line is not a command.
 */
function parseCommand(line: string): ParsedCommand {
  const match = /^::([a-z-]+)(?: ([^:]*))?::(.*)$/.exec(line);
  if (!match) throw new Error(`not a workflow command: ${line}`);
  const properties: Record<string, string> = {};
  for (const pair of (match[2] ?? '').split(',').filter(Boolean)) {
    const eq = pair.indexOf('=');
    properties[pair.slice(0, eq)] = unescapeProperty(pair.slice(eq + 1));
  }
  return { command: match[1]!, properties, message: unescapeData(match[3]!) };
}
const unescapeData = (text: string) => text.replaceAll('%0D', '\r').replaceAll('%0A', '\n').replaceAll('%25', '%');
const unescapeProperty = (text: string) => unescapeData(text.replaceAll('%3A', ':').replaceAll('%2C', ','));

describe('GitHub workflow command annotations', () => {
  const report = fixtureReport({
    diagnostics: [
      { code: 'parse-error', severity: 'error', message: 'Unexpected token', file: 'src/x.ts', line: 3, column: 7 },
    ],
  });
  const lines = renderReport('github', report, { color: false }).split('\n');

  test('one command per finding, at its place, severity as the command, then the diagnostics', () => {
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(report.findings.length + 1);
    const commands = lines.map(parseCommand);
    const first = [...report.findings].sort((a, b) =>
      a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line,
    )[0]!;
    expect(commands[0]).toEqual({
      command: first.severity === 'error' ? 'error' : 'warning',
      properties: {
        file: first.file,
        line: String(first.line),
        col: String(first.column),
        endLine: String(first.endLine),
        endColumn: String(first.endColumn),
        title: `sunset-lint ${first.entryId} (end of life ${first.eol})`,
      },
      message: first.message,
    });
    expect(new Set(commands.slice(0, -1).map((c) => c.command))).toEqual(new Set(['error', 'warning']));
    expect(commands.at(-1)).toEqual({
      command: 'error',
      properties: { file: 'src/x.ts', line: '3', col: '7', title: 'sunset-lint parse-error' },
      message: 'Unexpected token',
    });
  });

  test('messages and properties are escaped so that nothing ends or starts a command', () => {
    const base = report.findings[0]!;
    const hostile = {
      ...hostileFinding(base),
      file: 'src/a,b:c%d.ts',
      message: 'line one\r\nline two ::error file=evil.ts::injected 100%',
      entryId: 'x,y:z',
    };
    const text = renderReport('github', { ...report, findings: [hostile], diagnostics: [] }, { color: false });
    expect(text.split('\n')).toHaveLength(2);
    expect(text).toContain('file=src/a%2Cb%3Ac%25d.ts,');
    expect(text).toContain('::line one%0D%0Aline two ::error file=evil.ts::injected 100%25\n');
    const parsed = parseCommand(text.trimEnd());
    expect(parsed.properties.file).toBe(hostile.file);
    expect(parsed.properties.title).toBe(`sunset-lint x,y:z (end of life ${base.eol})`);
    expect(parsed.message).toBe(hostile.message);
  });

  test('paths are from the repository root when the scan ran inside a package', () => {
    const text = renderReport('github', { ...report, repositoryPrefix: 'packages/api' }, { color: false });
    const files = text
      .trimEnd()
      .split('\n')
      .map(parseCommand)
      .map((c) => c.properties.file);
    expect(files.every((file) => file!.startsWith('packages/api/'))).toBe(true);
  });

  test('nothing found: no output', () => {
    expect(renderReport('github', { ...report, findings: [], diagnostics: [] }, { color: false })).toBe('');
  });
});
