// Runs on Node's module-hooks thread: it writes straight to the process's stderr.
import { writeSync } from 'node:fs';

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  writeSync(2, `resolved: ${resolved.url}\n`);
  return resolved;
}
