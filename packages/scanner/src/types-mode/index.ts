export { createTypeResolver, findTsconfig, stringValues, type TypeResolver } from './type-resolver.js';
export { resolveFactsWithTypes, type TypeResolution } from './resolve-facts.js';
export { typesResolution } from './types-pass.js';
