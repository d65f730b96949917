import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/*
 * Where core's own package is, found by its name rather than from this module's place: the
 * scanner's CLI bundles core's modules into its own files (packages/scanner/scripts/bundle-cli.mjs),
 * where `import.meta.url` is the bundle's. Resolved by name, it is the installed core (the scanner
 * depends on it) from the bundle, and core itself from its own modules.
 */

let root: string | undefined;

/** The folder of `@sunset-lint/core`'s package.json. */
export function corePackageRoot(): string {
  root ??= dirname(createRequire(import.meta.url).resolve('@sunset-lint/core/package.json'));
  return root;
}

/** `require` as core's package resolves: its dependencies (ajv), wherever the caller's code was bundled. */
export function coreRequire(): NodeJS.Require {
  return createRequire(join(corePackageRoot(), 'package.json'));
}
