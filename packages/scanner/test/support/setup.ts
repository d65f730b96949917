/** Runs before every test file (vitest `setupFiles`), also when a worker does not isolate files. */
import { afterAll } from 'vitest';
import { removeProjects } from '../scan-cli-support.js';

// pnpm's bin shim for vitest sets NODE_PATH to the store's hoisted packages. The CLI processes the
// tests start would inherit it and find there a module that a user's process could not: a package
// loaded from the wrong path once went unnoticed that way.
delete process.env.NODE_PATH;

afterAll(removeProjects);
