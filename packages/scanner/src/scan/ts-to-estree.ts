import ts from 'typescript';

const K = ts.SyntaxKind;

/**
 * An ESTree node as core's extractor reads it: `type`, typescript-estree's field names, and
 * `start`/`end` offsets (UTF-16, as TypeScript and JavaScript strings count).
 */
export type EsNode = Record<string, unknown> & { type: string; start: number; end: number };

type Nullable<T> = T | null;

/** `1_004`, `0x3ec`, `0o1754`: the number itself (TypeScript's `text` keeps separators; legacy `010` is octal). */
function numericValue(text: string): number {
  const plain = text.replace(/_/g, '');
  return /^0[0-7]+$/.test(plain) ? parseInt(plain, 8) : Number(plain);
}

/**
 * The offset of the first token at or after `pos`: TypeScript's node positions include the leading
 * whitespace and comments (its own `skipTrivia` is internal API).
 */
export function skipTrivia(text: string, pos: number): number {
  let at = pos;
  if (at === 0 && text.startsWith('#!')) at = text.indexOf('\n') < 0 ? text.length : text.indexOf('\n');
  for (;;) {
    const code = text.charCodeAt(at);
    if (
      code === 0x20 ||
      code === 0x09 ||
      code === 0x0a ||
      code === 0x0d ||
      code === 0x0b ||
      code === 0x0c ||
      code === 0xa0 ||
      code === 0xfeff ||
      code === 0x2028 ||
      code === 0x2029 ||
      (code > 0x1fff && /\s/.test(text[at]!))
    ) {
      at++;
    } else if (code === 0x2f && text.charCodeAt(at + 1) === 0x2f) {
      const eol = text.slice(at).search(/[\n\r\u2028\u2029]/);
      at = eol < 0 ? text.length : at + eol;
    } else if (code === 0x2f && text.charCodeAt(at + 1) === 0x2a) {
      const close = text.indexOf('*/', at + 2);
      at = close < 0 ? text.length : close + 2;
    } else {
      return at;
    }
  }
}
const ACCESS_MODIFIERS = new Set([
  K.PublicKeyword,
  K.PrivateKeyword,
  K.ProtectedKeyword,
  K.ReadonlyKeyword,
  K.OverrideKeyword,
]);

/**
 * Converts a TypeScript syntax tree (`ts.createSourceFile`, no binding, no type checking) into the
 * subset of typescript-estree's ESTree that core's extractor walks: every statement and
 * expression with the same types and field names, TypeScript wrappers that carry values (`as`,
 * `satisfies`, `!`, `<T>x`, instantiation expressions), parameter properties, enums and
 * namespaces. Type-only syntax is kept only where detection reads it (a parameter's or field's
 * type *name*, `import type`/`export type`); interfaces and type aliases become empty
 * declarations, so types never produce findings (as with the ESLint plugin, where detection skips
 * them). Parentheses vanish, optional chains are wrapped in `ChainExpression`, as in
 * typescript-estree. Anything else becomes a node named `TS<SyntaxKind>` whose `children` holds its
 * converted children, so calls and strings inside it are still seen.
 */
