/** The system's code of a failed file operation (`ENOENT`, `EACCES`, `EEXIST`), or undefined for any other error. */
export function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}
