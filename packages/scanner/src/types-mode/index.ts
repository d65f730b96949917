export { createTypeResolver, findTsconfig, type TypeResolver } from './type-resolver.js';
export { resolveFactsWithTypes } from './resolve-facts.js';
