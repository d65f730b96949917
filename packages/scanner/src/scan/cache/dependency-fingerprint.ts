import { createHash } from 'node:crypto';

/**
 * The identity of everything a file's cross-file matches can depend on: the file and every module
 * it may import, directly or not (the plan's import lists: every path-like string, so never fewer
 * than the imports), each with the hash of its text. Equal fingerprints mean the cross-file pass
 * would see the same texts, so `--cache` reuses the matches it gave.
 *
 * Modules that import one another (an SDK whose every resource imports the client, which imports
 * every resource) share one fingerprint: the graph's strongly connected components are found once
 * (Tarjan), and a component's fingerprint hashes its members' texts and the fingerprints of the
 * components it imports, so the whole graph costs one walk, however large the cycles.
 */
export class DependencyFingerprints {
  private readonly componentOf = new Map<string, number>();
  private readonly members: string[][] = [];
  private readonly fingerprints = new Map<number, string>();

  constructor(
    private readonly imports: ReadonlyMap<string, readonly string[]>,
    private readonly hashOf: (file: string) => string | undefined,
  ) {
    this.findComponents();
  }

  of(file: string): string {
    const component = this.componentOf.get(file);
    // A file the plan did not read has no imports of its own to follow.
    if (component === undefined)
      return createHash('sha1')
        .update(`${file}\u0000${this.hashOf(file)}`)
        .digest('base64url');
    return this.fingerprints.get(component)!;
  }

  /**
   * Tarjan's algorithm without recursion (import chains can be thousands long). Components come out
   * in reverse topological order, so those a component imports already have their fingerprint.
   */
  private findComponents(): void {
    const order = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    for (const root of [...this.imports.keys()].sort()) {
      if (order.has(root)) continue;
      const work: Array<{ file: string; next: number }> = [{ file: root, next: 0 }];
      order.set(root, order.size);
      low.set(root, order.get(root)!);
      stack.push(root);
      onStack.add(root);
      while (work.length > 0) {
        const frame = work[work.length - 1]!;
        const targets = this.imports.get(frame.file) ?? [];
        if (frame.next < targets.length) {
          const target = targets[frame.next++]!;
          if (!this.imports.has(target)) continue;
          if (!order.has(target)) {
            order.set(target, order.size);
            low.set(target, order.get(target)!);
            stack.push(target);
            onStack.add(target);
            work.push({ file: target, next: 0 });
          } else if (onStack.has(target)) low.set(frame.file, Math.min(low.get(frame.file)!, order.get(target)!));
          continue;
        }
        work.pop();
        const parent = work[work.length - 1];
        if (parent) low.set(parent.file, Math.min(low.get(parent.file)!, low.get(frame.file)!));
        if (low.get(frame.file) === order.get(frame.file)) {
          const component: string[] = [];
          let member: string;
          do {
            member = stack.pop()!;
            onStack.delete(member);
            component.push(member);
          } while (member !== frame.file);
          this.addComponent(component);
        }
      }
    }
  }

  private addComponent(files: string[]): void {
    const id = this.members.length;
    this.members.push(files);
    for (const file of files) this.componentOf.set(file, id);
    const imported = new Set<number>();
    for (const file of files)
      for (const target of this.imports.get(file) ?? []) {
        const component = this.componentOf.get(target);
        if (component !== undefined && component !== id) imported.add(component);
      }
    const hash = createHash('sha1');
    for (const file of [...files].sort()) hash.update(`${file}\u0000${this.hashOf(file) ?? '(unread)'}\u0000`);
    for (const fingerprint of [...imported].map((component) => this.fingerprints.get(component)!).sort())
      hash.update(`${fingerprint}\u0000`);
    this.fingerprints.set(id, hash.digest('base64url'));
  }
}
