import type { Range } from '@sunset-lint/core';
import type { DeclaredTerraformResource } from './types.js';

/**
 * A Terraform resource in the shape of core's neutral declared-resource fact (`DeclaredResourceFact`
 * of the `iac` branch, packages/core/src/extract/facts.ts), which its `matchDeclaredResource` takes
 * with the catalogue's entries. Declared here structurally until that type is in this branch; the
 * merge replaces this interface by the import, and the compiler checks that they agree.
 */
export interface TerraformResourceFact {
  ecosystem: 'terraform';
  resourceType: string;
  /** The type label, quotes excluded: where a finding on the whole resource points. */
  range: Range;
  /** A Terraform resource type names its provider (`cloudflare_…`): no import to look for. */
  knownImport: boolean;
  properties: Array<{ path: string[]; range: Range; value?: string | number | boolean }>;
}

export function toDeclaredResourceFact(resource: DeclaredTerraformResource): TerraformResourceFact {
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
