import { ModuleScope, type HclValue, type HclValueEntry } from './evaluate.js';
import type { HclAttribute, HclBlock, HclBodyItem, HclLabel, HclDocument, HclExpression } from './syntax.js';
import type { DeclaredProperty, DeclaredTerraformResource, SourceSpan } from './types.js';

export interface ParsedTerraformFile {
  /** Absolute path. */
  file: string;
  document: HclDocument;
}

/**
 * The `resource` blocks of one module folder (Terraform reads every `.tf` file of a folder as one
 * module, so `variable` and `locals` blocks of any of them apply to all). `data` sources, module
 * calls and providers declare nothing the provider creates, so they are not read.
 */
export function declaredResources(moduleFiles: readonly ParsedTerraformFile[]): DeclaredTerraformResource[] {
  const scope = moduleScope(moduleFiles.map((parsed) => parsed.document));
  const localFiles = new Map<string, string>();
  for (const { file, document } of moduleFiles)
    for (const item of document.body)
      if (item.kind === 'block' && item.type === 'locals')
        for (const local of item.body) if (local.kind === 'attribute') localFiles.set(local.name, file);
  const resources: DeclaredTerraformResource[] = [];
  for (const { file, document } of moduleFiles)
    for (const item of document.body) {
      if (item.kind !== 'block' || item.type !== 'resource') continue;
      const [type, name] = item.labels;
      if (type && name) resources.push(readResource(item, type, name.text, file, scope, localFiles));
    }
  return resources;
}

/**
 * The instances of a `for_each` over a map written in the module (`for_each = local.zone_settings`,
 * or the map itself): each key with its value, and where the key is written when that is in the
 * resource's own file (a finding about `each.key` goes there: `brotli = "on"` of the map).
 */
function forEachEntries(
  expression: HclExpression,
  scope: ModuleScope,
  localFiles: ReadonlyMap<string, string>,
  file: string,
): HclValueEntry[] | undefined {
  let written = expression;
  let sameFile = true;
  if (expression.kind === 'reference' && expression.root === 'local' && expression.attributes.length === 1) {
    const name = expression.attributes[0]!;
    written = scope.local(name) ?? expression;
    sameFile = localFiles.get(name) === file;
  }
  if (written.kind !== 'object') return undefined;
  const value = scope.evaluate(written);
  if (value.kind !== 'object') return undefined;
  return value.entries.map((entry) => (sameFile ? entry : { key: entry.key, value: entry.value }));
}

function moduleScope(documents: readonly HclDocument[]): ModuleScope {
  const defaults = new Map<string, HclExpression>();
  const locals = new Map<string, HclExpression>();
  for (const document of documents)
    for (const item of document.body) {
      if (item.kind !== 'block') continue;
      if (item.type === 'variable' && item.labels[0]) {
        const fallback = attributeNamed(item.body, 'default');
        if (fallback) defaults.set(item.labels[0].text, fallback);
      } else if (item.type === 'locals')
        for (const local of item.body) if (local.kind === 'attribute') locals.set(local.name, local.value);
    }
  return new ModuleScope(defaults, locals);
}

function attributeNamed(body: readonly HclBodyItem[], name: string): HclExpression | undefined {
  for (const item of body) if (item.kind === 'attribute' && item.name === name) return item.value;
  return undefined;
}

/** Meta-arguments: Terraform's own, not the provider's schema. */
const META_ATTRIBUTES = new Set(['count', 'for_each', 'depends_on', 'provider']);
const META_BLOCKS = new Set(['lifecycle', 'provisioner', 'connection']);

function readResource(
  block: HclBlock,
  type: HclLabel,
  name: string,
  file: string,
  scope: ModuleScope,
  localFiles: ReadonlyMap<string, string>,
): DeclaredTerraformResource {
  const repeatedBy = block.body.find(
    (item): item is HclAttribute & { name: 'for_each' | 'count' } =>
      item.kind === 'attribute' && (item.name === 'for_each' || item.name === 'count'),
  );
  const each = repeatedBy?.name === 'for_each' ? forEachEntries(repeatedBy.value, scope, localFiles, file) : undefined;
  const properties: DeclaredProperty[] = [];
  collectProperties(block.body, [], undefined, scope, properties, true, each);
  return {
    ecosystem: 'terraform',
    resourceType: type.text,
    name,
    file,
    typeLabel: type.span,
    ...(repeatedBy ? { repeatedBy: repeatedBy.name } : {}),
    properties,
  };
}

/**
 * Attributes and nested blocks as property paths. A `dynamic "settings"` block stands for the
 * `settings` blocks it generates: its `content` is read under `settings`, and everything in it is
 * reported at the dynamic block's label (the blocks exist only once Terraform expands it).
 */
function collectProperties(
  body: readonly HclBodyItem[],
  prefix: readonly string[],
  dynamicAt: SourceSpan | undefined,
  scope: ModuleScope,
  out: DeclaredProperty[],
  topLevel: boolean,
  each?: readonly HclValueEntry[],
): void {
  for (const item of body) {
    if (item.kind === 'attribute') {
      if (topLevel && META_ATTRIBUTES.has(item.name)) continue;
      const path = [...prefix, item.name];
      // `setting_id = each.key`: one value per instance, each where its key is written.
      const eachOf = item.value.kind === 'reference' && item.value.root === 'each' ? item.value.attributes : undefined;
      if (each && eachOf && (eachOf[0] === 'key' || (eachOf[0] === 'value' && eachOf.length === 1))) {
        for (const entry of each) {
          const value: HclValue = eachOf[0] === 'key' ? { kind: 'static', value: entry.key } : entry.value;
          const at = entry.keySpan ?? item.nameSpan;
          pushValue(out, path, value, at, dynamicAt ?? at);
        }
        continue;
      }
      const value = scope.evaluate(item.value);
      pushValue(out, path, value, item.nameSpan, dynamicAt ?? item.nameSpan);
      continue;
    }
    if (topLevel && META_BLOCKS.has(item.type)) continue;
    if (item.type === 'dynamic' && item.labels[0]) {
      const label = item.labels[0];
      const path = [...prefix, label.text];
      const at = dynamicAt ?? label.span;
      out.push({ path, key: label.span, at });
      const content = item.body.find((inner): inner is HclBlock => inner.kind === 'block' && inner.type === 'content');
      if (content) collectProperties(content.body, path, at, scope, out, false, each);
      continue;
    }
    const path = [...prefix, item.type];
    out.push({ path, key: item.typeSpan, at: dynamicAt ?? item.typeSpan });
    collectProperties(item.body, path, dynamicAt, scope, out, false, each);
  }
}

/** An attribute, and for an object value each of its keys (`data = { service = "_sip" }` → `data.service`). */
function pushValue(
  out: DeclaredProperty[],
  path: readonly string[],
  value: HclValue,
  key: SourceSpan,
  at: SourceSpan,
): void {
  out.push({ path, ...(value.kind === 'static' ? { value: value.value } : {}), key, at });
  if (value.kind !== 'object') return;
  for (const entry of value.entries) {
    // Keys of an object the resource takes from a `local` or a variable are reported at the attribute.
    const entryKey = entry.keySpan ?? key;
    pushValue(out, [...path, entry.key], entry.value, entryKey, entry.keySpan && at === key ? entry.keySpan : at);
  }
}
