import { CatalogueError } from './errors.js';
import type { CatalogueEntry, FieldContext, ValidatedEntry } from './types.js';

/**
 * Entries with every field's context resolved: a field may name a context another field of the
 * catalogue defines (`"context": "dns-record"`), built in or added, so that one definition serves
 * every field of a resource. A name no field defines, or one defined twice differently, is an error
 * naming the entry and the field.
 */
export function resolveFieldContexts(
  entries: ReadonlyArray<{ entry: ValidatedEntry; file: string }>,
): CatalogueEntry[] {
  const defined = new Map<string, { context: FieldContext; where: string }>();
  for (const { entry, file } of entries) {
    (entry.match.fields ?? []).forEach((field, i) => {
      if (typeof field.context === 'string' || field.context.name === undefined) return;
      const known = defined.get(field.context.name);
      if (known && JSON.stringify(known.context) !== JSON.stringify(field.context))
        throw new CatalogueError(
          `${file}: entry '${entry.id}': field 'match.fields.${i}.context' defines the context '${field.context.name}' otherwise than ${known.where}`,
          file,
          entry.id,
          `match.fields.${i}.context`,
        );
      if (!known) defined.set(field.context.name, { context: field.context, where: `${file} (${entry.id})` });
    });
  }
  return entries.map(({ entry, file }) => {
    const fields = (entry.match.fields ?? []).map((field, i) => {
      if (typeof field.context !== 'string') return { ...field, context: field.context };
      const context = defined.get(field.context)?.context;
      if (!context)
        throw new CatalogueError(
          `${file}: entry '${entry.id}': field 'match.fields.${i}.context' names '${field.context}', a context no field of the catalogue defines (${[...defined.keys()].map((name) => `'${name}'`).join(', ') || 'none is defined'})`,
          file,
          entry.id,
          `match.fields.${i}.context`,
        );
      return { ...field, context };
    });
    // An entry without fields keeps its match as written, with no `fields` key added.
    const { fields: written, ...rest } = entry.match;
    return { ...entry, match: written ? { ...rest, fields } : rest };
  });
}
