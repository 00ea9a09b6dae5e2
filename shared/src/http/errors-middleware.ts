import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError, BadRequest, InternalError, NotFound, RateLimited } from '../errors';
import type { Logger } from '../logger';

/** Errors raised by Express's body parser, by their `type`. */
const BODY_ERRORS: Record<string, (err: { limit?: number; message: string }) => AppError> = {
  'entity.parse.failed': () => new BadRequest('Request body is not valid JSON.'),
  'entity.too.large': (err) => new BadRequest(`Request body is too large; the limit is ${err.limit ?? 'exceeded'} bytes.`),
  'encoding.unsupported': () => new BadRequest('Unsupported Content-Encoding.'),
  'charset.unsupported': () => new BadRequest('Unsupported charset; send UTF-8 JSON.'),
  'request.aborted': () => new BadRequest('Request body was aborted.'),
};

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new NotFound(`Route ${req.method} ${req.path}`));
};

/**
 * The single mapping from errors to the envelope. Known errors keep their code and message;
 * everything else is logged with its stack and answered as a bare 500 with no detail.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) return next(err);
    const bodyError = typeof err?.type === 'string' ? BODY_ERRORS[err.type] : undefined;
    const appError: AppError = err instanceof AppError ? err : bodyError ? bodyError(err) : new InternalError();
    if (appError.status >= 500) logger.error({ err, method: req.method, path: req.path }, 'request failed');
    if (appError instanceof RateLimited) res.setHeader('Retry-After', String(appError.retryAfterSeconds));
    res.status(appError.status).json(appError.toEnvelope());
  };
}
