/** What every part of the grammar writes into: one generated source file, TypeScript or JavaScript. */

/** The parameters of every generated function: the identifiers a URL may use. */
const RUN_PARAMS: Array<[name: string, type: string]> = [
  ['http', 'any'],
  ['zoneId', 'string'],
  ['accountId', 'string'],
  ['id', 'string'],
  ['which', 'string'],
];

export class ProgramBuilder {
  private readonly imports = new Set<string>();
  // A set: two parts may need the same declaration (`declare const client: any`), written once.
  private readonly declarations = new Set<string>();
  private readonly functions: string[] = [];

  constructor(readonly ts: boolean) {}

  /** A type annotation in TypeScript, nothing in JavaScript (`: string`). */
  typed(annotation: string): string {
    return this.ts ? annotation : '';
  }

  /** A parameter list with types in TypeScript. */
  params(names: Array<[name: string, type: string]>): string {
    return names.map(([name, type]) => `${name}${this.typed(`: ${type}`)}`).join(', ');
  }

  import(line: string): void {
    this.imports.add(line);
  }

  /** A top-level statement (constant, helper, class, client instance). */
  declare(code: string): void {
    this.declarations.add(code);
  }

  /** An exported async function holding statements, with every id parameter in scope. */
  run(n: number, statements: string[]): void {
    const body = statements.map((line) => `  ${line}`).join('\n');
    this.functions.push(`export async function run${n}(${this.params(RUN_PARAMS)}) {\n${body}\n}`);
  }

  source(): string {
    return [[...this.imports].sort().join('\n'), ...this.declarations, ...this.functions]
      .filter((part) => part !== '')
      .join('\n\n')
      .concat('\n');
  }
}

/** One part of a program; `n` keeps its names apart from the other parts'. */
export type Snippet = (program: ProgramBuilder, n: number) => void;
