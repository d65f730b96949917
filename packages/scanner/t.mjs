import { resolveSettings } from '@sunset-lint/core';
import { discoverFiles } from './dist/scan/discovery.js';
import { runScan } from './dist/scan/scan.js';
const root = process.argv[2];
const { files } = await discoverFiles({ cwd: root, paths: ['.'] });
const settings = resolveSettings({ asOf: '2026-11-21' });
let t = performance.now();
const r = runScan({ cwd: root, files, settings });
console.log(files.length, r.filesParsed, r.findings.length, (performance.now() - t).toFixed(0), 'ms');
