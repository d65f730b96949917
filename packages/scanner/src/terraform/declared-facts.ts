import type { DeclaredResourceFact } from '@sunset-lint/core/internal';
import type { DeclaredTerraformResource } from './types.js';

/** A Terraform resource as core's neutral declared-resource fact, for the catalogue's resource matcher. */
export function toDeclaredResourceFact(resource: DeclaredTerraformResource): DeclaredResourceFact {
  return {
    ecosystem: 'terraform',
    resourceType: resource.resourceType,
    range: [resource.typeLabel.start.offset, resource.typeLabel.end.offset],
    knownImport: true,
    properties: resource.properties.map((property) => ({
      path: [...property.path],
      // Where a finding goes: the key, or the label of the dynamic block that generates it.
      range: [property.at.start.offset, property.at.end.offset],
      // `null` (an unset argument) is no value a catalogue row can name.
      ...(property.value !== undefined && property.value !== null ? { value: property.value } : {}),
    })),
  };
}
