// The Node versions the CLI supports, checked before any of its modules load. Plain syntax that
// every Node parses: an older Node must get this message, not a syntax error or a missing API
// halfway through loading. Kept in step with `engines` in package.json (a test compares them).
export const SUPPORTED_NODE = '^20.19.0 || ^22.12.0 || >=24.0.0';

/** Whether `version` (as in process.versions.node: '24.21.0') is in SUPPORTED_NODE. */
export function isSupportedNode(version) {
  var parts = String(version).split('.');
  var major = Number(parts[0]);
  var minor = Number(parts[1]);
  if (major === 20) return minor >= 19;
  if (major === 22) return minor >= 12;
  return major >= 24;
}
