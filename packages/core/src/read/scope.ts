import type { TSESTree } from '@typescript-eslint/types';
import type { ImportBinding } from '../facts.js';
import {
  forEachChild,
  isFunctionNode,
  isPlainName,
  isStringExpression,
  propertyKeyName,
  rangeOf,
  syntheticProperty,
  type Node,
} from './ast.js';

export type FunctionNode =
  TSESTree.FunctionDeclaration | TSESTree.FunctionExpression | TSESTree.ArrowFunctionExpression;

export interface FunctionInfo {
  id: number;
  node: FunctionNode;
  /** Parameter names by index (undefined for patterns), with their default values; `rest` for `...parts`. */
  params: Array<{ name?: string; default?: Node; typeName?: string; rest?: boolean }>;
  scope: Scope;
  cls?: ClassInfo;
  isConstructor: boolean;
  /** Passed as an argument (`pools.map((p) => …)`): it runs on values of the code around the call. */
  isCallback?: boolean;
  /** The call a callback is passed to. */
  passedTo?: TSESTree.CallExpression | TSESTree.NewExpression;
  /** A class's `get name() {…}`: reading `this.name` runs it. */
  isGetter?: boolean;
  /** Call and new expressions lexically inside this function, nested closures included. */
  calls: Node[];
}

export interface ClassInfo {
  node: TSESTree.ClassDeclaration | TSESTree.ClassExpression;
  /** `x = value`, `#x = value`, `this.x = value` in the constructor, constructor parameter properties. */
  fields: Map<
    string,
    { value?: Node; scope: Scope; typeName?: string; fromParam?: { fn: FunctionInfo; index: number } }
  >;
  methods: Map<string, FunctionInfo>;
  /** `extends Base`: the expression and the scope it is read in. */
  superClass?: { node: Node; scope: Scope };
}

export type Binding =
  /** `iterates`: the iterable of the `for…of` that declares it (`for (const [id] of Object.entries(settings))`). */
  | { kind: 'value'; name: string; init?: Node; path: string[]; scope: Scope; iterates?: Node }
  | { kind: 'param'; name: string; fn: FunctionInfo; index: number; path: string[] }
  | { kind: 'function'; name: string; fn: FunctionInfo }
  | { kind: 'class'; name: string; cls: ClassInfo }
  | { kind: 'import'; name: string; binding: ImportBinding };

export interface Scope {
  parent?: Scope;
  bindings: Map<string, Binding>;
  /** The innermost function (for `var` and for param ownership). */
  fn?: FunctionInfo;
  cls?: ClassInfo;
  /**
   * What `this` is in a method of an object literal (`{ base: '…', get(p) { return fetch(this.base + p) } }`)
   * and in the arrow functions and blocks inside it: the object, read where it is written.
   */
  thisObject?: { node: TSESTree.ObjectExpression; scope: Scope };
}

/** The scope fields a block inside `scope` keeps: what `this` is. */
function thisOf(scope: Scope): Pick<Scope, 'cls' | 'thisObject'> {
  return { ...(scope.cls ? { cls: scope.cls } : {}), ...(scope.thisObject ? { thisObject: scope.thisObject } : {}) };
}

export function lookup(scope: Scope, name: string): Binding | undefined {
  for (let current: Scope | undefined = scope; current; current = current.parent) {
    const binding = current.bindings.get(name);
    if (binding) return binding;
  }
  return undefined;
}

/** Nodes the detectors look at, each with the scope it was seen in. */
export interface ScopeIndex {
  program: Scope;
  scopeOf: Map<Node, Scope>;
  parentOf: Map<Node, Node>;
  functions: FunctionInfo[];
  functionOf: Map<FunctionNode, FunctionInfo>;
  classOf: Map<TSESTree.ClassDeclaration | TSESTree.ClassExpression, ClassInfo>;
  calls: Node[];
  objects: TSESTree.ObjectExpression[];
  members: TSESTree.MemberExpression[];
  comparisons: Array<TSESTree.BinaryExpression | TSESTree.SwitchCase>;
  strings: Array<TSESTree.Literal | TSESTree.TemplateLiteral>;
  /** Outermost string-valued expressions (literal, template, `+` chain): candidate API URL mentions. */
  stringRoots: Node[];
  destructures: TSESTree.VariableDeclarator[];
  /** Properties of object patterns anywhere (`const [{ error_chain: chain }] = errors`, parameters). */
  patternProperties: TSESTree.Property[];
  /** Each pattern property's keys from its pattern's root, its own last (`({ data: { service } })`: `data`, `service`). */
  patternKeys: Map<TSESTree.Property, string[]>;
  assignments: TSESTree.AssignmentExpression[];
  exportNodes: Node[];
}

