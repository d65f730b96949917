export { DEFAULT_EXCLUDE, DEFAULT_INCLUDE, discoverFiles, effectiveExcludes } from './discovery.js';
export { runScan, type ScanOptions, type ScanResult } from './scan.js';
export { buildScanReport, failsOn } from './report.js';
