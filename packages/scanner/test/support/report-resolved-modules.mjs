// Preloaded with `node --import` by startup.test.ts: registers a resolve hook that writes every
// ES module URL the process resolves to stderr (web-tree-sitter is an ES module, so the CommonJS
// cache that report-required-modules.cjs reads does not see it).
import { register } from 'node:module';

register('./resolved-modules-hooks.mjs', import.meta.url);
