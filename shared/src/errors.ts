import { printable } from './printable-text';

/** Error codes of the spec's table, each with its one HTTP status. */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  exceeded_limit: 403,
  not_found: 404,
  conflict: 409,
  invite_expired: 410,
  unprocessable_entity: 422,
  rate_limit_exceeded: 429,
  internal_server_error: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** What each code means and what to do about it: the Errors section of /docs, one heading per code. */
export const ERROR_DOCS: Record<ErrorCode, string> = {
  bad_request: 'The request is malformed or invalid: a parameter or body field fails validation, the body is not UTF-8 JSON, or it is too large. `param` names the offending field. Fix the request; retrying it unchanged fails again.',
  unauthorized: 'No valid API key: send `Authorization: Bearer <key>` once, with a key that exists and is not revoked.',
  forbidden: "The key's scopes, the member's role or its location access do not allow this call, or a restricted key names another workspace.",
  exceeded_limit:
    "The workspace's plan limit for this resource is reached. The message names the limit and what to do: move the workspace to a larger plan (an operator runs `npm run -s admin -- plan:set --workspace <id> --plan <plan>`), or free some of the resource first (delete locations or webhook endpoints, split an import file, or wait for the next billing cycle for transfers).",
  not_found: 'The route, or the resource in this workspace, does not exist. Another workspace\'s resources answer exactly like missing ones.',
  conflict: 'The request conflicts with the current state: a duplicate SKU or external id, a transfer no longer pending, an `Idempotency-Key` reused with another body, a location that still holds stock.',
  invite_expired: 'The invitation has expired.',
  unprocessable_entity: 'The request is well formed but cannot be applied: insufficient available stock, unknown tag ids or names, a destination location that is inactive or closed.',
  rate_limit_exceeded:
    'Not now; the same request will succeed later. Wait the `Retry-After` seconds, then send it again (with the same `Idempotency-Key` for a POST, so it takes effect at most once). Either the key (or, without a valid key, the client address) used its calls for the rolling minute, ' +
    'or the API refused the call to keep up under load: it is past its capacity, the item or location is being changed by another call (contention), a dependency is failing over or briefly unreachable, or the request ran out of its 10 s deadline. ' +
    'The message says which, and ends with what is known of the outcome: "nothing was changed" only when that is certain; "it may have been done" when the call had reached a process that could commit it and what happened next is unknown (a dependency lost while it committed, a service or a command that had it and had not answered by the deadline). Either way the retry is safe: a POST with the same key answers the first answer if it took effect, a PUT, PATCH or DELETE sent as it is sets the same state (a DELETE that took effect answers 404). ' +
    'The key\'s own limit answers `X-RateLimit-Remaining: 0` and "Rate limit exceeded"; a capacity refusal of the gateway does not use one of the key\'s calls. See the Overload section.',
  internal_server_error: 'Something failed on our side that retrying will not fix by itself: a bug. The answer carries no detail; quote the `X-Request-Id` header: the logs hold the cause under it. Retrying with the same `Idempotency-Key` is safe.',
};

/**
 * Where a code's section of the API reference is: relative to the API's own base URL, so it
 * holds behind any proxy or host name without configuration. The anchor is the one the
 * /docs page (Redoc) gives the code's heading in the document description's Errors section.
 */
export function docUrl(code: ErrorCode): string {
  return `/docs#section/Errors/${code}`;
}

/** The Errors section of the API description (Markdown): the envelope, then one heading per code. */
export function errorReferenceMarkdown(): string {
  const codes = (Object.keys(ERROR_STATUS) as ErrorCode[]).map((code) => `## ${code}\n\nHTTP ${ERROR_STATUS[code]}. ${ERROR_DOCS[code]}`);
  return [
    '# Errors',
    'Every error answers `{"error": {"code", "message", "param"?, "doc_url"}}`. `code` is one of the headings below; `message` is a sentence for people; ' +
      '`param` names the offending input when one is to blame (`lines[0].quantity` in the body, `tagIds` in the query, `itemId` in the path, `Idempotency-Key` among the headers), as Stripe does; ' +
      '`doc_url` links to the code\'s heading here (`/docs#section/Errors/<code>`, relative to the API\'s base URL).',
    ...codes,
  ].join('\n\n');
}

export interface ErrorEnvelope {
  error: { code: ErrorCode; message: string; param?: string; doc_url: string };
}

/**
 * The one error family. Anything thrown that is not an AppError becomes a generic 500.
 * `message` and `param` often echo what a request sent (a parameter's name, an unknown key);
 * both are kept printable here, the one place every envelope is made, so no control character,
 * NUL or bidi override comes back to the client or into the logs (see printable).
 */
export class AppError extends Error {
  readonly status: number;
  /** The request input to blame (`lines[0].quantity`, `cursor`, `workspaceId`), when one is. */
  readonly param: string | undefined;
  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown; param?: string },
  ) {
    super(printable(message), options);
    this.name = new.target.name;
    this.status = ERROR_STATUS[code];
    this.param = options?.param === undefined ? undefined : printable(options.param);
  }

  toEnvelope(): ErrorEnvelope {
    return { error: { code: this.code, message: this.message, ...(this.param === undefined ? {} : { param: this.param }), doc_url: docUrl(this.code) } };
  }
}

