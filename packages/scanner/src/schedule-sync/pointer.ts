/** RFC 6901 JSON pointers, which name the place of a problem in the OpenAPI document. */

export function pointer(...tokens: ReadonlyArray<string | number>): string {
  return tokens.map((token) => `/${String(token).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

export function childPointer(parent: string, ...tokens: ReadonlyArray<string | number>): string {
  return parent + pointer(...tokens);
}

/** A problem found in the document: where (a JSON pointer) and what. */
export interface DocumentProblem {
  pointer: string;
  message: string;
  /** The value is meant to be a date and is not a real one (the diff lists these as suspicious). */
  invalidDate?: true;
}
