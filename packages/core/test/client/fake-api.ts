/**
 * A fake of the edge API's ruleset endpoints, written for the tests: a real HTTP server on
 * 127.0.0.1 that keeps state, answers with the spec's envelopes (2.1, 7), checks authentication and
 * content headers, and can be told to fail in the ways a real API and the proxies in front of it do.
 *
 * It implements spec endpoints 1 to 4 plus the provider's create-rule, delete-rule and create-ruleset
 * operations (not shown by the spec), with PATCH semantics for endpoint 4: fields present in the body replace
 * the rule's, absent fields stay.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A token that is easy to search for in any output. */
export const TEST_TOKEN = 'SECRET-test-token-7f3a9c1e5b2d4f6a8c0e';

export const PREFIX = '/client/v4';
export const PHASE = 'http_request_firewall_managed';

/** Fixed ids (32 hexadecimal characters, as the spec has for rulesets). */
export const IDS = {
  account: 'acc00000000000000000000000000001',
  zone: 'f00d0000000000000000000000000001',
  owasp: '4814384a9e5d4991b9815dcfc25d2f1f',
  managed: 'efb7b8c949ac4650a09736fc376e9aee',
  exposedCredentials: 'c2e184081120413c86c3ab7e14069605',
  customRuleset: 'c0ffee00000000000000000000000001',
  entrypoint: 'e0000000000000000000000000000001',
  executeManaged: 'e1000000000000000000000000000001',
  executeOwasp: 'e2000000000000000000000000000002',
  rulePl1Sqli: 'a1000000000000000000000000000001',
  rulePl2Xss: 'a2000000000000000000000000000002',
  rulePl3ShippedDisabled: 'a3000000000000000000000000000003',
  rulePl4: 'a4000000000000000000000000000004',
  lastRule: '6179ae15870a4bb7b2d480d4843b323c',
} as const;

export interface FakeState {
  accountId: string;
  zoneId: string;
  /** Account rulesets; managed ones carry their `rules` (hidden in the list, shown by endpoint 2). */
  accountRulesets: JsonObject[];
  /** The zone entry point ruleset of the managed firewall phase; null = the zone has none (404). */
  entrypoint: JsonObject | null;
}

const NOW = '2024-05-01T10:00:00.000000Z';

export function owaspRules(): JsonObject[] {
  return [
    {
      id: IDS.rulePl1Sqli,
      version: '2',
      action: 'block',
      description: '942100: SQL Injection (PL1)',
      ref: '942100',
      enabled: true,
      last_updated: NOW,
      categories: ['paranoia-level-1', 'sqli'],
    },
    {
      id: IDS.rulePl2Xss,
      version: '2',
      action: 'block',
      description: '941320: XSS (PL2)',
      ref: '941320',
      enabled: true,
      last_updated: NOW,
      categories: ['paranoia-level-2', 'xss'],
    },
    {
      id: IDS.rulePl3ShippedDisabled,
      version: '1',
      action: 'block',
      description: '920272: Invalid character (PL3)',
      ref: '920272',
      enabled: false,
      last_updated: NOW,
      categories: ['paranoia-level-3'],
    },
    {
      id: IDS.rulePl4,
      version: '1',
      action: 'block',
      description: '920202: Range (PL4)',
      ref: '920202',
      enabled: true,
      last_updated: NOW,
      categories: ['paranoia-level-4'],
    },
    {
      id: IDS.lastRule,
      version: '3',
      action: 'block',
      score_threshold: 40,
      description: '949110: Inbound Anomaly Score Exceeded',
      ref: '949110',
      enabled: true,
      last_updated: NOW,
    },
  ];
}

/** Overrides that an earlier configuration left on the OWASP execute rule. */
export function existingOwaspOverrides(): JsonObject {
  return {
    categories: [
      { category: 'paranoia-level-3', enabled: false },
      { category: 'paranoia-level-4', enabled: false },
      { category: 'language-php', enabled: false },
    ],
    rules: [
      { id: IDS.lastRule, score_threshold: 60, action: 'log' },
      { id: IDS.rulePl2Xss, enabled: false },
    ],
  };
}

