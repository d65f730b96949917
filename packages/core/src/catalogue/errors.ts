/** A catalogue or configuration problem; the message names the file, the entry and the field. */
export class CatalogueError extends Error {
  override readonly name = 'CatalogueError';
  constructor(
    message: string,
    readonly file?: string,
    readonly entryId?: string,
    readonly field?: string,
  ) {
    super(message);
  }
}
