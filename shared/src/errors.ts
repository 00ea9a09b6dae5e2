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

export interface ErrorEnvelope {
  error: { code: ErrorCode; message: string; doc_url?: string };
}

/** The one error family. Anything thrown that is not an AppError becomes a generic 500. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
    this.status = ERROR_STATUS[code];
  }

  toEnvelope(): ErrorEnvelope {
    return { error: { code: this.code, message: this.message } };
  }
}

export class BadRequest extends AppError {
  constructor(message: string) {
    super('bad_request', message);
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
export class LimitExceeded extends AppError {
  constructor(resource: string, limit: number, plan: string) {
    super('exceeded_limit', `The ${plan} plan allows ${limit} ${resource}; upgrade the plan or remove some first.`);
  }
}
export class NotFound extends AppError {
  constructor(what: string) {
    super('not_found', `${what} not found.`);
  }
}
export class Conflict extends AppError {
  constructor(message: string) {
    super('conflict', message);
  }
}
export class Unprocessable extends AppError {
  constructor(message: string) {
    super('unprocessable_entity', message);
  }
}
export class RateLimited extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limit_exceeded', `Rate limit exceeded; retry in ${retryAfterSeconds} seconds.`);
  }
}
export class InternalError extends AppError {
  constructor(message = 'An unexpected error occurred; the request id identifies it in our logs.') {
    super('internal_server_error', message);
  }
}

/** Rebuilds an AppError from its serialised form (a request/reply error or a service's envelope). */
export function appErrorFrom(code: string, message: string): AppError {
  return code in ERROR_STATUS ? new AppError(code as ErrorCode, message) : new InternalError();
}

export function toAppError(err: unknown): AppError {
  return err instanceof AppError ? err : new InternalError();
}