/** The OWASP execute rule; `null` for one without overrides. */
export function owaspExecuteRule(overrides: JsonObject | null = existingOwaspOverrides()): JsonObject {
  return {
    id: IDS.executeOwasp,
    version: '3',
    action: 'execute',
    action_parameters: { id: IDS.owasp, version: 'latest', ...(overrides === null ? {} : { overrides }) },
    expression: 'true',
    description: 'Execute the OWASP core ruleset',
    enabled: true,
    ref: 'owasp-core',
    last_updated: NOW,
  };
}

/** The default state: several managed rulesets, the OWASP one deployed with existing overrides. */
export function defaultState(): FakeState {
  return {
    accountId: IDS.account,
    zoneId: IDS.zone,
    accountRulesets: [
      {
        id: IDS.managed,
        name: 'Cloudflare Managed Ruleset',
        description: 'Created by the security team',
        source: 'firewall_managed',
        kind: 'managed',
        version: '57',
        last_updated: NOW,
        phase: PHASE,
        rules: [{ id: 'b1000000000000000000000000000001', version: '1', action: 'block', enabled: true }],
      },
      {
        id: IDS.owasp,
        name: 'Cloudflare OWASP Core Ruleset',
        description: 'OWASP ModSecurity Core Rule Set',
        source: 'firewall_managed',
        kind: 'managed',
        version: '36',
        last_updated: NOW,
        phase: PHASE,
        rules: owaspRules(),
      },
      {
        id: IDS.exposedCredentials,
        name: 'Cloudflare Exposed Credentials Check Ruleset',
        description: 'Leaked credentials',
        source: 'firewall_managed',
        kind: 'managed',
        version: '12',
        last_updated: NOW,
        phase: PHASE,
        rules: [],
      },
      {
        id: IDS.customRuleset,
        name: 'My custom rules',
        description: '',
        kind: 'custom',
        version: '2',
        last_updated: NOW,
        phase: 'http_request_firewall_custom',
        rules: [],
      },
    ],
    entrypoint: {
      id: IDS.entrypoint,
      name: 'default',
      description: '',
      kind: 'zone',
      version: '7',
      last_updated: NOW,
      phase: PHASE,
      rules: [
        {
          id: IDS.executeManaged,
          version: '1',
          action: 'execute',
          action_parameters: { id: IDS.managed, version: 'latest' },
          expression: 'true',
          enabled: true,
          ref: 'managed',
          last_updated: NOW,
        },
        owaspExecuteRule(),
      ],
    },
  };
}

export interface RecordedRequest {
  readonly method: string;
  /** Path after the `/client/v4` prefix, query included. */
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly bodyText: string;
  /** The parsed JSON body, or undefined when there is none (or it is not JSON). */
  readonly body: unknown;
}

/** How to answer a matching request instead of (or after) handling it normally. */
export type Failure =
  /** An error envelope with the given errors (either form of spec 7). */
  | {
      readonly kind: 'error-envelope';
      readonly status: number;
      readonly errors: readonly JsonObject[];
      readonly apply?: boolean;
    }
  /** 429 with an optional Retry-After header value. */
  | { readonly kind: 'rate-limit'; readonly retryAfter?: string }
  /** A 5xx error envelope (default 500). */
  | { readonly kind: 'server-error'; readonly status?: number; readonly apply?: boolean }
  /** Handle normally (state changes at once), but send the response only after `delayMs`. */
  | { readonly kind: 'slow'; readonly delayMs: number }
  /** An HTML error page, as a proxy sends; optionally echoing the request's Authorization header. */
  | { readonly kind: 'html'; readonly status: number; readonly echoAuthorization?: boolean; readonly apply?: boolean }
  /** Close the connection without any response. */
  | { readonly kind: 'drop'; readonly apply?: boolean }
  /** A redirect to another host (the API never redirects; a client following it would send the token there). */
  | { readonly kind: 'redirect'; readonly status: number; readonly location: string }
  /** A 200 whose body is `bytes` long, declared (`Content-Length`) or streamed (chunked). */
  | { readonly kind: 'huge'; readonly bytes: number; readonly declared: boolean }
  /**
   * Hold the request (unhandled: the state is untouched) until `until` settles, then handle it
   * normally; `onHeld` runs when it arrives. A test runs another client meanwhile.
   */
  | { readonly kind: 'held'; readonly until: Promise<void>; readonly onHeld?: () => void }
  /** Keep the connection open and never send a byte of the response. */
  | { readonly kind: 'silent'; readonly apply?: boolean }
  /**
   * A 200 whose JSON stops halfway: `declared` sends a Content-Length of the cut body (a complete
   * HTTP response of broken JSON); `connection` declares the whole body and closes after half of it.
   */
  | { readonly kind: 'truncated-json'; readonly cut: 'declared' | 'connection'; readonly apply?: boolean };

