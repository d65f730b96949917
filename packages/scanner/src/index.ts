export { main } from './cli/main.js';
export { scan, type ScanNotice, type ScanRequest } from './library/scan.js';
export type { SettingOverrides } from './library/config.js';
export { InputError } from './errors.js';
export type { ScannerSettings } from './config/settings-schema.js';
export type { Shard } from './shard/shard.js';
export type { Diagnostic, ScanReport } from './reports/types.js';