export function toEstree(file: ts.SourceFile): EsNode {
  const text = file.text;
  // Node positions include leading trivia; the first token's offset is computed once per position
  // (a statement, its expression and its callee all share one) and cached for the file.
  const starts = new Int32Array(text.length + 1).fill(-1);
  const startOf = (pos: number): number => {
    let at = starts[pos]!;
    if (at < 0) starts[pos] = at = skipTrivia(text, pos);
    return at;
  };
  /** The fields object becomes the node: one literal per call site keeps V8's object shapes stable. */
  const mk = (type: string, node: ts.Node | ts.NodeArray<ts.Node>, fields: Record<string, unknown> = {}): EsNode => {
    fields.type = type;
    fields.start = startOf(node.pos);
    fields.end = node.end;
    return fields as EsNode;
  };
  const hasModifier = (node: ts.Node, kind: ts.SyntaxKind): boolean =>
    ts.canHaveModifiers(node) ? (ts.getModifiers(node)?.some((m) => m.kind === kind) ?? false) : false;

  const identifier = (node: ts.Identifier | ts.PrivateIdentifier): EsNode =>
    node.kind === K.PrivateIdentifier
      ? mk('PrivateIdentifier', node, { name: node.text.slice(1) })
      : mk('Identifier', node, { name: ts.idText(node) });
  const literal = (node: ts.Node, value: unknown): EsNode =>
    mk('Literal', node, { value, raw: text.slice(startOf(node.pos), node.end) });
  const moduleName = (node: ts.ModuleExportName): EsNode =>
    node.kind === K.StringLiteral ? literal(node, node.text) : identifier(node);

  /** `x: Client` and `x: sdk.Client`: the type's name is what the extractor asks for. */
  const typeAnnotation = (type: ts.TypeNode | undefined): EsNode | undefined => {
    if (!type || !ts.isTypeReferenceNode(type)) return undefined;
    const name = (entity: ts.EntityName): EsNode =>
      entity.kind === K.Identifier
        ? identifier(entity)
        : mk('TSQualifiedName', entity, { left: name(entity.left), right: identifier(entity.right) });
    return mk('TSTypeAnnotation', type, {
      typeAnnotation: mk('TSTypeReference', type, { typeName: name(type.typeName) }),
    });
  };

  const propertyKey = (name: ts.PropertyName): { key: EsNode; computed: boolean } => {
    switch (name.kind) {
      case K.ComputedPropertyName:
        return { key: convert(name.expression), computed: true };
      case K.StringLiteral:
      case K.NoSubstitutionTemplateLiteral:
        return { key: literal(name, name.text), computed: false };
      case K.NumericLiteral:
        return { key: literal(name, numericValue(name.text)), computed: false };
      case K.BigIntLiteral:
        return { key: literal(name, null), computed: false };
      default:
        return { key: identifier(name), computed: false };
    }
  };

  const withDefault = (node: ts.Node, target: EsNode, initializer: ts.Expression | undefined): EsNode =>
    initializer ? mk('AssignmentPattern', node, { left: target, right: convert(initializer) }) : target;

  const bindingName = (name: ts.BindingName, type?: ts.TypeNode): EsNode => {
    if (name.kind === K.Identifier) {
      const out = identifier(name);
      const annotation = typeAnnotation(type);
      if (annotation) out.typeAnnotation = annotation;
      return out;
    }
    if (name.kind === K.ObjectBindingPattern) {
      return mk('ObjectPattern', name, {
        properties: name.elements.map((element) => {
          if (element.dotDotDotToken) return mk('RestElement', element, { argument: bindingName(element.name) });
          const { key, computed } = propertyKey(element.propertyName ?? (element.name as ts.Identifier));
          return mk('Property', element, {
            key,
            computed,
            value: withDefault(element, bindingName(element.name), element.initializer),
            shorthand: !element.propertyName,
            method: false,
            kind: 'init',
          });
        }),
      });
    }
    return mk('ArrayPattern', name, {
      elements: name.elements.map((element) => {
        if (element.kind === K.OmittedExpression) return null;
        if (element.dotDotDotToken) return mk('RestElement', element, { argument: bindingName(element.name) });
        return withDefault(element, bindingName(element.name), element.initializer);
      }),
    });
  };

  const parameter = (param: ts.ParameterDeclaration): EsNode => {
    const target = bindingName(param.name, param.type);
    if (param.dotDotDotToken) return mk('RestElement', param, { argument: target });
    const withInit = withDefault(param, target, param.initializer);
    const isProperty = ts.getModifiers(param)?.some((m) => ACCESS_MODIFIERS.has(m.kind)) ?? false;
    return isProperty ? mk('TSParameterProperty', param, { parameter: withInit }) : withInit;
  };

  const functionNode = (
    type: string,
    node: ts.SignatureDeclarationBase & { body?: ts.Node | undefined; asteriskToken?: ts.AsteriskToken | undefined },
  ): EsNode =>
    mk(type, node, {
      id:
        type !== 'ArrowFunctionExpression' && node.name && node.name.kind === K.Identifier
          ? identifier(node.name)
          : null,
      params: node.parameters.map(parameter),
      body: node.body ? convert(node.body) : null,
      async: hasModifier(node, K.AsyncKeyword),
      generator: !!node.asteriskToken,
      expression: type === 'ArrowFunctionExpression' && node.body?.kind !== K.Block,
    });

  const exported = (node: ts.Node, declaration: EsNode): EsNode => {
    if (!hasModifier(node, K.ExportKeyword)) return declaration;
    if (hasModifier(node, K.DefaultKeyword)) return mk('ExportDefaultDeclaration', node, { declaration });
    const typeOnly = declaration.type === 'TSInterfaceDeclaration' || declaration.type === 'TSTypeAliasDeclaration';
    return mk('ExportNamedDeclaration', node, {
      declaration,
      specifiers: [],
      source: null,
      exportKind: typeOnly ? 'type' : 'value',
    });
  };

  const variableDeclaration = (list: ts.VariableDeclarationList, node: ts.Node): EsNode =>
    mk('VariableDeclaration', node, {
      kind: list.flags & ts.NodeFlags.Const ? 'const' : list.flags & ts.NodeFlags.Let ? 'let' : 'var',
      declarations: list.declarations.map((d) =>
        mk('VariableDeclarator', d, {
          id: bindingName(d.name, d.type),
          init: d.initializer ? convert(d.initializer) : null,
        }),
      ),
    });

  const classNode = (type: string, node: ts.ClassLikeDeclaration): EsNode => {
    const extendsClause = node.heritageClauses?.find((clause) => clause.token === K.ExtendsKeyword);
    const members: EsNode[] = [];
    for (const member of node.members) {
      if (ts.isPropertyDeclaration(member)) {
        const { key, computed } = propertyKey(member.name);
        const out = mk('PropertyDefinition', member, {
          key,
          computed,
          value: member.initializer ? convert(member.initializer) : null,
          static: hasModifier(member, K.StaticKeyword),
        });
        const annotation = typeAnnotation(member.type);
        if (annotation) out.typeAnnotation = annotation;
        members.push(out);
      } else if (
        ts.isMethodDeclaration(member) ||
        ts.isConstructorDeclaration(member) ||
        ts.isGetAccessorDeclaration(member) ||
        ts.isSetAccessorDeclaration(member)
      ) {
        const { key, computed } = ts.isConstructorDeclaration(member)
          ? { key: mk('Identifier', member, { name: 'constructor' }), computed: false }
          : propertyKey(member.name);
        const value = functionNode('FunctionExpression', member);
        value.id = null;
        const kind = ts.isConstructorDeclaration(member)
          ? 'constructor'
          : ts.isGetAccessorDeclaration(member)
            ? 'get'
            : ts.isSetAccessorDeclaration(member)
              ? 'set'
              : 'method';
        members.push(
          mk(hasModifier(member, K.AbstractKeyword) ? 'TSAbstractMethodDefinition' : 'MethodDefinition', member, {
            key,
            computed,
            value,
            kind,
            static: hasModifier(member, K.StaticKeyword),
          }),
        );
      } else if (ts.isClassStaticBlockDeclaration(member)) {
        members.push(mk('StaticBlock', member, { body: member.body.statements.map(convert) }));
      }
    }
    return mk(type, node, {
      id: node.name ? identifier(node.name) : null,
      superClass: extendsClause?.types[0] ? convert(extendsClause.types[0].expression) : null,
      body: mk('ClassBody', node.members, { body: members }),
    });
  };

  /** `a?.b.c`: typescript-estree wraps the whole chain, once, in a ChainExpression. */
  const chain = (node: ts.Node, out: EsNode, inChain: boolean): EsNode =>
    inChain || !(node.flags & ts.NodeFlags.OptionalChain) ? out : mk('ChainExpression', node, { expression: out });
  const continuesChain = (node: ts.Node): boolean => (node.flags & ts.NodeFlags.OptionalChain) !== 0;

  const jsxName = (name: ts.JsxTagNameExpression | ts.JsxAttributeName): EsNode => {
    if (name.kind === K.Identifier) return mk('JSXIdentifier', name, { name: ts.idText(name) });
    if (name.kind === K.ThisKeyword) return mk('JSXIdentifier', name, { name: 'this' });
    if (name.kind === K.JsxNamespacedName)
      return mk('JSXNamespacedName', name, { namespace: jsxName(name.namespace), name: jsxName(name.name) });
    if (name.kind === K.PropertyAccessExpression)
      return mk('JSXMemberExpression', name, {
        object: jsxName(name.expression as ts.JsxTagNameExpression),
        property: jsxName(name.name as ts.Identifier),
      });
    return mk('JSXIdentifier', name, { name: '' });
  };
  const jsxOpening = (node: ts.JsxOpeningLikeElement, selfClosing: boolean): EsNode =>
    mk('JSXOpeningElement', node, {
      name: jsxName(node.tagName),
      selfClosing,
      attributes: node.attributes.properties.map((attribute) =>
        attribute.kind === K.JsxSpreadAttribute
          ? mk('JSXSpreadAttribute', attribute, { argument: convert(attribute.expression) })
          : mk('JSXAttribute', attribute, {
              name: jsxName(attribute.name),
              value: attribute.initializer ? convert(attribute.initializer) : null,
            }),
      ),
    });

  /** A template element's text starts after its delimiter (`` ` `` or `}`). */
  const templateElement = (part: ts.TemplateLiteralLikeNode, tail: boolean): EsNode => {
    const out = mk('TemplateElement', part, { value: { raw: part.rawText ?? '', cooked: part.text }, tail });
    out.start += 1;
    return out;
  };

  function convert(node: ts.Node): EsNode {
    return convertIn(node, false);
  }

  function convertIn(node: ts.Node, inChain: boolean): EsNode {
    switch (node.kind) {
      case K.Identifier:
      case K.PrivateIdentifier:
        return identifier(node as ts.Identifier);
      case K.StringLiteral:
        return literal(node, (node as ts.StringLiteral).text);
      case K.NumericLiteral:
        return literal(node, numericValue((node as ts.NumericLiteral).text));
      case K.BigIntLiteral:
      case K.RegularExpressionLiteral:
      case K.NullKeyword:
        return literal(node, null);
      case K.TrueKeyword:
        return literal(node, true);
      case K.FalseKeyword:
        return literal(node, false);
      case K.ThisKeyword:
        return mk('ThisExpression', node);
      case K.SuperKeyword:
        return mk('Super', node);
      case K.NoSubstitutionTemplateLiteral: {
        const n = node as ts.NoSubstitutionTemplateLiteral;
        return mk('TemplateLiteral', n, { quasis: [templateElement(n, true)], expressions: [] });
      }
      case K.TemplateExpression: {
        const n = node as ts.TemplateExpression;
        const quasis = [templateElement(n.head, false)];
        const expressions: EsNode[] = [];
        n.templateSpans.forEach((span, i) => {
          expressions.push(convert(span.expression));
          quasis.push(templateElement(span.literal, i === n.templateSpans.length - 1));
        });
        return mk('TemplateLiteral', n, { quasis, expressions });
      }
      case K.TaggedTemplateExpression: {
        const n = node as ts.TaggedTemplateExpression;
        return mk('TaggedTemplateExpression', n, { tag: convert(n.tag), quasi: convert(n.template) });
      }
      case K.ParenthesizedExpression:
        return convertIn((node as ts.ParenthesizedExpression).expression, inChain);
      case K.BinaryExpression: {
        const n = node as ts.BinaryExpression;
        const op = n.operatorToken.kind;
        if (op === K.CommaToken)
          return mk('SequenceExpression', n, { expressions: [convert(n.left), convert(n.right)] });
        const operator = ts.tokenToString(op);
        if (op >= K.FirstAssignment && op <= K.LastAssignment)
          return mk('AssignmentExpression', n, { operator, left: convert(n.left), right: convert(n.right) });
        const logical = op === K.AmpersandAmpersandToken || op === K.BarBarToken || op === K.QuestionQuestionToken;
        return mk(logical ? 'LogicalExpression' : 'BinaryExpression', n, {
          operator,
          left: convert(n.left),
          right: convert(n.right),
        });
      }
      case K.PrefixUnaryExpression:
      case K.PostfixUnaryExpression: {
        const n = node as ts.PrefixUnaryExpression | ts.PostfixUnaryExpression;
        const update = n.operator === K.PlusPlusToken || n.operator === K.MinusMinusToken;
        return mk(update ? 'UpdateExpression' : 'UnaryExpression', n, {
          operator: ts.tokenToString(n.operator),
          prefix: node.kind === K.PrefixUnaryExpression,
          argument: convert(n.operand),
        });
      }
      case K.TypeOfExpression:
      case K.VoidExpression:
      case K.DeleteExpression: {
        const operator =
          node.kind === K.TypeOfExpression ? 'typeof' : node.kind === K.VoidExpression ? 'void' : 'delete';
        return mk('UnaryExpression', node, {
          operator,
          prefix: true,
          argument: convert((node as ts.TypeOfExpression).expression),
        });
      }
      case K.AwaitExpression:
        return mk('AwaitExpression', node, { argument: convert((node as ts.AwaitExpression).expression) });
      case K.YieldExpression: {
        const n = node as ts.YieldExpression;
        return mk('YieldExpression', n, {
          argument: n.expression ? convert(n.expression) : null,
          delegate: !!n.asteriskToken,
        });
      }
      case K.ConditionalExpression: {
        const n = node as ts.ConditionalExpression;
        return mk('ConditionalExpression', n, {
          test: convert(n.condition),
          consequent: convert(n.whenTrue),
          alternate: convert(n.whenFalse),
        });
      }
      case K.PropertyAccessExpression: {
        const n = node as ts.PropertyAccessExpression;
        return chain(
          n,
          mk('MemberExpression', n, {
            object: convertIn(n.expression, continuesChain(n)),
            property: identifier(n.name),
            computed: false,
            optional: !!n.questionDotToken,
          }),
          inChain,
        );
      }
      case K.ElementAccessExpression: {
        const n = node as ts.ElementAccessExpression;
        return chain(
          n,
          mk('MemberExpression', n, {
            object: convertIn(n.expression, continuesChain(n)),
            property: convert(n.argumentExpression),
            computed: true,
            optional: !!n.questionDotToken,
          }),
          inChain,
        );
      }
      case K.CallExpression: {
        const n = node as ts.CallExpression;
        if (n.expression.kind === K.ImportKeyword)
          return mk('ImportExpression', n, { source: n.arguments[0] ? convert(n.arguments[0]) : null });
        return chain(
          n,
          mk('CallExpression', n, {
            callee: convertIn(n.expression, continuesChain(n)),
            arguments: n.arguments.map(convert),
            optional: !!n.questionDotToken,
          }),
          inChain,
        );
      }
      case K.NonNullExpression: {
        const n = node as ts.NonNullExpression;
        return chain(
          n,
          mk('TSNonNullExpression', n, { expression: convertIn(n.expression, continuesChain(n)) }),
          inChain,
        );
      }
      case K.NewExpression: {
        const n = node as ts.NewExpression;
        return mk('NewExpression', n, { callee: convert(n.expression), arguments: (n.arguments ?? []).map(convert) });
      }
      case K.AsExpression:
        return mk('TSAsExpression', node, { expression: convert((node as ts.AsExpression).expression) });
      case K.SatisfiesExpression:
        return mk('TSSatisfiesExpression', node, { expression: convert((node as ts.SatisfiesExpression).expression) });
      case K.TypeAssertionExpression:
        return mk('TSTypeAssertion', node, { expression: convert((node as ts.TypeAssertion).expression) });
      case K.ExpressionWithTypeArguments:
        return mk('TSInstantiationExpression', node, {
          expression: convert((node as ts.ExpressionWithTypeArguments).expression),
        });
      case K.SpreadElement:
      case K.SpreadAssignment:
        return mk('SpreadElement', node, { argument: convert((node as ts.SpreadElement).expression) });
      case K.ObjectLiteralExpression:
        return mk('ObjectExpression', node, {
          properties: (node as ts.ObjectLiteralExpression).properties.map(objectMember),
        });
      case K.ArrayLiteralExpression:
        return mk('ArrayExpression', node, {
          elements: (node as ts.ArrayLiteralExpression).elements.map((e): Nullable<EsNode> =>
            e.kind === K.OmittedExpression ? null : convert(e),
          ),
        });
      case K.FunctionDeclaration: {
        const n = node as ts.FunctionDeclaration;
        // An overload signature or `declare function`: typescript-estree's TSDeclareFunction, no scope of its own.
        if (!n.body) return exported(n, mk('TSDeclareFunction', n, { id: n.name ? identifier(n.name) : null }));
        return exported(n, functionNode('FunctionDeclaration', n));
      }
      case K.FunctionExpression:
        return functionNode('FunctionExpression', node as ts.FunctionExpression);
      case K.ArrowFunction:
        return functionNode('ArrowFunctionExpression', node as ts.ArrowFunction);
      case K.ClassDeclaration:
        return exported(node, classNode('ClassDeclaration', node as ts.ClassDeclaration));
      case K.ClassExpression:
        return classNode('ClassExpression', node as ts.ClassExpression);
      case K.VariableStatement:
        return exported(node, variableDeclaration((node as ts.VariableStatement).declarationList, node));
      case K.VariableDeclarationList:
        return variableDeclaration(node as ts.VariableDeclarationList, node);
      case K.ExpressionStatement:
        return mk('ExpressionStatement', node, { expression: convert((node as ts.ExpressionStatement).expression) });
      case K.Block:
        return mk('BlockStatement', node, { body: (node as ts.Block).statements.map(convert) });
      case K.ReturnStatement: {
        const n = node as ts.ReturnStatement;
        return mk('ReturnStatement', n, { argument: n.expression ? convert(n.expression) : null });
      }
      case K.IfStatement: {
        const n = node as ts.IfStatement;
        return mk('IfStatement', n, {
          test: convert(n.expression),
          consequent: convert(n.thenStatement),
          alternate: n.elseStatement ? convert(n.elseStatement) : null,
        });
      }
      case K.ForStatement: {
        const n = node as ts.ForStatement;
        return mk('ForStatement', n, {
          init: n.initializer ? convert(n.initializer) : null,
          test: n.condition ? convert(n.condition) : null,
          update: n.incrementor ? convert(n.incrementor) : null,
          body: convert(n.statement),
        });
      }
      case K.ForOfStatement:
      case K.ForInStatement: {
        const n = node as ts.ForOfStatement;
        return mk(node.kind === K.ForOfStatement ? 'ForOfStatement' : 'ForInStatement', n, {
          left: convert(n.initializer),
          right: convert(n.expression),
          body: convert(n.statement),
          await: !!n.awaitModifier,
        });
      }
      case K.WhileStatement: {
        const n = node as ts.WhileStatement;
        return mk('WhileStatement', n, { test: convert(n.expression), body: convert(n.statement) });
      }
      case K.DoStatement: {
        const n = node as ts.DoStatement;
        return mk('DoWhileStatement', n, { body: convert(n.statement), test: convert(n.expression) });
      }
      case K.SwitchStatement: {
        const n = node as ts.SwitchStatement;
        return mk('SwitchStatement', n, {
          discriminant: convert(n.expression),
          cases: n.caseBlock.clauses.map((clause) =>
            mk('SwitchCase', clause, {
              test: clause.kind === K.CaseClause ? convert(clause.expression) : null,
              consequent: clause.statements.map(convert),
            }),
          ),
        });
      }
      case K.TryStatement: {
        const n = node as ts.TryStatement;
        const handler = n.catchClause
          ? mk('CatchClause', n.catchClause, {
              param: n.catchClause.variableDeclaration ? bindingName(n.catchClause.variableDeclaration.name) : null,
              body: convert(n.catchClause.block),
            })
          : null;
        return mk('TryStatement', n, {
          block: convert(n.tryBlock),
          handler,
          finalizer: n.finallyBlock ? convert(n.finallyBlock) : null,
        });
      }
      case K.ThrowStatement:
        return mk('ThrowStatement', node, { argument: convert((node as ts.ThrowStatement).expression) });
      case K.LabeledStatement: {
        const n = node as ts.LabeledStatement;
        return mk('LabeledStatement', n, { label: identifier(n.label), body: convert(n.statement) });
      }
      case K.BreakStatement:
      case K.ContinueStatement: {
        const n = node as ts.BreakStatement;
        return mk(node.kind === K.BreakStatement ? 'BreakStatement' : 'ContinueStatement', n, {
          label: n.label ? identifier(n.label) : null,
        });
      }
      case K.EmptyStatement:
        return mk('EmptyStatement', node);
      case K.ImportDeclaration:
        return importDeclaration(node as ts.ImportDeclaration);
      case K.ExportDeclaration: {
        const n = node as ts.ExportDeclaration;
        const source = n.moduleSpecifier ? convert(n.moduleSpecifier) : null;
        const exportKind = n.isTypeOnly ? 'type' : 'value';
        if (!n.exportClause || n.exportClause.kind === K.NamespaceExport)
          return mk('ExportAllDeclaration', n, {
            source,
            exported: n.exportClause ? moduleName(n.exportClause.name) : null,
            exportKind,
          });
        const specifiers = n.exportClause.elements.map((s) =>
          mk('ExportSpecifier', s, {
            local: moduleName(s.propertyName ?? s.name),
            exported: moduleName(s.name),
            exportKind: s.isTypeOnly ? 'type' : 'value',
          }),
        );
        return mk('ExportNamedDeclaration', n, { declaration: null, source, exportKind, specifiers });
      }
      case K.ExportAssignment: {
        const n = node as ts.ExportAssignment;
        return n.isExportEquals
          ? mk('TSExportAssignment', n, { expression: convert(n.expression) })
          : mk('ExportDefaultDeclaration', n, { declaration: convert(n.expression) });
      }
      case K.EnumDeclaration: {
        const n = node as ts.EnumDeclaration;
        const members = n.members.map((m) =>
          mk('TSEnumMember', m, {
            ...propertyKey(m.name),
            initializer: m.initializer ? convert(m.initializer) : undefined,
          }),
        );
        return exported(
          n,
          mk('TSEnumDeclaration', n, { id: identifier(n.name), body: mk('TSEnumBody', n.members, { members }) }),
        );
      }
      case K.ModuleDeclaration: {
        const n = node as ts.ModuleDeclaration;
        const body = !n.body
          ? undefined
          : n.body.kind === K.ModuleBlock
            ? mk('TSModuleBlock', n.body, { body: n.body.statements.map(convert) })
            : convert(n.body);
        return exported(n, mk('TSModuleDeclaration', n, { id: convert(n.name), body }));
      }
      case K.InterfaceDeclaration:
      case K.TypeAliasDeclaration: {
        const n = node as ts.InterfaceDeclaration | ts.TypeAliasDeclaration;
        return exported(
          n,
          mk(node.kind === K.InterfaceDeclaration ? 'TSInterfaceDeclaration' : 'TSTypeAliasDeclaration', n, {
            id: identifier(n.name),
          }),
        );
      }
      case K.JsxElement: {
        const n = node as ts.JsxElement;
        return mk('JSXElement', n, {
          openingElement: jsxOpening(n.openingElement, false),
          children: n.children.map(convert),
          closingElement: mk('JSXClosingElement', n.closingElement, { name: jsxName(n.closingElement.tagName) }),
        });
      }
      case K.JsxSelfClosingElement:
        return mk('JSXElement', node, {
          openingElement: jsxOpening(node as ts.JsxSelfClosingElement, true),
          children: [],
          closingElement: null,
        });
      case K.JsxFragment:
        return mk('JSXFragment', node, { children: (node as ts.JsxFragment).children.map(convert) });
      case K.JsxExpression: {
        const n = node as ts.JsxExpression;
        return mk('JSXExpressionContainer', n, {
          expression: n.expression ? convert(n.expression) : mk('JSXEmptyExpression', n),
        });
      }
      case K.JsxText:
        return mk('JSXText', node, { value: (node as ts.JsxText).text });
      case K.MetaProperty: {
        const n = node as ts.MetaProperty;
        return mk('MetaProperty', n, {
          meta: mk('Identifier', n, { name: n.keywordToken === K.NewKeyword ? 'new' : 'import' }),
          property: identifier(n.name),
        });
      }
      default: {
        // Anything else (decorators, `import x = require()`, `with`, …): its children, types left out.
        const children: EsNode[] = [];
        ts.forEachChild(node, (child) => {
          if (child.kind < K.FirstTypeNode || child.kind > K.LastTypeNode) children.push(convert(child));
        });
        return mk(`TS${K[node.kind]}`, node, { children });
      }
    }
  }

  function objectMember(property: ts.ObjectLiteralElementLike): EsNode {
    if (property.kind === K.SpreadAssignment) return convert(property);
    if (property.kind === K.ShorthandPropertyAssignment) {
      const value = property.objectAssignmentInitializer
        ? withDefault(property, identifier(property.name), property.objectAssignmentInitializer)
        : identifier(property.name);
      return mk('Property', property, {
        key: identifier(property.name),
        value,
        computed: false,
        shorthand: true,
        method: false,
        kind: 'init',
      });
    }
    const { key, computed } = propertyKey(property.name);
    if (property.kind === K.PropertyAssignment)
      return mk('Property', property, {
        key,
        computed,
        value: convert(property.initializer),
        shorthand: false,
        method: false,
        kind: 'init',
      });
    const value = functionNode('FunctionExpression', property);
    value.id = null;
    const kind = property.kind === K.GetAccessor ? 'get' : property.kind === K.SetAccessor ? 'set' : 'init';
    return mk('Property', property, {
      key,
      computed,
      value,
      shorthand: false,
      method: property.kind === K.MethodDeclaration,
      kind,
    });
  }

  function importDeclaration(node: ts.ImportDeclaration): EsNode {
    const clause = node.importClause;
    const specifiers: EsNode[] = [];
    if (clause?.name) specifiers.push(mk('ImportDefaultSpecifier', clause.name, { local: identifier(clause.name) }));
    const bindings = clause?.namedBindings;
    if (bindings?.kind === K.NamespaceImport)
      specifiers.push(mk('ImportNamespaceSpecifier', bindings, { local: identifier(bindings.name) }));
    else if (bindings)
      for (const s of bindings.elements)
        specifiers.push(
          mk('ImportSpecifier', s, {
            local: identifier(s.name),
            imported: moduleName(s.propertyName ?? s.name),
            importKind: s.isTypeOnly ? 'type' : 'value',
          }),
        );
    return mk('ImportDeclaration', node, {
      source: convert(node.moduleSpecifier),
      specifiers,
      importKind: clause?.isTypeOnly ? 'type' : 'value',
    });
  }

  return mk('Program', file, { body: file.statements.map(convert), sourceType: 'module' });
}
