import type { TSESTree } from '@typescript-eslint/types';
import { propertyKeyName, rangeOf, syntheticProperty, unwrap } from './ast.js';
import { lookup, type ScopeIndex } from './scope.js';

/**
 * The keys a variable's object literal is given after it is declared, as properties of that object
 * (`const record = { type: 'SRV' }; record.data = { service, … }`, `headers['transfer-encoding'] = 'chunked'`):
 * a payload or a headers object built in steps is the same object as one written at once. Each is a
 * property whose key is the member's name and whose value is the assigned expression; its range is the
 * statement's (with its `;`), so removing the key removes the assignment.
 */
export function assignedProperties(index: ScopeIndex, source: string, object: Node): readonly TSESTree.Property[] {
  return (assignedByIndex.get(index) ?? indexAssigned(index, source)).get(object) ?? NONE;
}

type Node = TSESTree.Node;

const NONE: readonly TSESTree.Property[] = [];
const assignedByIndex = new WeakMap<ScopeIndex, Map<Node, TSESTree.Property[]>>();

function indexAssigned(index: ScopeIndex, source: string): Map<Node, TSESTree.Property[]> {
  const byObject = new Map<Node, TSESTree.Property[]>();
  assignedByIndex.set(index, byObject);
  for (const assignment of index.assignments) {
    const target = assignment.left;
    if (assignment.operator !== '=' || target.type !== 'MemberExpression' || target.object.type !== 'Identifier')
      continue;
    if (propertyKeyName(target.property, target.computed) === undefined) continue;
    const scope = index.scopeOf.get(assignment);
    const binding = scope ? lookup(scope, target.object.name) : undefined;
    const init =
      binding?.kind === 'value' && binding.path.length === 0 && binding.init ? unwrap(binding.init) : undefined;
    if (init?.type !== 'ObjectExpression' || rangeOf(init)[1] > rangeOf(assignment)[0]) continue;
    const [start, end] = rangeOf(assignment);
    const property = syntheticProperty(target.property, assignment.right, target.computed, [
      start,
      source[end] === ';' ? end + 1 : end,
    ]);
    const list = byObject.get(init) ?? [];
    list.push(property);
    byObject.set(init, list);
  }
  return byObject;
}