/** Subtrees that only describe types; the walk skips them. */
const TYPE_ONLY = new Set([
  'TSInterfaceDeclaration',
  'TSTypeAliasDeclaration',
  'TSTypeAnnotation',
  'TSTypeParameterDeclaration',
  'TSTypeParameterInstantiation',
  'TSDeclareFunction',
  'TSIndexSignature',
  'TSAbstractPropertyDefinition',
]);

/**
 * One walk over the program: scopes, bindings, and the nodes of interest. `readNames`, the
 * property names whose reads the reader extracts (`Vocabulary.readPaths`), narrows `members` to
 * the members its readers look at: those that read one of these names, and those with a computed
 * key (a table asked by key). Members are most of a program's nodes; without it, every one.
 */
export function indexScopes(program: TSESTree.Program, readNames?: ReadonlyMap<string, unknown>): ScopeIndex {
  const index: ScopeIndex = {
    program: { bindings: new Map() },
    scopeOf: new Map(),
    parentOf: new Map(),
    functions: [],
    functionOf: new Map(),
    classOf: new Map(),
    calls: [],
    objects: [],
    members: [],
    comparisons: [],
    strings: [],
    stringRoots: [],
    destructures: [],
    patternProperties: [],
    patternKeys: new Map(),
    assignments: [],
    exportNodes: [],
  };
  const fnStack: FunctionInfo[] = [];
  /** The object literal each of its methods belongs to (what `this` is in them). */
  const methodObject = new Map<FunctionNode, { node: TSESTree.ObjectExpression; scope: Scope }>();

  /** A name a pattern declares with a value no expression gives (it still hides outer names). */
  const declareUnknown = (target: Node, scope: Scope) => {
    if (target.type === 'Identifier')
      scope.bindings.set(target.name, { kind: 'value', name: target.name, path: [], scope });
  };

  const declarePattern = (
    pattern: Node,
    scope: Scope,
    init: Node | undefined,
    path: string[],
    kind: 'value' | { fn: FunctionInfo; index: number },
  ) => {
    switch (pattern.type) {
      case 'Identifier':
        scope.bindings.set(
          pattern.name,
          kind === 'value'
            ? { kind: 'value', name: pattern.name, init, path, scope }
            : { kind: 'param', name: pattern.name, fn: kind.fn, index: kind.index, path },
        );
        break;
      case 'AssignmentPattern':
        declarePattern(pattern.left, scope, init, path, kind);
        break;
      case 'ObjectPattern':
        for (const property of pattern.properties) {
          if (property.type === 'RestElement') {
            // `{ a, ...others }`: the other properties, as an object the file does not show.
            declareUnknown(property.argument, scope);
            continue;
          }
          index.patternProperties.push(property);
          const key = propertyKeyName(property.key, property.computed);
          if (key !== undefined) {
            index.patternKeys.set(
              property,
              [...path, key].filter((step) => !/^\d+$/.test(step)),
            );
            declarePattern(property.value, scope, init, [...path, key], kind);
          }
        }
        break;
      case 'ArrayPattern':
        pattern.elements.forEach(
          (element, i) => element && declarePattern(element, scope, init, [...path, String(i)], kind),
        );
        break;
      case 'TSParameterProperty':
        declarePattern(pattern.parameter, scope, init, path, kind);
        break;
      case 'RestElement':
        // `...parts`: the parameter holds the rest of the arguments (read as a list by `join`); in
        // a declaration (`const [a, ...others] = list`), the rest of a list the file does not show.
        if (kind !== 'value') declarePattern(pattern.argument, scope, init, path, kind);
        else declareUnknown(pattern.argument, scope);
        break;
      default:
        break;
    }
  };

  const functionScopeOf = (scope: Scope): Scope => {
    let current = scope;
    while (current.parent && !current.fn) current = current.parent;
    // The function's own scope is the one that carries `fn` and has the function's bindings.
    return current;
  };

  const hoistFunctions = (statements: readonly Node[], scope: Scope) => {
    for (const statement of statements) {
      const declaration =
        statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration'
          ? statement.declaration
          : statement;
      if (declaration?.type === 'FunctionDeclaration' && declaration.id) {
        const fn = makeFunction(declaration, scope);
        scope.bindings.set(declaration.id.name, { kind: 'function', name: declaration.id.name, fn });
      }
    }
  };

  const makeFunction = (node: FunctionNode, outer: Scope, cls?: ClassInfo, isConstructor = false): FunctionInfo => {
    const existing = index.functionOf.get(node);
    if (existing) return existing;
    // `this` of an object literal's method is the object; an arrow function keeps the `this` around it.
    const thisObject = node.type === 'ArrowFunctionExpression' ? outer.thisObject : methodObject.get(node);
    const scope: Scope = {
      parent: outer,
      bindings: new Map(),
      ...(cls ? { cls } : outer.cls ? { cls: outer.cls } : {}),
      ...(thisObject ? { thisObject } : {}),
    };
    const fn: FunctionInfo = {
      id: index.functions.length,
      node,
      params: [],
      scope,
      isConstructor,
      calls: [],
      ...((cls ?? outer.cls) ? { cls: cls ?? outer.cls } : {}),
    };
    scope.fn = fn;
    node.params.forEach((param, i) => {
      const inner = param.type === 'TSParameterProperty' ? param.parameter : param;
      const named = inner.type === 'AssignmentPattern' ? inner.left : inner;
      const typeName = typeNameOf(named);
      fn.params.push({
        ...(named.type === 'Identifier' ? { name: named.name } : {}),
        ...(named.type === 'RestElement' ? { rest: true } : {}),
        ...(inner.type === 'AssignmentPattern' ? { default: inner.right } : {}),
        ...(typeName ? { typeName } : {}),
      });
      declarePattern(param, scope, undefined, [], { fn, index: i });
      // `constructor(private readonly base: string)` is also a class field.
      if (param.type === 'TSParameterProperty' && cls && named.type === 'Identifier') {
        cls.fields.set(named.name, {
          scope,
          ...(typeName ? { typeName } : {}),
          fromParam: { fn, index: i },
          ...(inner.type === 'AssignmentPattern' ? { value: inner.right } : {}),
        });
      }
    });
    if (node.type === 'FunctionExpression' && node.id)
      scope.bindings.set(node.id.name, { kind: 'function', name: node.id.name, fn });
    index.functions.push(fn);
    index.functionOf.set(node, fn);
    return fn;
  };

  const visitClass = (node: TSESTree.ClassDeclaration | TSESTree.ClassExpression, scope: Scope) => {
    const cls: ClassInfo = {
      node,
      fields: new Map(),
      methods: new Map(),
      ...(node.superClass ? { superClass: { node: node.superClass, scope } } : {}),
    };
    index.classOf.set(node, cls);
    if (node.id) scope.bindings.set(node.id.name, { kind: 'class', name: node.id.name, cls });
    const classScope: Scope = { parent: scope, bindings: new Map(), cls };
    if (node.superClass) visit(node.superClass, scope, node);
    for (const member of node.body.body) {
      if (member.type === 'MethodDefinition' || member.type === 'TSAbstractMethodDefinition') {
        const name = propertyKeyName(member.key, member.computed);
        const fn = makeFunction(member.value as FunctionNode, classScope, cls, member.kind === 'constructor');
        if (member.kind === 'get') fn.isGetter = true;
        // A setter runs on assignment; it never stands for the value its getter reads.
        if (name !== undefined && member.kind !== 'constructor' && member.kind !== 'set') cls.methods.set(name, fn);
        visitFunctionBody(fn, member);
      } else if (member.type === 'PropertyDefinition') {
        const name = propertyKeyName(member.key, member.computed);
        if (name !== undefined) {
          if (member.value && isFunctionNode(member.value)) {
            const fn = makeFunction(member.value, classScope, cls);
            cls.methods.set(name, fn);
            visitFunctionBody(fn, member);
          } else {
            const typeName = member.typeAnnotation ? typeNameFromAnnotation(member.typeAnnotation) : undefined;
            cls.fields.set(name, {
              ...(member.value ? { value: member.value } : {}),
              scope: classScope,
              ...(typeName ? { typeName } : {}),
            });
            if (member.value) visit(member.value, classScope, member);
          }
        }
      } else {
        visit(member, classScope, node.body);
      }
    }
    return cls;
  };

  const visitFunctionBody = (fn: FunctionInfo, _parent: Node) => {
    fnStack.push(fn);
    for (const param of fn.node.params) visit(param, fn.scope, fn.node);
    const body = fn.node.body;
    if (body) {
      if (body.type === 'BlockStatement') {
        hoistFunctions(body.body, fn.scope);
        for (const statement of body.body) visit(statement, fn.scope, body);
      } else {
        visit(body, fn.scope, fn.node);
      }
    }
    fnStack.pop();
  };

  const visit = (node: Node, scope: Scope, parent: Node | undefined): void => {
    // A name is indexed where it stands (a declaration, a member), not by itself.
    if (isPlainName(node)) return;
    // Only some nodes need their parent later, each set in its case below: an object's property
    // (headers), an object (a route object's, a header table's), a case's switch, a member's
    // writer (for the members indexed), a string's context.
    // A string literal, template or `+` chain (`isStringExpression`), told by the cases below: only
    // those are asked whether they are outermost.
    let stringExpression = false;
    switch (node.type) {
      case 'ImportDeclaration': {
        if (node.importKind === 'type') return;
        const source = String(node.source.value);
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportSpecifier' && specifier.importKind === 'type') continue;
          const imported =
            specifier.type === 'ImportDefaultSpecifier'
              ? 'default'
              : specifier.type === 'ImportNamespaceSpecifier'
                ? '*'
                : (propertyKeyName(specifier.imported, false) ?? 'default');
          scope.bindings.set(specifier.local.name, {
            kind: 'import',
            name: specifier.local.name,
            binding: { source, imported },
          });
        }
        return;
      }
      case 'VariableDeclaration': {
        const target = node.kind === 'var' ? functionScopeOf(scope) : scope;
        for (const declarator of node.declarations) {
          declarePattern(declarator.id, target, declarator.init ?? undefined, [], 'value');
          if (declarator.id.type === 'ObjectPattern' && declarator.init) index.destructures.push(declarator);
          index.scopeOf.set(declarator, scope);
          if (declarator.init) visit(declarator.init, scope, declarator);
        }
        return;
      }
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression': {
        const fn = makeFunction(node, scope);
        if (parent?.type === 'CallExpression' || parent?.type === 'NewExpression') {
          fn.isCallback = true;
          fn.passedTo = parent;
        }
        // `self.onmessage = (ev) => …`: a handler assigned to an event property.
        if (parent?.type === 'AssignmentExpression') index.parentOf.set(node, parent);
        visitFunctionBody(fn, parent ?? node);
        return;
      }
      case 'ClassDeclaration':
      case 'ClassExpression':
        visitClass(node, scope);
        return;
      case 'TSEnumDeclaration': {
        // `enum SettingId { Minify = 'minify' }` is read as the object it compiles to.
        const object = enumObject(node);
        scope.bindings.set(node.id.name, { kind: 'value', name: node.id.name, init: object, path: [], scope });
        visit(object, scope, node);
        return;
      }
      case 'BlockStatement':
      case 'StaticBlock': {
        const block: Scope = { parent: scope, bindings: new Map(), ...thisOf(scope) };
        hoistFunctions(node.body, block);
        for (const statement of node.body) visit(statement, block, node);
        return;
      }
      case 'ForStatement':
      case 'ForInStatement':
      case 'ForOfStatement':
      case 'CatchClause':
      case 'SwitchStatement': {
        const block: Scope = { parent: scope, bindings: new Map(), ...thisOf(scope) };
        if (node.type === 'CatchClause' && node.param) declarePattern(node.param, block, undefined, [], 'value');
        forEachChild(node, visit, block);
        if (node.type === 'ForOfStatement')
          for (const binding of block.bindings.values())
            if (binding.kind === 'value' && binding.init === undefined) binding.iterates = node.right;
        return;
      }
      case 'CallExpression':
      case 'NewExpression':
        index.calls.push(node);
        index.scopeOf.set(node, scope);
        for (const fn of fnStack) fn.calls.push(node);
        break;
      case 'ObjectExpression':
        if (parent) index.parentOf.set(node, parent);
        index.objects.push(node);
        index.scopeOf.set(node, scope);
        // Its methods (`get(p) {…}`, `get: function (p) {…}`, getters): `this` in them is this object.
        for (const property of node.properties)
          if (property.type === 'Property' && property.value.type === 'FunctionExpression')
            methodObject.set(property.value, { node, scope });
        break;
      case 'MemberExpression': {
        const name = node.computed ? undefined : propertyKeyName(node.property, false);
        if (!readNames || node.computed || (name !== undefined && readNames.has(name))) {
          index.members.push(node);
          index.scopeOf.set(node, scope);
          if (parent) index.parentOf.set(node, parent);
        }
        break;
      }
      case 'BinaryExpression':
        if (node.operator === '===' || node.operator === '==' || node.operator === '!==' || node.operator === '!=') {
          index.comparisons.push(node);
          index.scopeOf.set(node, scope);
        }
        stringExpression = node.operator === '+';
        break;
      case 'Property':
        if (parent) index.parentOf.set(node, parent);
        break;
      case 'SwitchCase':
        if (parent) index.parentOf.set(node, parent);
        index.comparisons.push(node);
        index.scopeOf.set(node, scope);
        break;
      case 'Literal':
        if (typeof node.value === 'string') {
          index.strings.push(node);
          stringExpression = true;
        }
        break;
      case 'TemplateLiteral':
        index.strings.push(node);
        stringExpression = true;
        break;

      case 'AssignmentExpression':
        index.assignments.push(node);
        index.scopeOf.set(node, scope);
        recordThisAssignment(node, scope);
        break;
      case 'ExportNamedDeclaration':
      case 'ExportDefaultDeclaration':
      case 'ExportAllDeclaration':
        index.exportNodes.push(node);
        index.scopeOf.set(node, scope);
        break;
      case 'Program':
        hoistFunctions(node.body, scope);
        break;
      default:
        // Types hold no values: a path in an interface key (`paths['/zones/{zone_id}/…']`) is no usage.
        if (TYPE_ONLY.has(node.type)) return;
        break;
    }
    if (stringExpression && isStringRoot(node, parent)) {
      index.stringRoots.push(node);
      index.scopeOf.set(node, scope);
      // Where a string stands says what it is: a request's URL, a route the code serves, a message.
      if (parent) index.parentOf.set(node, parent);
    }
    forEachChild(node, visit, scope);
  };

  /** `this.x = value` inside a constructor defines a field of the class. */
  const recordThisAssignment = (node: TSESTree.AssignmentExpression, scope: Scope) => {
    const fn = fnStack[fnStack.length - 1];
    if (
      !fn?.isConstructor ||
      !fn.cls ||
      node.operator !== '=' ||
      node.left.type !== 'MemberExpression' ||
      node.left.object.type !== 'ThisExpression'
    )
      return;
    const name = propertyKeyName(node.left.property, node.left.computed);
    if (name !== undefined && !fn.cls.fields.get(name)?.value)
      fn.cls.fields.set(name, { ...fn.cls.fields.get(name), value: node.right, scope });
  };

  index.scopeOf.set(program, index.program);
  visit(program, index.program, undefined);
  return index;
}

