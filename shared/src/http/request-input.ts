import express, { type Request, type RequestHandler } from 'express';
import { BadRequest } from '../errors';
import { checkPath, checkQuery, parseJsonBody } from './untrusted-input';

declare module 'express-serve-static-core' {
  interface Request {
    /** The body bytes exactly as received; undefined when the request had no body. */
    rawBody?: Buffer;
  }
}

/** Refuses a path with malformed percent-encoding or a NUL, and query parameters with NUL or unpaired surrogates. */
export const rejectUnsafeUrl: RequestHandler = (req, _res, next) => {
  checkPath(req.path);
  checkQuery(req.query as Record<string, unknown>);
  next();
};

function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)/i;

/**
 * Reads a request body once, whatever the method: JSON only (`application/json`, matched
 * ignoring case, UTF-8), uncompressed, at most `limit`; CSV_UPLOAD alone takes `text/csv`, kept
 * as bytes. Leaves the exact bytes in `req.rawBody`
 * (for forwarding and signing) and the parsed value in `req.body`; everything else is a 400
 * naming the problem (see parseJsonBody).
 */
/**
 * The one upload that is not JSON: a CSV file for POST /imports (docs/csv.md), read as bytes (the
 * route decodes and parses it) with a limit of its own. Gateway and services agree on it.
 */
export const CSV_UPLOAD = { method: 'POST', path: '/imports', limit: '32mb' } as const;

function isCsvUpload(req: Request): boolean {
  return req.method === CSV_UPLOAD.method && req.path === CSV_UPLOAD.path;
}

export function jsonBody(limit: string | number): RequestHandler {
  // Compression is refused before reading: an inflater would need its own size and ratio limits.
  const readBytes = express.raw({ type: () => true, limit, inflate: false });
  const readCsv = express.raw({ type: () => true, limit: CSV_UPLOAD.limit, inflate: false });
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    const encoding = req.headers['content-encoding'];
    if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
      return next(new BadRequest('Compressed request bodies are not accepted: send the JSON uncompressed, without a Content-Encoding header.', 'Content-Encoding'));
    }
    if (isCsvUpload(req)) {
      if (!req.is('text/csv')) return next(new BadRequest('Content-Type must be text/csv: send the file itself as the body.', 'Content-Type'));
      return readCsv(req, res, (err?: unknown) => {
        if (err) return next(err);
        req.rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        req.body = undefined;
        next();
      });
    }
    if (!req.is('application/json')) return next(new BadRequest('Content-Type must be application/json.', 'Content-Type'));
    const charset = CHARSET.exec(req.headers['content-type'] ?? '')?.[1];
    if (charset !== undefined && !/^utf-?8$/i.test(charset)) return next(new BadRequest(`Unsupported charset "${charset}": send UTF-8 JSON.`, 'Content-Type'));
    readBytes(req, res, (err?: unknown) => {
      if (err) return next(err);
      const raw: unknown = req.body;
      if (!Buffer.isBuffer(raw) || raw.length === 0) {
        req.body = undefined;
        return next();
      }
      req.rawBody = raw;
      try {
        req.body = parseJsonBody(raw);
      } catch (parseError) {
        return next(parseError);
      }
      next();
    });
  };
}
