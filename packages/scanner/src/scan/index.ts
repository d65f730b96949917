// The scan's driver and its discovery, for the library (library/scan.ts) and the tests.
export { discoverFiles } from './files/discovery.js';
export { runScan } from './scan.js';
