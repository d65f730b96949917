import { decodeAnyResult, decodeEntrypointRuleset, decodeManagedRuleset, decodeRulesetList } from './decode.js';
import { decodeEnvelope, type ResultDecoder } from './envelope.js';
import {
  accountRulesetPath,
  accountRulesetsPath,
  zoneEntrypointPath,
  zoneRulesetRulePath,
  zoneRulesetRulesPath,
  zoneRulesetsPath,
} from './paths.js';
import { DEFAULT_BASE_URL, HttpTransport, type TransportOptions, type TransportRequest } from './transport.js';
import type { EntrypointRuleset, ExecuteRuleBody, ManagedRuleset, RulesetSummary } from './types.js';

export interface EdgeApiClientOptions extends Omit<TransportOptions, 'baseUrl'> {
  /** Default `https://api.cloudflare.com/client/v4`. */
  readonly baseUrl?: string;
}

/** Body of the provider's create-ruleset operation, used to create a missing zone entry point. */
export interface CreateZoneRulesetBody {
  readonly name: string;
  readonly kind: 'zone';
  readonly phase: string;
  readonly description?: string;
  readonly rules: readonly ExecuteRuleBody[];
}

/**
 * One method per API operation, each returning the checked `result` of the envelope or throwing an
 * EdgeClientError. Reads are retried on transient failures; writes only on 429 (see transport.ts),
 * because deciding whether a write may be repeated needs the state, which the procedures read.
 * The methods are async so that an invalid id rejects the returned promise rather than throwing.
 */
export class EdgeApiClient {
  readonly transport: HttpTransport;

  constructor(options: EdgeApiClientOptions) {
    this.transport = new HttpTransport({ ...options, baseUrl: options.baseUrl ?? DEFAULT_BASE_URL });
  }

  get baseUrl(): string {
    return this.transport.baseUrl;
  }

  /** Endpoint 1: `GET /accounts/{account_id}/rulesets`. */
  async listAccountRulesets(accountId: string): Promise<RulesetSummary[]> {
    return this.#call({ method: 'GET', path: accountRulesetsPath(accountId), retry: 'idempotent' }, decodeRulesetList);
  }

  /** Endpoint 2: `GET /accounts/{account_id}/rulesets/{ruleset_id}`, with its rules. */
  async getAccountRuleset(accountId: string, rulesetId: string): Promise<ManagedRuleset> {
    return this.#call(
      { method: 'GET', path: accountRulesetPath(accountId, rulesetId), retry: 'idempotent' },
      decodeManagedRuleset,
    );
  }

  /**
   * Endpoint 3: `GET /zones/{zone_id}/rulesets/phases/http_request_firewall_managed/entrypoint`.
   * A zone that never had a rule in this phase has no entry point: the provider answers 404, which
   * surfaces as an EdgeApiError with status 404.
   */
  async getZoneEntrypointRuleset(zoneId: string): Promise<EntrypointRuleset> {
    return this.#call(
      { method: 'GET', path: zoneEntrypointPath(zoneId), retry: 'idempotent' },
      decodeEntrypointRuleset,
    );
  }

  /**
   * Endpoint 4: `PATCH /zones/{zone_id}/rulesets/{entry_point_ruleset_id}/rules/{rule_id}`. The
   * response shape is not shown by the spec, so the result is returned unchecked. A 429 is retried
   * with the same body unless `retry` is `never` (the procedures re-read and merge again instead).
   */
  async updateZoneRulesetRule(
    zoneId: string,
    entrypointRulesetId: string,
    ruleId: string,
    body: ExecuteRuleBody,
    options: { readonly retry?: 'rejected-only' | 'never' } = {},
  ): Promise<unknown> {
    return this.#call(
      {
        method: 'PATCH',
        path: zoneRulesetRulePath(zoneId, entrypointRulesetId, ruleId),
        body,
        retry: options.retry ?? 'rejected-only',
      },
      decodeAnyResult,
    );
  }

  /**
   * The provider's create-rule operation, `POST /zones/{zone_id}/rulesets/{ruleset_id}/rules`: adds a
   * rule to a zone ruleset. Not shown by the spec (4.3); it is how the spec's "deployed by creating
   * such a rule" (4.1 step 2) is done.
   */
  async createZoneRulesetRule(zoneId: string, entrypointRulesetId: string, body: ExecuteRuleBody): Promise<unknown> {
    return this.#call(
      { method: 'POST', path: zoneRulesetRulesPath(zoneId, entrypointRulesetId), body, retry: 'rejected-only' },
      decodeAnyResult,
    );
  }

  /**
   * The provider's delete-rule operation, `DELETE /zones/{zone_id}/rulesets/{ruleset_id}/rules/{rule_id}`:
   * used only to remove the duplicate execute rule a concurrent deploy of this run created. Not shown
   * by the spec (4.3). Retried on 429 only.
   */
  async deleteZoneRulesetRule(zoneId: string, entrypointRulesetId: string, ruleId: string): Promise<unknown> {
    return this.#call(
      { method: 'DELETE', path: zoneRulesetRulePath(zoneId, entrypointRulesetId, ruleId), retry: 'rejected-only' },
      decodeAnyResult,
    );
  }

  /**
   * The provider's create-ruleset operation, `POST /zones/{zone_id}/rulesets`: used only when the
   * zone has no entry point for the phase yet. Not shown by the spec. Chosen over replacing the entry
   * point with a PUT because a create fails if the entry point appeared meanwhile, where a PUT
   * would silently replace its rules.
   */
  async createZoneRuleset(zoneId: string, body: CreateZoneRulesetBody): Promise<unknown> {
    return this.#call(
      { method: 'POST', path: zoneRulesetsPath(zoneId), body, retry: 'rejected-only' },
      decodeAnyResult,
    );
  }

  async #call<T>(request: TransportRequest, decode: ResultDecoder<T>): Promise<T> {
    const response = await this.transport.send(request);
    return decodeEnvelope({ method: request.method, path: request.path }, response, decode);
  }
}
