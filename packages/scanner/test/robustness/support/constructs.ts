/**
 * The client-code grammar (support/snippet-grammar.ts) widened with the constructs its parity
 * programs avoid: destructuring with defaults, optional chaining and calls, JSX, TypeScript-only
 * syntax (generics, enums, namespaces, decorators, `satisfies`, assertions, overloads), spread
 * payloads, getters, computed keys and tagged templates. Each block builds an edge-API URL its own
 * way and sends it, so the extractor's evaluation meets every construct.
 */
import fc from 'fast-check';
import { allPaths } from '../../support/grammar/paths.js';
import { programArb } from '../../support/snippet-grammar.js';

export type SourceKind = 'ts' | 'tsx' | 'js' | 'jsx';

export interface Case {
  fileName: string;
  code: string;
}

const URL_PATHS = allPaths().map((path) => path.template.replace(/:[a-z_]+/g, '${id}'));

type Block = (path: string, n: number) => string;

const ANY_SOURCE: Block[] = [
  (p, n) =>
    `const { base${n} = 'https://api.cloudflare.com/client/v4', paths: { p${n} = \`${p}\` } = {} } = globalThis.cfg ?? {};\nexport const d${n} = (id) => fetch(base${n} + p${n}.replace('\${id}', id));`,
  (p, n) =>
    `export async function o${n}(client, id) {\n  return client?.api?.get?.(\`https://api.cloudflare.com/client/v4${p}\`)?.then?.((r) => r?.data?.result ?? r?.[0]);\n}`,
  (p, n) =>
    `const [first${n}, ...rest${n}] = ['https://api.cloudflare.com/client/v4', \`${p}\`];\nexport const a${n} = (id) => fetch(\`\${first${n}}\${rest${n}.join('')}\`, { method: 'PATCH', body: JSON.stringify({ ...rest${n}, value: 'on' }) });`,
  (p, n) =>
    `const payload${n} = { ['notification_' + 'email']: 'a@b.c', get origins() { return []; }, ...{ locked: true } };\nexport const s${n} = (id) => fetch(\`https://api.cloudflare.com/client/v4${p}\`, { method: 'POST', body: JSON.stringify(payload${n}) });`,
  (p, n) =>
    `const tag${n} = (strings, ...values) => strings.raw.join(values.join(''));\nexport const t${n} = (id) => fetch(tag${n}\`https://api.cloudflare.com/client/v4${p}\`);`,
  (p, n) =>
    `export class C${n} {\n  static #base = 'https://api.cloudflare.com/client/v4';\n  #id;\n  constructor(id) { this.#id = id; }\n  get url() { return \`\${C${n}.#base}${p.replaceAll('${id}', '${this.#id}')}\`; }\n  async *pages() { for await (const r of [fetch(this.url)]) yield r; }\n}`,
  (p, n) =>
    `export const l${n} = async ({ id, zone: { id: zoneId } = { id: 'z' } }, ...args) => {\n  label${n}: for (const x of args) { if (x) continue label${n}; }\n  return fetch(new URL(\`client/v4${p}\`.replace('\${id}', id ?? zoneId), 'https://api.cloudflare.com/'));\n};`,
];

const TS_ONLY: Block[] = [
  (p, n) =>
    `enum Path${n} { A = \`${p.replaceAll('${id}', 'x')}\`, B = 'b' }\nexport const e${n} = (id: string) => fetch(\`https://api.cloudflare.com/client/v4\${Path${n}.A}\`);`,
  (p, n) =>
    `namespace N${n} { export const base = 'https://api.cloudflare.com/client/v4' as const; }\nexport const ns${n} = <T extends object = {}>(id: string, _t?: T): Promise<Response> => fetch(\`\${N${n}.base}${p}\` satisfies string);`,
  (p, n) =>
    `function dec${n}(_t: unknown, _k?: unknown) {}\n@dec${n}\nexport abstract class S${n}<T> {\n  declare readonly x?: T;\n  protected abstract id(): string;\n  @dec${n} async send(this: S${n}<T>, id = this.id()!): Promise<T> { return (await fetch(\`https://api.cloudflare.com/client/v4${p}\`)).json() as Promise<T>; }\n}`,
  (p, n) =>
    `export function ov${n}(id: string): Promise<Response>;\nexport function ov${n}(id: number): Promise<Response>;\nexport function ov${n}(id: string | number) { return fetch(\`https://api.cloudflare.com/client/v4${p}\` as \`https://\${string}\`); }\ntype U${n} = \`/zones/\${string}\`;\ninterface I${n} { readonly [k: string]: U${n} | undefined }`,
];

const TS_NO_JSX: Block[] = [
  (p, n) => `export const cast${n} = (id: string) => fetch(<string>\`https://api.cloudflare.com/client/v4${p}\`);`,
];

const JSX: Block[] = [
  (p, n) =>
    `export function View${n}({ id, onDone }) {\n  return <button data-path="${p.replaceAll('"', '')}" onClick={() => fetch(\`https://api.cloudflare.com/client/v4${p}\`).then(onDone)}>{id}<span>{\`${p}\`}</span></button>;\n}`,
  (p, n) =>
    `export const Frag${n} = ({ pool }) => <>{pool?.notification_email}{[1, 2].map((i) => <i key={i}>{i}</i>)}</>;`,
];

function blocksFor(kind: SourceKind): Block[] {
  return [
    ...ANY_SOURCE,
    ...(kind === 'ts' || kind === 'tsx' ? TS_ONLY : []),
    ...(kind === 'ts' ? TS_NO_JSX : []),
    ...(kind === 'tsx' || kind === 'jsx' ? JSX : []),
  ];
}

const kindArb: fc.Arbitrary<SourceKind> = fc.constantFrom('ts', 'tsx', 'js', 'jsx');

/** A grammar program (typed or not) followed by one to four blocks of other constructs. */
export const constructCaseArb: fc.Arbitrary<Case> = kindArb.chain((kind) =>
  fc
    .record({
      program: programArb({ escapes: true }).filter(
        (p) => (kind === 'ts' || kind === 'tsx') === p.fileName.endsWith('.ts'),
      ),
      blocks: fc.array(fc.tuple(fc.nat(), fc.constantFrom(...URL_PATHS)), { minLength: 1, maxLength: 4 }),
    })
    .map(({ program, blocks }) => {
      const available = blocksFor(kind);
      const added = blocks.map(([choice, path], n) => available[choice % available.length]!(path, 100 + n));
      return { fileName: `case.${kind}`, code: `${program.code}\n${added.join('\n\n')}\n` };
    }),
);
