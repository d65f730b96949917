import type { RenderOptions, ReportFormat, ScanReport } from './types.js';

export type Renderer = (report: ScanReport, options: RenderOptions) => string;

/**
 * The renderer of one format, loaded when a report in it is written: a text report does not load
 * the SARIF, HTML and Markdown writers. `renderReport` (./index.ts) is the same, all loaded.
 */
export async function loadRenderer(format: ReportFormat): Promise<Renderer> {
  switch (format) {
    case 'text':
      return (await import('./text.js')).renderText;
    case 'json':
      return (await import('./json.js')).renderJson;
    case 'sarif':
      return (await import('./sarif.js')).renderSarif;
    case 'markdown':
      return (await import('./markdown.js')).renderMarkdown;
    case 'html':
      return (await import('./html.js')).renderHtml;
    case 'github':
      return (await import('./github.js')).renderGithub;
    case 'gitlab':
      return (await import('./gitlab.js')).renderGitlab;
    case 'junit':
      return (await import('./junit.js')).renderJunit;
    case 'checkstyle':
      return (await import('./checkstyle.js')).renderCheckstyle;
  }
}
