import type { CatalogueEntry, IacEcosystem, ResourceMatcher } from '../catalogue/types.js';
import type { DeclaredProperty, DeclaredResourceFact, RawMatch } from '../facts.js';
import { PROVIDER_PACKAGES } from '../catalogue/iac-packages.js';
import { words, type Detector, type Route } from './detector.js';
import { camelCase, snakeCase } from '../catalogue/property-names.js';

/**
 * Declared infrastructure resources (Pulumi, CDK for Terraform, Terraform) against the catalogue's
 * `match.resources`. The facts are neutral: a TypeScript program and a Terraform file feed the
 * same matcher, so one catalogue row covers every tool that declares the resource.
 */
export const declaredResources: Detector = {
  // A TypeScript file imports the provider package and names the class, or constructs the class by
  // its name alone (`new FirewallRule(`); the key of the property that counts is written too (a
  // value such as `settingId: 'brotli'` sits at that key), unless another module holds the object.
  // The cross-file prefilter asks the same words of a file and the modules it imports: a class
  // reaches a file from the provider package only through modules that import the package by its
  // name (re-exported, or as a namespace), and a class used without any import is constructed by its
  // name in the file itself; the key and its value may be in any of them (docs/scanner.md, "Which
  // files are parsed").
  routes: (entry) => classRoutes(entry).flatMap(resourceRoutes),
};

function resourceRoutes({ ecosystem, type, key }: { ecosystem: 'pulumi' | 'cdktf'; type: string; key?: string }) {
  const property = key ? [key] : [];
  // `new FirewallRule(` names the class as a word of its own: `arrayFilter(` does not construct a `Filter`.
  const constructed: Route = [{ text: type, wholeWord: true }, ...words(`${type}(`, ...property)];
  return [words(PROVIDER_PACKAGES[ecosystem], type, ...property), constructed];
}

function classRoutes(entry: CatalogueEntry): Array<{ ecosystem: 'pulumi' | 'cdktf'; type: string; key?: string }> {
  return (entry.match.resources ?? []).flatMap((resource) =>
    (['pulumi', 'cdktf'] as const).flatMap((ecosystem) => {
      const type = resource[ecosystem];
      const key = resource.property?.split('.').at(-1);
      return type ? [{ ecosystem, type, ...(key ? { key: camelCase(key) } : {}) }] : [];
    }),
  );
}

const TOOL_NAMES: Readonly<Record<IacEcosystem, string>> = {
  pulumi: 'Pulumi',
  cdktf: 'CDK for Terraform',
  terraform: 'Terraform',
};

/** The matches of one declared resource: the resource itself, or the properties that make it deprecated. */
export function matchDeclaredResource(fact: DeclaredResourceFact, entries: readonly CatalogueEntry[]): RawMatch[] {
  const matches: RawMatch[] = [];
  const confidence = fact.knownImport ? 'high' : 'medium';
  const resource = `the ${TOOL_NAMES[fact.ecosystem]} resource \`${fact.resourceType}\``;
  for (const entry of entries) {
    for (const matcher of entry.match.resources ?? []) {
      if (matcher[fact.ecosystem] !== fact.resourceType) continue;
      const replacement = matcher.replacement ? { replacement: matcher.replacement } : {};
      if (!matcher.property) {
        matches.push({
          entryId: entry.id,
          ruleId: entry.rule,
          range: fact.range,
          confidence,
          subject: resource,
          ...replacement,
        });
        continue;
      }
      for (const property of fact.properties.filter((candidate) => propertyMatches(candidate, matcher))) {
        const written = property.path.join('.');
        matches.push({
          entryId: entry.id,
          ruleId: entry.rule,
          range: property.range,
          confidence,
          subject: `\`${written}\`${matcher.value !== undefined ? ` = ${JSON.stringify(matcher.value)}` : ''} in ${resource}`,
          ...replacement,
          ...(property.file !== undefined
            ? { file: property.file, related: [{ range: fact.range, message: `used by ${resource}` }] }
            : {}),
        });
      }
    }
  }
  return matches;
}

/** Keys compare in Terraform's spelling: `mobileRedirect` and `mobile_redirect` are the same argument. */
function propertyMatches(property: DeclaredProperty, matcher: ResourceMatcher): boolean {
  if (property.path.map(snakeCase).join('.') !== matcher.property) return false;
  return matcher.value === undefined || property.value === matcher.value;
}
