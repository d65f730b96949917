import type { ApiErrorObject } from './types.js';

/**
 * Every error this client throws is an EdgeClientError, so callers can catch the family at once and
 * tell input mistakes (InvalidInputError: nothing was sent) from everything that happened after
 * talking to the API.
 *
 * None of these errors carries the API token: the transport redacts it from anything the server
 * sends back before an error is built, and no error keeps request headers.
 */
export class EdgeClientError extends Error {
  override readonly name: string = 'EdgeClientError';
}

/** Input rejected before any request was sent (bad level, threshold, action, id, option). */
export class InvalidInputError extends EdgeClientError {
  override readonly name = 'InvalidInputError';
  constructor(
    /** The input that is wrong, named as the library option (e.g. `scoreThreshold`). */
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** A root-cause error: the code and message that say what actually went wrong. */
export interface RootCauseError {
  readonly code: number;
  readonly message: string;
}

/**
 * The root-cause errors of an error list, whichever of the two forms of spec section 7 the server
 * used: before 2024-10-01 a wrapper (e.g. 1004 'DNS Validation Error') whose `error_chain` holds the
 * real errors; from then on the real errors directly. Wrappers are unwrapped recursively down to
 * the errors that have no chain, so callers never need to know which form they got.
 */
export function rootCauseErrors(errors: readonly ApiErrorObject[]): RootCauseError[] {
  const causes: RootCauseError[] = [];
  const visit = (error: ApiErrorObject): void => {
    const chain = error.error_chain;
    if (chain !== undefined && chain.length > 0) {
      for (const inner of chain) visit(inner);
    } else {
      causes.push({ code: error.code, message: error.message });
    }
  };
  for (const error of errors) visit(error);
  return causes;
}

/** `code: message; code: message` for a list of root causes. */
export function formatRootCauses(causes: readonly RootCauseError[]): string {
  return causes.map((cause) => `${cause.code}: ${cause.message}`).join('; ');
}

/** Where a request went: kept on errors so messages can say which call failed. */
export interface RequestLine {
  readonly method: string;
  /** The path relative to the base URL (ids only, no query, never a header). */
  readonly path: string;
}

/**
 * The API answered with its error envelope (success false), or with a non-2xx status and a valid
 * envelope. Carries the HTTP status and the error objects as sent.
 */
export class EdgeApiError extends EdgeClientError {
  override readonly name = 'EdgeApiError';
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly errors: readonly ApiErrorObject[];
  /** Why the answer was not retried again (`gave up after 4 attempts`), when it could have been. */
  readonly retryNote: string | undefined;
  /** The response's `Retry-After` header, if any (a 429 says when to come back). */
  readonly retryAfter: string | undefined;

  constructor(
    request: RequestLine,
    status: number,
    errors: readonly ApiErrorObject[],
    retryNote?: string,
    retryAfter?: string,
  ) {
    const causes = rootCauseErrors(errors);
    const detail = causes.length > 0 ? formatRootCauses(causes) : 'no error details in the response';
    super(`${request.method} ${request.path} failed: HTTP ${status}: ${detail}${retryNote ? `; ${retryNote}` : ''}`);
    this.method = request.method;
    this.path = request.path;
    this.status = status;
    this.errors = errors;
    this.retryNote = retryNote;
    this.retryAfter = retryAfter;
  }

  /** The root-cause errors, independent of the error form (see rootCauseErrors). */
  get rootCauses(): RootCauseError[] {
    return rootCauseErrors(this.errors);
  }
}

/**
 * The response was not the API's envelope: an HTML page from a proxy, truncated JSON, a JSON value
 * of the wrong shape, or a success envelope whose `result` lacks the fields the spec promises.
 */
export class EdgeResponseError extends EdgeClientError {
  override readonly name = 'EdgeResponseError';
  readonly method: string;
  readonly path: string;
  readonly status: number;
  /** The first characters of the body, whitespace collapsed, token redacted: for diagnosis. */
  readonly bodySnippet: string;

  constructor(request: RequestLine, status: number, problem: string, bodySnippet: string) {
    super(
      `${request.method} ${request.path} failed: HTTP ${status}: ${problem}` +
        (bodySnippet ? ` (body starts: ${JSON.stringify(bodySnippet)})` : ''),
    );
    this.method = request.method;
    this.path = request.path;
    this.status = status;
    this.bodySnippet = bodySnippet;
  }
}

/** No HTTP response at all: the per-request timeout fired, or the connection failed or dropped. */
export class EdgeNetworkError extends EdgeClientError {
  override readonly name = 'EdgeNetworkError';
  readonly method: string;
  readonly path: string;
  /** `refused`: an answer the client will not take (a redirect, a body over the limit); never retried. */
  readonly reason: 'timeout' | 'connection' | 'refused';

  readonly #detail: string;

  constructor(request: RequestLine, reason: 'timeout' | 'connection' | 'refused', detail: string) {
    super(`${request.method} ${request.path} failed: ${detail}`);
    this.method = request.method;
    this.path = request.path;
    this.reason = reason;
    this.#detail = detail;
  }

  /** The same failure with a note on the retries that preceded it. */
  withNote(note: string): EdgeNetworkError {
    return new EdgeNetworkError(this, this.reason, `${this.#detail}; ${note}`);
  }
}

/** A ruleset as shown to a user choosing between candidates. */
export interface RulesetCandidate {
  readonly id: string;
  readonly name: string;
}

/** The managed core ruleset could not be chosen unambiguously from the account's rulesets. */
export class RulesetSelectionError extends EdgeClientError {
  override readonly name = 'RulesetSelectionError';
  constructor(
    message: string,
    /** The rulesets the user can pick from with an explicit ruleset id. */
    readonly candidates: readonly RulesetCandidate[],
  ) {
    super(
      candidates.length > 0
        ? `${message}\nCandidates (pass one with an explicit ruleset id):\n${candidates
            .map((candidate) => `  ${candidate.id}  ${candidate.name}`)
            .join('\n')}`
        : message,
    );
  }
}

/** Several execute rules of the entry point deploy the same managed ruleset. */
export class ExecuteRuleSelectionError extends EdgeClientError {
  override readonly name = 'ExecuteRuleSelectionError';
  constructor(
    message: string,
    readonly candidates: readonly { readonly id: string; readonly expression: string | undefined }[],
  ) {
    super(
      `${message}\nCandidates (pass one with an explicit execute rule id):\n${candidates
        .map((candidate) => `  ${candidate.id}  expression: ${candidate.expression ?? '(none)'}`)
        .join('\n')}`,
    );
  }
}

/** The managed ruleset has no execute rule in the zone's entry point, and deployment was not asked for. */
export class NotDeployedError extends EdgeClientError {
  override readonly name = 'NotDeployedError';
  constructor(
    readonly zoneId: string,
    readonly managedRulesetId: string,
    /** False when the zone has no entry point ruleset for the phase at all (endpoint 3 answered 404). */
    readonly entrypointExists: boolean,
  ) {
    super(
      `the managed ruleset ${managedRulesetId} is not deployed for zone ${zoneId}` +
        (entrypointExists
          ? ' (the zone entry point ruleset has no execute rule for it)'
          : ' (the zone has no entry point ruleset for phase http_request_firewall_managed)') +
        '; deploy it explicitly (library: deploy: true; CLI: --deploy) to create the execute rule',
    );
  }
}

/** Rule ids given for a rule override that are not rules of the managed ruleset. */
export class UnknownManagedRuleError extends EdgeClientError {
  override readonly name = 'UnknownManagedRuleError';
  constructor(
    readonly ruleIds: readonly string[],
    readonly managedRulesetId: string,
  ) {
    super(`not rules of the managed ruleset ${managedRulesetId}: ${ruleIds.join(', ')}`);
  }
}

/**
 * The state read from the API is one this client will not change safely: an execute rule whose
 * overrides have an unexpected shape, or a managed ruleset without rules when its last rule is
 * needed. Nothing was written.
 */
export class UnsupportedStateError extends EdgeClientError {
  override readonly name = 'UnsupportedStateError';
}

/**
 * Other writers kept the change from being applied: the rule it was for was deleted or replaced
 * meanwhile, a create found that another client had deployed the ruleset first, or the change was
 * overwritten again after every merge up to the bound. Nothing more was sent.
 */
export class ConcurrentModificationError extends EdgeClientError {
  override readonly name = 'ConcurrentModificationError';
  constructor(
    message: string,
    /** The failure of the write whose outcome was unknown, if one came first. */
    override readonly cause?: EdgeClientError,
  ) {
    super(cause === undefined ? message : `${message} (the write failed first with: ${cause.message})`);
  }
}