function isStringRoot(node: Node, parent: Node | undefined): boolean {
  if (!isStringExpression(node)) return false;
  if (parent?.type === 'BinaryExpression' && parent.operator === '+') return false;
  if (parent?.type === 'TemplateLiteral' || parent?.type === 'TaggedTemplateExpression') return false;
  if (
    parent &&
    (parent.type === 'ImportDeclaration' ||
      parent.type === 'ExportAllDeclaration' ||
      parent.type === 'ExportNamedDeclaration' ||
      parent.type === 'ImportExpression' ||
      parent.type === 'TSLiteralType')
  )
    return false;
  if (parent?.type === 'Property' && (parent as TSESTree.Property).key === node) return false;
  return true;
}

function typeNameOf(node: Node): string | undefined {
  const annotation = (node as { typeAnnotation?: TSESTree.TSTypeAnnotation }).typeAnnotation;
  return annotation ? typeNameFromAnnotation(annotation) : undefined;
}

function typeNameFromAnnotation(annotation: TSESTree.TSTypeAnnotation): string | undefined {
  const type = annotation.typeAnnotation;
  if (type.type === 'TSTypeReference') {
    const name = type.typeName;
    if (name.type === 'Identifier') return name.name;
    if (name.type === 'TSQualifiedName' && name.right.type === 'Identifier') return name.right.name;
  }
  return undefined;
}

const enumObjects = new WeakMap<Node, TSESTree.ObjectExpression>();

/**
 * The object a TypeScript `enum` compiles to, as an object literal of its members with an initializer
 * (`{ Minify: 'minify' }`, each property where its member is written): made once per declaration.
 */
export function enumObject(declaration: TSESTree.TSEnumDeclaration): TSESTree.ObjectExpression {
  let object = enumObjects.get(declaration);
  if (!object) {
    const members =
      (declaration as { body?: { members?: TSESTree.TSEnumMember[] } }).body?.members ??
      (declaration as unknown as { members?: TSESTree.TSEnumMember[] }).members ??
      [];
    const properties = members.flatMap((member) =>
      member.initializer ? [syntheticProperty(member.id, member.initializer, false, rangeOf(member))] : [],
    );
    object = {
      type: 'ObjectExpression',
      properties,
      range: rangeOf(declaration),
    } as unknown as TSESTree.ObjectExpression;
    enumObjects.set(declaration, object);
  }
  return object;
}
