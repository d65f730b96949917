/**
 * Records keyed by names the code chose (exports, imports, an object's entries, a class's
 * methods). Made without a prototype, so that a name such as `constructor` or `toString` is a
 * key like any other, and in V8's dictionary mode from the start: adding each file's own names one
 * by one to an ordinary object would leave a hidden class per name in the heap for the whole scan.
 */
export function dictionary<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/**
 * A record's own value for a name, never its prototype's: records that went through a cache or a
 * worker (`v8.deserialize`) have `Object.prototype` again.
 */
export function ownValue<T>(record: Readonly<Record<string, T>>, name: string): T | undefined {
  return Object.hasOwn(record, name) ? record[name] : undefined;
}
