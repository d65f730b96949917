import { fromRepositoryRoot } from '../repository-root.js';
import type { ScanReport } from './types.js';

/**
 * A report path (relative to the current directory) as a path from the repository root: what GitHub
 * and GitLab resolve annotations, alerts and Code Quality entries against. A path that leaves the
 * repository (`../elsewhere.ts` scanned from its root) stays as it is: no checkout holds it.
 */
export function repositoryPath(report: Pick<ScanReport, 'repositoryPrefix'>, file: string): string {
  return fromRepositoryRoot(report.repositoryPrefix ?? '', file);
}
