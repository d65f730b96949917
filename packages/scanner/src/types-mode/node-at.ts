import type ts from 'typescript';

/**
 * The outermost node that spans exactly [start, end) (an identifier, `this.ids[key]`, a call), or
 * undefined when no node does (a range that is not one expression is not guessed at). Parentheses
 * and `as`/`!` wrappers were stripped by the extractor, so their inner expression is the one asked about.
 */
export function findNodeSpanning(sourceFile: ts.SourceFile, start: number, end: number): ts.Node | undefined {
  let node: ts.Node = sourceFile;
  for (;;) {
    // Every node that starts at `start` covers that position, so it lies on the path down to it.
    const child = childCovering(node, start);
    if (!child) return undefined;
    const childStart = child.getStart(sourceFile);
    if (childStart === start && child.end === end) return child;
    // Its descendants start no earlier and end no later than it does.
    if (childStart > start || child.end < end) return undefined;
    node = child;
  }
}

/** The child whose full text (leading trivia included) covers `position`. */
function childCovering(node: ts.Node, position: number): ts.Node | undefined {
  let found: ts.Node | undefined;
  node.forEachChild((child) => {
    if (child.pos <= position && position < child.end) found = child;
    return found;
  });
  return found;
}
