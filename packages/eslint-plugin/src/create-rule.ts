import type { Rule } from 'eslint';

/** Rule pages live in the repository's `docs/rules/`; editors link each diagnostic to its page. */
export const RULE_DOCS_BASE_URL = 'https://github.com/sunset-lint/sunset-lint/blob/main/docs/rules/';

/** What a rule of this plugin declares: ESLint's metadata with its messages and default options typed. */
export interface RuleMeta<MessageIds extends string, Options extends unknown[]> extends Omit<
  Rule.RuleMetaData,
  'docs' | 'messages' | 'defaultOptions'
> {
  docs: { description: string };
  messages: Record<MessageIds, string>;
  defaultOptions: Options;
}

export interface RuleDefinition<MessageIds extends string, Options extends unknown[]> {
  name: string;
  meta: RuleMeta<MessageIds, Options>;
  /** Called with the rule's options, the defaults merged in (as ESLint 9.15+ does itself; older 9.x does not). */
  create(context: Rule.RuleContext, options: Readonly<Options>): Rule.RuleListener;
}

/** An ESLint rule that keeps its name and the types of its messages and options (tests read them). */
export interface PluginRule<MessageIds extends string, Options extends unknown[]> extends Rule.RuleModule {
  name: string;
  meta: RuleMeta<MessageIds, Options> & { docs: { url: string } };
}

/** The most distinct option sets a rule remembers merged (a configuration has one or a few per rule). */
const MAX_MERGED = 32;

/**
 * A rule with its docs URL (`docs/rules/<name>.md`) and its options merged over the defaults,
 * as typescript-eslint's `RuleCreator` makes them, without depending on it (and on TypeScript) at run time.
 *
 * ESLint creates every rule once per file, with a new `context.options` array each time (9.15+ merges
 * `meta.defaultOptions` into a fresh copy), so the options are merged once per distinct text and the
 * result, frozen, is handed to every file that has them: merging (a deep copy of the defaults) for
 * each rule of each file was about a sixteenth of the rules' time over a dense corpus.
 */
export function createRule<Options extends unknown[], MessageIds extends string>({
  name,
  meta,
  create,
}: RuleDefinition<MessageIds, Options>): PluginRule<MessageIds, Options> {
  const merged = new Map<string, Readonly<Options>>();
  const optionsFor = (given: readonly unknown[]): Readonly<Options> => {
    const text = JSON.stringify(given);
    let options = merged.get(text);
    if (!options) {
      // A copy of what the user gave: freezing must not reach into ESLint's configuration.
      options = deepFreeze(withDefaults(meta.defaultOptions, structuredClone(given)));
      if (merged.size >= MAX_MERGED) merged.clear();
      merged.set(text, options);
    }
    return options;
  };
  return {
    name,
    meta: { ...meta, docs: { ...meta.docs, url: `${RULE_DOCS_BASE_URL}${name}.md` } },
    create(context) {
      return create(context, optionsFor(context.options));
    },
  };
}

/** `value` and everything in it frozen: the merged options are shared by every file that has them. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * Each option the user gave over its default: objects merged deeply, anything else replaced.
 * ESLint has validated the user's options against the rule's schema, so they have the options' type.
 */
function withDefaults<Options extends unknown[]>(defaults: Options, given: readonly unknown[]): Options {
  const options = structuredClone(defaults);
  return options.map((option, i) => {
    const user = given[i];
    if (user === undefined) return option;
    return isPlainObject(option) && isPlainObject(user) ? deepMerge(option, user) : user;
  }) as unknown as Options;
}

type PlainObject = Record<string, unknown>;

function isPlainObject(value: unknown): value is PlainObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function deepMerge(first: PlainObject, second: PlainObject): PlainObject {
  const keys = new Set([...Object.keys(first), ...Object.keys(second)]);
  return Object.fromEntries(
    [...keys].map((key) => {
      const [a, b] = [first[key], second[key]];
      if (!(key in second)) return [key, a];
      return [key, isPlainObject(a) && isPlainObject(b) ? deepMerge(a, b) : b];
    }),
  );
}
