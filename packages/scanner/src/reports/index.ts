import { renderHtml } from './html.js';
import { renderJson } from './json.js';
import { renderMarkdown } from './markdown.js';
import { renderSarif } from './sarif.js';
import { renderText } from './text.js';
import { type RenderOptions, type ReportFormat, type ScanReport } from './types.js';

export * from './types.js';
export { JSON_REPORT_VERSION } from './json.js';
export { SARIF_FINGERPRINT_KEY, SARIF_SCHEMA_URI } from './sarif.js';

/** Renders a scan in one of the report formats; the result ends with a newline. */
export function renderReport(format: ReportFormat, report: ScanReport, options: RenderOptions): string {
  switch (format) {
    case 'text':
      return renderText(report, options);
    case 'json':
      return renderJson(report);
    case 'sarif':
      return renderSarif(report);
    case 'markdown':
      return renderMarkdown(report);
    case 'html':
      return renderHtml(report);
  }
}

/**
 * Whether the text report should be colored on this stream: a TTY, and NO_COLOR unset or empty
 * (https://no-color.org); FORCE_COLOR (non-empty, not "0") turns it on for CI logs that render ANSI.
 */
export function useColor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR && env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true;
}
