/**
 * Shapes of the edge API's ruleset resources (spec sections 2.1 to 2.7).
 *
 * Every object type keeps an index signature: the spec lists only some fields ("fields beyond those
 * listed: not shown", 2.8), and the procedures must send back what they read without dropping the
 * fields they do not know about.
 */

/** An error object of the envelope (spec 7). `error_chain` is the pre-2024-10-01 wrapper form. */
export interface ApiErrorObject {
  readonly code: number;
  readonly message: string;
  readonly error_chain?: readonly ApiErrorObject[];
  readonly [field: string]: unknown;
}

/** The response envelope (spec 2.1). */
export interface ApiEnvelope<TResult> {
  readonly result: TResult;
  readonly success: boolean;
  readonly errors: readonly ApiErrorObject[];
  readonly messages: readonly unknown[];
}

/** A ruleset as listed at account level (spec 2.2, endpoint 1): no `rules`. */
export interface RulesetSummary {
  readonly id: string;
  readonly name: string;
  readonly kind: string;
  readonly description?: string;
  readonly source?: string;
  readonly version?: string;
  readonly last_updated?: string;
  readonly phase?: string;
  readonly [field: string]: unknown;
}

/** A rule inside a managed ruleset (spec 2.4). */
export interface ManagedRule {
  readonly id: string;
  readonly version?: string;
  readonly action?: string;
  readonly score_threshold?: number;
  readonly description?: string;
  readonly ref?: string;
  readonly enabled?: boolean;
  readonly last_updated?: string;
  readonly [field: string]: unknown;
}

/** A managed ruleset fetched on its own (endpoint 2): includes its rules, in order. */
export interface ManagedRuleset extends RulesetSummary {
  readonly rules: readonly ManagedRule[];
}

/** The actions a rule override may set (spec 2.6). */
export const RULE_ACTIONS = ['block', 'managed_challenge', 'js_challenge', 'log', 'challenge'] as const;
export type RuleAction = (typeof RULE_ACTIONS)[number];

/** A category (tag) override (spec 2.6). */
export interface CategoryOverride {
  readonly category: string;
  readonly enabled?: boolean;
  readonly [field: string]: unknown;
}

/**
 * A rule override (spec 2.6). The spec shows `id`, `action` and `score_threshold`; `enabled` is
 * implied by "individual rules can be disabled" without its shape being shown. This client uses
 * `enabled: false` on the rule override, the same shape the category override uses for tags.
 */
export interface RuleOverride {
  readonly id: string;
  readonly action?: string;
  readonly score_threshold?: number;
  readonly enabled?: boolean;
  readonly [field: string]: unknown;
}

/** `action_parameters.overrides` (spec 2.6). */
export interface Overrides {
  readonly categories?: readonly CategoryOverride[];
  readonly rules?: readonly RuleOverride[];
  readonly [field: string]: unknown;
}

/** `action_parameters` of an execute rule (spec 2.5). */
export interface ExecuteActionParameters {
  readonly id: string;
  readonly version?: string;
  readonly overrides?: Overrides;
  readonly [field: string]: unknown;
}

/** A rule of the zone entry point ruleset (spec 2.3). Not every rule there is an execute rule. */
export interface EntrypointRule {
  readonly id: string;
  readonly version?: string;
  readonly action: string;
  readonly action_parameters?: ExecuteActionParameters | { readonly [field: string]: unknown };
  readonly expression?: string;
  readonly enabled?: boolean;
  readonly ref?: string;
  readonly description?: string;
  readonly last_updated?: string;
  readonly [field: string]: unknown;
}

/** An entry point rule known to be `action: execute` with a managed ruleset id. */
export interface ExecuteRule extends EntrypointRule {
  readonly action: 'execute';
  readonly action_parameters: ExecuteActionParameters;
}

/** The zone entry point ruleset for a phase (endpoint 3, `kind` = `zone`). */
export interface EntrypointRuleset {
  readonly id: string;
  readonly kind: string;
  readonly name?: string;
  readonly phase?: string;
  readonly version?: string;
  readonly rules: readonly EntrypointRule[];
  readonly [field: string]: unknown;
}

/**
 * The body of a rule write (endpoint 4, and the provider's create-rule operation). The spec's
 * endpoint 4 body holds `action`, `action_parameters`, `expression`, `enabled`; `ref` and
 * `description` are carried along when the rule has them, so a write never clears them.
 */
export interface ExecuteRuleBody {
  readonly action: 'execute';
  readonly action_parameters: ExecuteActionParameters;
  readonly expression?: string;
  readonly enabled?: boolean;
  readonly ref?: string;
  readonly description?: string;
}

/** The phase whose entry point ruleset deploys managed WAF rulesets (spec 1.2). */
export const MANAGED_FIREWALL_PHASE = 'http_request_firewall_managed';

export const PARANOIA_LEVELS = [1, 2, 3, 4] as const;
export type ParanoiaLevel = (typeof PARANOIA_LEVELS)[number];