export interface RequestMatcher {
  readonly method?: string;
  /** Exact path (after the prefix) or a pattern. */
  readonly path?: string | RegExp;
}

interface QueuedFailure {
  readonly matcher: RequestMatcher;
  readonly failure: Failure;
  remaining: number;
  /** Runs just before the failure is sent: a test can change the state, as another client would. */
  readonly beforeFailing: ((state: FakeState) => void) | undefined;
}

interface Reply {
  readonly status: number;
  readonly body: string;
  readonly headers?: Record<string, string>;
}

function envelope(result: Json, status = 200): Reply {
  return { status, body: JSON.stringify({ result, success: true, errors: [], messages: [] }) };
}

function errorReply(status: number, errors: readonly JsonObject[]): Reply {
  return { status, body: JSON.stringify({ result: null, success: false, errors, messages: [] }) };
}

const RULE_ACTIONS = new Set(['block', 'managed_challenge', 'js_challenge', 'log', 'challenge']);

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function newId(): string {
  return randomBytes(16).toString('hex');
}

function bump(version: Json | undefined): string {
  return String(Number(version ?? '0') + 1);
}

/** The provider's checks of an execute rule body, as far as the tests need them. */
function ruleBodyProblem(body: unknown): string | undefined {
  if (!isObject(body)) return 'request body must be an object';
  if (body['action'] !== 'execute') return "action: only 'execute' rules are supported here";
  const parameters = body['action_parameters'];
  if (!isObject(parameters) || typeof parameters['id'] !== 'string') return 'action_parameters.id: required';
  const overrides = parameters['overrides'];
  if (overrides === undefined) return undefined;
  if (!isObject(overrides)) return 'action_parameters.overrides: must be an object';
  const categories = overrides['categories'];
  if (categories !== undefined) {
    if (!Array.isArray(categories)) return 'overrides.categories: must be an array';
    for (const entry of categories)
      if (!isObject(entry) || typeof entry['category'] !== 'string') return 'overrides.categories: category required';
  }
  const rules = overrides['rules'];
  if (rules !== undefined) {
    if (!Array.isArray(rules)) return 'overrides.rules: must be an array';
    for (const entry of rules) {
      if (!isObject(entry) || typeof entry['id'] !== 'string') return 'overrides.rules: id required';
      if (entry['action'] !== undefined && !RULE_ACTIONS.has(String(entry['action'])))
        return `overrides.rules: invalid action ${JSON.stringify(entry['action'])}`;
      const threshold = entry['score_threshold'];
      if (threshold !== undefined && !(typeof threshold === 'number' && Number.isInteger(threshold) && threshold > 0)) {
        return 'overrides.rules: score_threshold must be a positive integer';
      }
    }
  }
  return undefined;
}

const WRITABLE_RULE_FIELDS = ['action', 'action_parameters', 'expression', 'enabled', 'description', 'ref'] as const;

export interface FakeApi {
  /** `http://127.0.0.1:<port>/client/v4` */
  readonly baseUrl: string;
  readonly state: FakeState;
  /** Every request received, in order, including failed ones. */
  readonly requests: RecordedRequest[];
  /** The requests that are not GETs. */
  writes(): RecordedRequest[];
  /** `METHOD path` of every request, for asserting the exact sequence. */
  calls(): string[];
  /** Forgets the failures not yet used: the API is healthy again. */
  clearFailures(): void;
  /** Answers the next `times` matching requests with `failure`. */
  failNext(
    matcher: RequestMatcher,
    failure: Failure,
    options?: { times?: number; beforeFailing?: (state: FakeState) => void },
  ): void;
  /**
   * Interleaves `clients` concurrent clients on purpose, so that a race happens every time rather
   * than by chance: every request is held until each live client has one waiting, then the round is
   * answered, the reads first (all from the state before the round's writes), then the writes, in a
   * fixed order (by path and body). Each client sends one request at a time; one that is done calls
   * `leave()`. The API's semantics are unchanged: this only chooses one of the orders in which the
   * server may serve requests that arrive together.
   */
  interleave(clients: number): void;
  /** A client of `interleave` is done: the rounds wait for one client fewer. */
  leave(): void;
  /** The OWASP execute rule as currently stored (or undefined). */
  owaspExecuteRule(): JsonObject | undefined;
  close(): Promise<void>;
}

