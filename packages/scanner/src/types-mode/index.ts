export { createTypeResolver, findTsconfig, stringValues, type TypeResolver } from './type-resolver.js';
export { resolveFactsWithTypes, type TypeResolution } from './resolve-facts.js';
export { addTypeFindings, type TypesPassOptions } from './scan-with-types.js';
