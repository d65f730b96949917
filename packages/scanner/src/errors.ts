/**
 * What a caller gave cannot be used: a path that does not exist, a value out of range, reports that
 * do not belong together, a configuration, baseline or OpenAPI file that is wrong. The library
 * throws it (or a subclass naming the input) with a message for a person, and never prints it; the
 * CLI prints the message and exits 2, as it does for a mistake on its command line.
 */
export class InputError extends Error {
  // `string`, not the literal: the subclasses name themselves.
  override readonly name: string = 'InputError';
}

/** The reports given to `merge` are not the shards of one scan, or not reports at all. */
export class MergeError extends InputError {
  override readonly name = 'MergeError';
}
