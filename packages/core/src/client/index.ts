/**
 * `@sunset-lint/core/client`: the reference client for configuring the managed core ruleset
 * (OWASP-based) of a zone through the ruleset API, the replacement for the legacy WAF packages API.
 * See docs/reference-client.md.
 */
export { EdgeApiClient, type CreateZoneRulesetBody, type EdgeApiClientOptions } from './client.js';
export {
  DEFAULT_BASE_URL,
  DEFAULT_TIMEOUT_MS,
  HttpTransport,
  MAX_RESPONSE_BYTES,
  type FetchFunction,
  type RetryMode,
  type TransportOptions,
  type TransportRequest,
} from './transport.js';
export { DEFAULT_RETRY_POLICY, backoffDelayMs, parseRetryAfterMs, type RetryPolicy } from './retry.js';
export {
  ConcurrentModificationError,
  EdgeApiError,
  EdgeClientError,
  EdgeNetworkError,
  EdgeResponseError,
  ExecuteRuleSelectionError,
  InvalidInputError,
  NotDeployedError,
  RulesetSelectionError,
  UnknownManagedRuleError,
  UnsupportedStateError,
  formatRootCauses,
  rootCauseErrors,
  type RootCauseError,
  type RulesetCandidate,
} from './errors.js';
export { decodeEnvelope, type RawResponse, type ResultDecoder } from './envelope.js';
export { CORE_RULESET_NAME_PATTERN, executeRulesFor, selectCoreRuleset, selectExecuteRule } from './discovery.js';
export {
  disabledRuleIds,
  executeRuleUpdateBody,
  mergeOverrides,
  newExecuteRuleBody,
  paranoiaLevelOfCategory,
  paranoiaTag,
  readParanoiaLevel,
  ruleOverrideOf,
  withParanoiaLevel,
  withRuleDisabled,
  withRuleReenabled,
  withScoreThresholdAndAction,
  type ManagedRulesetFacts,
  type OverrideChange,
  type ParanoiaLevelReading,
  type ScoreThresholdAndAction,
} from './overrides.js';
export {
  DEFAULT_MAX_CONCURRENT_RETRIES,
  applyManagedRulesetChange,
  planManagedRulesetChange,
  setParanoiaLevel,
  setRulesEnabled,
  setScoreThresholdAndAction,
  type ChangeOptions,
  type ManagedRulesetChange,
  type ManagedRulesetChangeResult,
  type OverwrittenWrite,
  type ManagedRulesetPlan,
  type PlannedWrite,
} from './procedures.js';
export {
  readManagedRulesetConfiguration,
  type ExecuteRuleSummary,
  type ManagedRulesetConfiguration,
  type SettingReading,
} from './configuration.js';
export type { ManagedRulesetTarget } from './state.js';
export { isOutcomeUnknown, writeSafely, type SafeWriteOutcome, type WriteVerdict } from './safe-write.js';
export {
  isRuleAction,
  validateBaseUrl,
  validateParanoiaLevel,
  validatePathId,
  validateRuleAction,
  validateRulesetId,
  validateScoreThreshold,
  validateToken,
} from './validation.js';
export { REDACTED, createRedactor } from './redact.js';
export { isExecuteRule } from './decode.js';
export * from './types.js';
