/**
 * Code-point order: `localeCompare` follows the machine's ICU locale (which may, say, ignore `-`),
 * and the catalogue's order, the findings' order and every report must be the same on every machine.
 */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
