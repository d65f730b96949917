/**
 * Structural equality of JSON values, ignoring the order of object keys (a server may echo an object
 * with its keys reordered) but not the order of array entries (override lists are ordered).
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => jsonEqual(item, b[index]))
    );
  }
  const recordA = a as Record<string, unknown>;
  const recordB = b as Record<string, unknown>;
  // Keys whose value is undefined do not exist in JSON.
  const keysA = Object.keys(recordA).filter((key) => recordA[key] !== undefined);
  const keysB = Object.keys(recordB).filter((key) => recordB[key] !== undefined);
  return keysA.length === keysB.length && keysA.every((key) => jsonEqual(recordA[key], recordB[key]));
}
