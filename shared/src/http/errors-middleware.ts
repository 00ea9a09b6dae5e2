import type { ErrorRequestHandler, RequestHandler } from 'express';
import { databaseRefusal } from '../db/refusals';
import { AppError, BadRequest, InternalError, NotFound, RetryLater } from '../errors';
import type { Logger } from '../logger';

/** Errors raised by Express's body reader (express.raw), by their `type`. */
const BODY_ERRORS: Record<string, (err: { limit?: number; message: string }) => AppError> = {
  'entity.too.large': (err) => new BadRequest(`Request body is too large; the limit is ${err.limit ?? 'exceeded'} bytes.`),
  'request.size.invalid': () => new BadRequest('Request body length does not match its Content-Length.'),
  'request.aborted': () => new BadRequest('Request body was aborted.'),
};

/**
 * An Express error as the envelope's error; URIError is how routing reports malformed
 * percent-encoding in a path parameter; a database failure that will pass is a retryable refusal.
 */
function toEnvelopeError(err: unknown, service: string): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof URIError) return new BadRequest('Invalid request path: it is not valid percent-encoded UTF-8.');
  const type = (err as { type?: unknown } | null)?.type;
  const bodyError = typeof type === 'string' ? BODY_ERRORS[type] : undefined;
  return bodyError ? bodyError(err as { limit?: number; message: string }) : (databaseRefusal(err, service) ?? new InternalError());
}

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new NotFound(`Route ${req.method} ${req.path}`));
};

/**
 * The single mapping from errors to the envelope. Known errors keep their code and message;
 * everything else is answered as a bare 500 with no detail. The failure is logged once: by the
 * request logger's line for the response (error level, with the request id and the cause,
 * handed over as `res.err`), or here when no request logger runs for this request.
 */
export function errorHandler(logger: Logger, service: string): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) return next(err);
    const appError = toEnvelopeError(err, service);
    if (appError.status >= 500) {
      if (req.log) (res as { err?: unknown }).err = err;
      else logger.error({ err, method: req.method, path: req.path }, 'request failed');
    } else if (appError !== err) {
      // A failure of ours answered as a retryable refusal: the cause is worth a line of its own.
      logger.warn({ err, method: req.method, path: req.path }, 'request refused: a dependency failed in a way that passes');
    }
    if (appError instanceof RetryLater) res.setHeader('Retry-After', String(appError.retryAfterSeconds));
    res.status(appError.status).json(appError.toEnvelope());
  };
}
