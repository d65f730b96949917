import type { TSESTree } from '@typescript-eslint/types';
import { rangeOf } from './ast.js';
import { lookup, type Binding, type Scope, type ScopeIndex } from './scope.js';

/**
 * The `name += …` statements that built a variable's value before it is read at `at`
 * (`let url = API_ROOT; url += '/zones/' + id; url += '/firewall/waf/overrides'; fetch(url)`), in
 * source order and in the function that reads it. Undefined when a plain `name = …` was written
 * before the read: which value reaches it then is a question of control flow, left unknown.
 */
export function appendsBefore(
  index: ScopeIndex,
  binding: Binding,
  at: number,
  readScope: Scope,
): TSESTree.AssignmentExpression[] | undefined {
  const appends: TSESTree.AssignmentExpression[] = [];
  for (const assignment of assignmentsTo(index, binding.name)) {
    if (rangeOf(assignment)[1] > at) continue;
    const scope = index.scopeOf.get(assignment) ?? index.program;
    if (lookup(scope, binding.name) !== binding) continue;
    if (assignment.operator === '=') return undefined;
    if (assignment.operator === '+=' && scope.fn === readScope.fn) appends.push(assignment);
  }
  return appends.sort((a, b) => rangeOf(a)[0] - rangeOf(b)[0]);
}

/** Whether the file writes `name += …` anywhere: the cheap test every read of a variable makes first. */
export function isAppendedTo(index: ScopeIndex, name: string): boolean {
  return assignmentsTo(index, name).some((assignment) => assignment.operator === '+=');
}

const byName = new WeakMap<ScopeIndex, Map<string, TSESTree.AssignmentExpression[]>>();

/** A file's assignments to a plain variable name, indexed once (every read of a variable asks). */
function assignmentsTo(index: ScopeIndex, name: string): readonly TSESTree.AssignmentExpression[] {
  let names = byName.get(index);
  if (!names) {
    names = new Map();
    for (const assignment of index.assignments) {
      if (assignment.left.type !== 'Identifier') continue;
      const list = names.get(assignment.left.name) ?? [];
      list.push(assignment);
      names.set(assignment.left.name, list);
    }
    byName.set(index, names);
  }
  return names.get(name) ?? [];
}
