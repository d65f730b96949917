#!/usr/bin/env node
// The repository root's bin, for the pre-commit framework (`language: node` packs the repository
// root and installs that tarball globally): the scanner is bundled into the packed root
// (bundleDependencies), and this launcher starts its CLI. Users install the `sunset-lint` package.
import 'sunset-lint/bin/sunset-lint.js';
