import { readFileSync } from 'node:fs';

export type ReadOutcome = { ok: true; source: string } | { ok: false; message: string };

/** Text as ESLint sees it: without a byte-order mark, so columns on line 1 agree. */
export function readSource(file: string): ReadOutcome {
  try {
    const source = readFileSync(file, 'utf8');
    return { ok: true, source: source.charCodeAt(0) === 0xfeff ? source.slice(1) : source };
  } catch (error) {
    return { ok: false, message: (error as NodeJS.ErrnoException).code ?? String(error) };
  }
}