export class BadRequest extends AppError {
  /** `param` names the offending parameter, body field or header. */
  constructor(message: string, param?: string) {
    super('bad_request', message, param === undefined ? undefined : { param });
  }
}
export class Unauthorized extends AppError {
  constructor(message = 'A valid API key is required: send "Authorization: Bearer <key>".') {
    super('unauthorized', message);
  }
}
export class Forbidden extends AppError {
  constructor(message: string) {
    super('forbidden', message);
  }
}
/** A plan's limit is reached; the message says what the caller can do (plans.ts words it: limitExceeded). */
export class LimitExceeded extends AppError {
  constructor(message: string) {
    super('exceeded_limit', message);
  }
}
export class NotFound extends AppError {
  constructor(what: string) {
    super('not_found', `${what} not found.`);
  }
}
export class Conflict extends AppError {
  /** `param` names the request field to blame, when one is (`lines[0].serials`). */
  constructor(message: string, param?: string) {
    super('conflict', message, param === undefined ? undefined : { param });
  }
}
export class Unprocessable extends AppError {
  /** `param` names the request field to blame, when one is (`lines[2].quantity`). */
  constructor(message: string, param?: string) {
    super('unprocessable_entity', message, param === undefined ? undefined : { param });
  }
}
/**
 * What a retryable refusal can truthfully say about the request: `unchanged` only when it is
 * certain that nothing was done (the request never reached a process that could commit it, or
 * its transaction rolled back); `unknown` when it may have been done (it reached a process that
 * could commit it, and what happened next is not known).
 */
export type RefusalOutcome = 'unchanged' | 'unknown';

/** How a refusal ends, by what it knows of the outcome: one wording for each. */
const OUTCOME_WORDING: Record<RefusalOutcome, string> = {
  unchanged: 'nothing was changed.',
  unknown: 'it may have been done: send it again with the same Idempotency-Key (a POST) or as it is (a PUT, PATCH or DELETE), which is safe.',
};

/** Why a request was refused with the retryable 429: the metric label of each refusal, and the cause docs/overload.md lists. */
export type RefusalCause = 'rate_limit' | 'capacity' | 'contention' | 'dependency' | 'deadline';

/**
 * A refusal the caller should send again after `retryAfterSeconds` (the answer's Retry-After):
 * 429 `rate_limit_exceeded`, the spec's one retryable code. One subclass per cause, each with one
 * wording and one Retry-After rule (docs/overload.md); a refusal answered by another service
 * (appErrorFrom) keeps its words and Retry-After but not its class.
 */
export class RetryLater extends AppError {
  readonly retryAfterSeconds: number;
  /** The cause, for metrics; undefined for a refusal rebuilt from another service's answer. */
  readonly refusal: RefusalCause | undefined;
  constructor(message: string, retryAfterSeconds: number, options?: { cause?: unknown }) {
    super('rate_limit_exceeded', message, options);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

const seconds = (n: number) => Math.max(1, Math.ceil(n));

/** The key (or address) used its calls for the rolling minute. Retry-After: until a call leaves the window. */
export class RateLimited extends RetryLater {
  override readonly refusal: RefusalCause = 'rate_limit';
  constructor(retryAfterSeconds: number) {
    super(`Rate limit exceeded; retry in ${seconds(retryAfterSeconds)} seconds.`, retryAfterSeconds);
  }
}

/**
 * The API, or one service, has more work than it can take now (admission control, a full
 * connection queue); nothing was started. Retry-After: the admission control's estimate where it
 * refuses (1 s and up, longer the more the demand exceeds what is admitted), else 1 s.
 */
export class PastCapacity extends RetryLater {
  override readonly refusal: RefusalCause = 'capacity';
  constructor(what: string, retryAfterSeconds = 1) {
    super(`${what} is past its capacity right now; nothing was changed. Retry in ${seconds(retryAfterSeconds)} s.`, retryAfterSeconds);
  }
}

/**
 * Another request holds what this one needs (a row or lock past the lock wait, a job or a
 * replenishment source that kept changing, an item being made catalog-only). Retry-After: 1 s.
 */
export class Contention extends RetryLater {
  override readonly refusal: RefusalCause = 'contention';
  constructor(what: string, options?: { cause?: unknown }) {
    super(`Another request was changing ${what} at the same moment (contention); nothing was changed. Retry in 1 s.`, 1, options);
  }
}

/**
 * A dependency the request needs is away: restarting, failing over or unreachable (PostgreSQL,
 * RabbitMQ, Redis where it guards a rule, a service). Retry-After: 2 s.
 */
export class DependencyAway extends RetryLater {
  override readonly refusal: RefusalCause = 'dependency';
  constructor(what: string, outcome: RefusalOutcome, options?: { cause?: unknown }) {
    super(`${what} is unavailable (restarting, failing over or unreachable); ${OUTCOME_WORDING[outcome]} Retry in 2 s.`, 2, options);
  }
}

/** The request ran out of its deadline before `what` (docs/overload.md). Retry-After: 1 s. */
export class DeadlinePassed extends RetryLater {
  override readonly refusal: RefusalCause = 'deadline';
  constructor(what: string, outcome: RefusalOutcome) {
    super(`The request ran out of its deadline before ${what}; ${OUTCOME_WORDING[outcome]} Retry in 1 s.`, 1);
  }
}

export class InternalError extends AppError {
  constructor(message = 'An unexpected error occurred; the request id identifies it in our logs.') {
    super('internal_server_error', message);
  }
}

/** Rebuilds an AppError from its serialised form (a request/reply error or a service's envelope); a retryable one keeps its Retry-After. */
export function appErrorFrom(code: string, message: string, retryAfterSeconds?: number): AppError {
  if (code === 'rate_limit_exceeded') return new RetryLater(message, retryAfterSeconds ?? 1);
  return code in ERROR_STATUS ? new AppError(code as ErrorCode, message) : new InternalError();
}

export function toAppError(err: unknown): AppError {
  return err instanceof AppError ? err : new InternalError();
}
