import { writeFile } from 'node:fs/promises';

const BOM = '\uFEFF';

interface PendingText {
  text: string;
  bom: boolean;
}

/**
 * Fixed texts held in memory until saved (a dry run never saves). The texts are without a
 * byte-order mark, as the scan read them; a file that had one gets it back when written.
 */
export class PendingWrites {
  private readonly texts = new Map<string, PendingText>();

  /** `path` is absolute. A later text for the same file replaces the earlier one. */
  set(path: string, text: string, options: { bom: boolean }): void {
    this.texts.set(path, { text, bom: options.bom });
  }

  /** Drops the pending text of `path` (a change its check refused): the file stays as it is on disk. */
  discard(path: string): void {
    this.texts.delete(path);
  }

  /** Writes every pending text and forgets it (a later pass starts from the files on disk). */
  async save(): Promise<void> {
    const writes = [...this.texts].map(([path, { text, bom }]) => writeFile(path, bom ? BOM + text : text, 'utf8'));
    this.texts.clear();
    await Promise.all(writes);
  }
}
