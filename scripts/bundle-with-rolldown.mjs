// The one way this repository bundles a package's compiled output with rolldown (the scanner's CLI,
// packages/scanner/scripts/bundle-cli.mjs, and the ESLint plugin, packages/eslint-plugin/scripts/
// bundle-plugin.mjs): `dist/bundle/`, one folder below dist/ as the compiled modules are, so the
// paths they build from `import.meta.url` stay right; each lazy `import()` a chunk of its own.
// `clean` (argv[2]) removes the bundle. When rolldown cannot load here, the bundle is removed and
// the package runs from its compiled modules: slower, not wrong.
import { existsSync, rmSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const BUILTIN = new Set(builtinModules);

/**
 * `name`: the script's name in messages; `dist`: the package's dist/ folder (ending in `/`);
 * `input`: the bundle's entries (name → compiled file); `outside`: packages loaded from their own
 * folders (native bindings, WebAssembly, what is required on demand); `rolldownFrom`: the
 * package.json whose dependencies hold rolldown; `fallback`: where the package runs from without it.
 */
export async function bundleWithRolldown({ name, dist, input, outside, rolldownFrom, fallback }) {
  const out = `${dist}bundle`;
  const isOutside = (id) => {
    if (id.startsWith('node:') || BUILTIN.has(id)) return true;
    // ajv's runtime helpers (imported by the generated validators) are in; its compiler is not.
    if (id.startsWith('ajv/dist/runtime/')) return false;
    return outside.some((pkg) => id === pkg || id.startsWith(`${pkg}/`));
  };
  rmSync(out, { recursive: true, force: true });
  if (process.argv[2] === 'clean') return;
  const missing = Object.values(input).find((file) => !existsSync(file));
  if (missing) {
    process.stderr.write(`${name}: ${missing.slice(dist.length - 'dist/'.length)} is missing: run tsc -b first\n`);
    process.exit(1);
  }
  let rolldown;
  try {
    ({ rolldown } = await import(pathToFileURL(createRequire(rolldownFrom).resolve('rolldown')).href));
  } catch (error) {
    process.stderr.write(
      `${name}: rolldown does not load here (${String(error).split('\n')[0]}): the package runs from ${fallback}\n`,
    );
    process.exit(0);
  }
  const bundle = await rolldown({ input, platform: 'node', external: isOutside, logLevel: 'warn' });
  await bundle.write({ dir: out, format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' });
  await bundle.close();
}
