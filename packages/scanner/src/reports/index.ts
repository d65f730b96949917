import { renderCheckstyle } from './checkstyle.js';
import { renderGithub } from './github.js';
import { renderGitlab } from './gitlab.js';
import { renderHtml } from './html.js';
import { renderJson } from './json.js';
import { renderJunit } from './junit.js';
import { renderMarkdown } from './markdown.js';
import { renderSarif } from './sarif.js';
import { renderText } from './text.js';
import { type RenderOptions, type ReportFormat, type ScanReport } from './types.js';

export * from './types.js';
export { useColor } from './color.js';
export { JSON_REPORT_VERSION } from './json.js';
export { SARIF_FINGERPRINT_KEY } from './sarif.js';

/** Renders a scan in one of the report formats; the result ends with a newline. */
export function renderReport(format: ReportFormat, report: ScanReport, options: RenderOptions): string {
  switch (format) {
    case 'text':
      return renderText(report, options);
    case 'json':
      return renderJson(report);
    case 'sarif':
      return renderSarif(report, options);
    case 'markdown':
      return renderMarkdown(report);
    case 'html':
      return renderHtml(report, options);
    case 'github':
      return renderGithub(report);
    case 'gitlab':
      return renderGitlab(report);
    case 'junit':
      return renderJunit(report);
    case 'checkstyle':
      return renderCheckstyle(report);
  }
}