export async function startFakeApi(options: { state?: FakeState; token?: string } = {}): Promise<FakeApi> {
  const state = options.state ?? defaultState();
  const token = options.token ?? TEST_TOKEN;
  const requests: RecordedRequest[] = [];
  const failures: QueuedFailure[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const notFound = (message = 'No route for that URI', code = 7003): Reply => errorReply(404, [{ code, message }]);

  function route(method: string, path: string, body: unknown): Reply {
    const segments = path.split('?')[0]!.split('/').filter(Boolean);
    const [root, owner, collection, ...rest] = segments;
    if (root === 'accounts' && collection === 'rulesets') {
      if (owner !== state.accountId) return errorReply(403, [{ code: 10000, message: 'Authentication error' }]);
      if (method !== 'GET') return errorReply(405, [{ code: 10405, message: 'Method not allowed' }]);
      if (rest.length === 0) {
        return envelope(
          state.accountRulesets.map((ruleset) =>
            Object.fromEntries(Object.entries(ruleset).filter(([field]) => field !== 'rules')),
          ),
        );
      }
      if (rest.length === 1) {
        const ruleset = state.accountRulesets.find((candidate) => candidate['id'] === rest[0]);
        return ruleset ? envelope(ruleset) : notFound('could not find ruleset', 10001);
      }
      return notFound();
    }
    if (root === 'zones' && collection === 'rulesets') {
      if (owner !== state.zoneId)
        return notFound('Could not route to /zones, perhaps your object identifier is invalid?', 7003);
      // Endpoint 3
      if (rest.length === 3 && rest[0] === 'phases' && rest[2] === 'entrypoint') {
        if (method !== 'GET') return errorReply(405, [{ code: 10405, message: 'Method not allowed' }]);
        if (rest[1] !== PHASE || state.entrypoint === null) {
          return notFound(`could not find entrypoint ruleset in the '${rest[1] ?? ''}' phase`, 10003);
        }
        return envelope(state.entrypoint);
      }
      // Create-ruleset (not in the spec): only used to create the missing entry point.
      if (rest.length === 0 && method === 'POST') {
        if (!isObject(body) || body['kind'] !== 'zone' || body['phase'] !== PHASE || !Array.isArray(body['rules'])) {
          return errorReply(400, [{ code: 20003, message: 'a zone ruleset needs kind zone, a phase and rules' }]);
        }
        if (state.entrypoint !== null) {
          return errorReply(400, [
            { code: 20217, message: `a ruleset of kind zone already exists for phase ${PHASE}` },
          ]);
        }
        for (const rule of body['rules']) {
          const problem = ruleBodyProblem(rule);
          if (problem) return errorReply(400, [{ code: 20021, message: problem }]);
        }
        state.entrypoint = {
          ...body,
          id: newId(),
          version: '1',
          last_updated: NOW,
          rules: body['rules'].map((rule) => ({
            ...(rule as JsonObject),
            id: newId(),
            version: '1',
            last_updated: NOW,
          })),
        };
        return envelope(state.entrypoint);
      }
      const entrypoint = state.entrypoint;
      if (rest.length >= 2 && rest[1] === 'rules') {
        if (entrypoint === null || rest[0] !== entrypoint['id']) return notFound('could not find ruleset', 10001);
        const rules = entrypoint['rules'] as JsonObject[];
        // Create-rule (not in the spec).
        if (rest.length === 2 && method === 'POST') {
          const problem = ruleBodyProblem(body);
          if (problem) return errorReply(400, [{ code: 20021, message: problem }]);
          rules.push({ ...(body as JsonObject), id: newId(), version: '1', last_updated: NOW });
          entrypoint['version'] = bump(entrypoint['version']);
          return envelope(entrypoint);
        }
        // Endpoint 4.
        if (rest.length === 3 && method === 'PATCH') {
          const rule = rules.find((candidate) => candidate['id'] === rest[2]);
          if (!rule) return notFound('could not find rule', 10002);
          const problem = ruleBodyProblem(body);
          if (problem) return errorReply(400, [{ code: 20021, message: problem }]);
          const update = body as JsonObject;
          for (const field of WRITABLE_RULE_FIELDS) {
            const value = update[field];
            if (value !== undefined) rule[field] = value;
          }
          rule['version'] = bump(rule['version']);
          rule['last_updated'] = '2024-05-02T10:00:00.000000Z';
          entrypoint['version'] = bump(entrypoint['version']);
          return envelope(entrypoint);
        }
        // Delete-rule (not in the spec).
        if (rest.length === 3 && method === 'DELETE') {
          const index = rules.findIndex((candidate) => candidate['id'] === rest[2]);
          if (index < 0) return notFound('could not find rule', 10002);
          rules.splice(index, 1);
          entrypoint['version'] = bump(entrypoint['version']);
          return envelope(entrypoint);
        }
        return errorReply(405, [{ code: 10405, message: 'Method not allowed' }]);
      }
    }
    return notFound();
  }

  function handle(request: RecordedRequest): Reply {
    if (request.headers['authorization'] !== `Bearer ${token}`) {
      return errorReply(401, [{ code: 10000, message: 'Authentication error' }]);
    }
    if (request.headers['transfer-encoding'] !== undefined && request.headers['content-length'] !== undefined) {
      return errorReply(400, [{ code: 400, message: 'Transfer-Encoding together with Content-Length is declined' }]);
    }
    if (request.bodyText.length > 0) {
      if (!String(request.headers['content-type'] ?? '').startsWith('application/json')) {
        return errorReply(415, [{ code: 10026, message: 'Content-Type must be application/json' }]);
      }
      if (request.body === undefined)
        return errorReply(400, [{ code: 10026, message: 'could not parse the request body as JSON' }]);
    }
    return route(request.method, request.path, request.body);
  }

  function takeFailure(request: RecordedRequest): QueuedFailure | undefined {
    const index = failures.findIndex(({ matcher }) => {
      if (matcher.method !== undefined && matcher.method !== request.method) return false;
      if (matcher.path === undefined) return true;
      return typeof matcher.path === 'string' ? matcher.path === request.path : matcher.path.test(request.path);
    });
    const queued = failures[index];
    if (queued === undefined) return undefined;
    queued.remaining -= 1;
    if (queued.remaining <= 0) failures.splice(index, 1);
    return queued;
  }

  function send(response: http.ServerResponse, reply: Reply): void {
    response.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers });
    response.end(reply.body);
  }

  function later(ms: number, action: () => void): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      action();
    }, ms);
    timers.add(timer);
  }

  /** Requests held by `interleave` until every live client has one waiting. */
  let rounds: { live: number; held: { request: RecordedRequest; answer: () => void }[] } | undefined;

  function answerRound(): void {
    if (rounds === undefined || rounds.held.length === 0 || rounds.held.length < rounds.live) return;
    const key = ({ request }: { request: RecordedRequest }) =>
      `${request.method === 'GET' ? 0 : 1} ${request.method} ${request.path} ${request.bodyText}`;
    const round = rounds.held.splice(0).sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    for (const { answer } of round) answer();
  }

  const server = http.createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const bodyText = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = bodyText.length > 0 ? JSON.parse(bodyText) : undefined;
      } catch {
        body = undefined;
      }
      const url = incoming.url ?? '/';
      const path = url.startsWith(PREFIX) ? url.slice(PREFIX.length) : url;
      const request: RecordedRequest = {
        method: incoming.method ?? 'GET',
        path,
        headers: incoming.headers,
        bodyText,
        body,
      };
      if (rounds === undefined) {
        answer(request, url, incoming, response);
        return;
      }
      rounds.held.push({ request, answer: () => answer(request, url, incoming, response) });
      answerRound();
    });
  });

  function answer(
    request: RecordedRequest,
    url: string,
    incoming: http.IncomingMessage,
    response: http.ServerResponse,
  ): void {
    requests.push(request);
    if (!url.startsWith(`${PREFIX}/`)) {
      send(response, notFound());
      return;
    }
    const queued = takeFailure(request);
    if (queued === undefined) {
      send(response, handle(request));
      return;
    }
    const { failure } = queued;
    // The request handled (the state changed) before the failure, as when a write reached the API.
    const applied = 'apply' in failure && failure.apply === true ? handle(request) : undefined;
    queued.beforeFailing?.(state);
    switch (failure.kind) {
      case 'error-envelope':
        send(response, errorReply(failure.status, failure.errors));
        return;
      case 'rate-limit':
        send(response, {
          ...errorReply(429, [
            { code: 10429, message: 'Rate limited. Please wait and consider throttling your request speed' },
          ]),
          ...(failure.retryAfter === undefined ? {} : { headers: { 'Retry-After': failure.retryAfter } }),
        });
        return;
      case 'server-error':
        send(response, errorReply(failure.status ?? 500, [{ code: 10500, message: 'Internal server error' }]));
        return;
      case 'slow': {
        const reply = handle(request);
        later(failure.delayMs, () => {
          if (!response.destroyed) send(response, reply);
        });
        return;
      }
      case 'html': {
        const echoed = failure.echoAuthorization
          ? `<p>Request header: Authorization: ${request.headers['authorization'] ?? ''}</p>`
          : '';
        response.writeHead(failure.status, { 'Content-Type': 'text/html; charset=utf-8' });
        response.end(
          `<!DOCTYPE html>\n<html><head><title>${failure.status} Bad Gateway</title></head>\n<body><h1>${failure.status} Bad Gateway</h1>${echoed}<hr>proxy</body></html>\n`,
        );
        return;
      }
      case 'drop':
        incoming.socket.destroy();
        return;
      case 'redirect':
        response.writeHead(failure.status, { Location: failure.location });
        response.end();
        return;
      case 'huge': {
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        response.writeHead(200, {
          'Content-Type': 'application/json',
          ...(failure.declared ? { 'Content-Length': String(failure.bytes) } : {}),
        });
        let sent = 0;
        const more = (): void => {
          while (sent < failure.bytes && !response.destroyed) {
            const piece = chunk.subarray(0, Math.min(chunk.length, failure.bytes - sent));
            sent += piece.length;
            if (!response.write(piece)) {
              response.once('drain', more);
              return;
            }
          }
          if (!response.destroyed) response.end();
        };
        response.on('close', () => (sent = failure.bytes));
        more();
        return;
      }
      case 'held':
        failure.onHeld?.();
        void failure.until.then(() => {
          if (!response.destroyed) send(response, handle(request));
        });
        return;
      case 'silent':
        // The socket stays open until the client gives up or the fake closes.
        return;
      case 'truncated-json': {
        const reply = applied ?? handle(request);
        const half = Buffer.from(reply.body).subarray(0, Math.floor(Buffer.byteLength(reply.body) / 2));
        const length = failure.cut === 'declared' ? half.length : Buffer.byteLength(reply.body);
        response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(length) });
        if (failure.cut === 'declared') response.end(half);
        else response.write(half, () => incoming.socket.destroy());
        return;
      }
    }
  }
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}${PREFIX}`,
    state,
    requests,
    writes: () => requests.filter((request) => request.method !== 'GET'),
    calls: () => requests.map((request) => `${request.method} ${request.path}`),
    failNext(matcher, failure, failOptions = {}) {
      failures.push({ matcher, failure, remaining: failOptions.times ?? 1, beforeFailing: failOptions.beforeFailing });
    },
    clearFailures() {
      failures.splice(0);
    },
    interleave(clients) {
      rounds = { live: clients, held: [] };
    },
    leave() {
      if (rounds === undefined) return;
      rounds.live -= 1;
      answerRound();
    },
    owaspExecuteRule() {
      const rules = (state.entrypoint?.['rules'] ?? []) as JsonObject[];
      return rules.find((rule) => isObject(rule['action_parameters']) && rule['action_parameters']['id'] === IDS.owasp);
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Paths of the spec's endpoints for the default ids, for exact assertions. */
export const PATHS = {
  list: `/accounts/${IDS.account}/rulesets`,
  owasp: `/accounts/${IDS.account}/rulesets/${IDS.owasp}`,
  entrypoint: `/zones/${IDS.zone}/rulesets/phases/${PHASE}/entrypoint`,
  owaspRule: `/zones/${IDS.zone}/rulesets/${IDS.entrypoint}/rules/${IDS.executeOwasp}`,
  createRule: `/zones/${IDS.zone}/rulesets/${IDS.entrypoint}/rules`,
  createRuleset: `/zones/${IDS.zone}/rulesets`,
} as const;
