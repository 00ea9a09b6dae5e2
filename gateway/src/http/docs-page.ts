import { errorReferenceMarkdown } from '@inv/shared/core';
import type { Express, Response } from 'express';

/**
 * The human API reference at /docs: Redoc's standalone bundle, installed from npm and served by
 * the gateway itself, rendering /openapi.json. Nothing is loaded from another origin (no CDN,
 * no web fonts), so the page works in air-gapped installs.
 */
export const DOCS_PATH = '/docs';
const BUNDLE_PATH = `${DOCS_PATH}/redoc.standalone.js`;
const BUNDLE_FILE = require.resolve('redoc/bundles/redoc.standalone.js');

/** The reference and its bundle are public, like the document they render. */
export function isDocsPath(path: string): boolean {
  return path === DOCS_PATH || path === BUNDLE_PATH;
}

/**
 * Same origin only. Redoc (styled-components) injects its styles as <style> elements, and runs
 * its search index in a Web Worker made from a blob: URL; the page itself has no inline script.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Inventory Management API reference</title>
</head>
<body>
<redoc spec-url="/openapi.json" path-in-middle-panel="true"></redoc>
<script src="${BUNDLE_PATH}"></script>
</body>
</html>
`;

/**
 * The reference's own sections, appended to the document's description: Authentication (Redoc
 * renders the security schemes where its inject comment stands, an HTML comment elsewhere) and
 * Errors, one heading per code: the anchors every envelope's doc_url points at.
 */
export function referenceSections(): string {
  return [
    '# Authentication',
    'Every call but `GET /`, `GET /openapi.json` and this page sends `Authorization: Bearer <key>`. ' +
      'An operator creates a workspace with its owner\'s key: `npm run -s admin -- workspace:create --name N --owner-email E --plan pro` prints it once (`npm run demo` makes one with sample data). ' +
      'A full-access key (`sk_…`) acts for its user in any of the user\'s workspaces, chosen with the `workspaceId` query parameter; ' +
      'a restricted key (`rk_…`) is bound to one workspace and carries scopes. What a key may do is its scopes intersected with its user\'s role.',
    '<!-- ReDoc-Inject: <security-definitions> -->',
    '# Consistency',
    'A rule that depends on another part of the API holds from the moment the change it depends on was answered, for every caller: ' +
      'once `PATCH /locations/{id}` with `active: false` answered 200, no transfer or receipt into that location is accepted, and once `PATCH /items/{itemId}` changed `trackStock`, the next movement obeys it. ' +
      'Item SKUs and descriptions and location names and types shown on transfers reflect every change answered before the call. ' +
      'Stock health (`stockHealth`, and `locationId` on `GET /items` and `GET /items/count`) reflects every stock change your API key made before the call; other keys\' changes reach it within a second. ' +
      'A change of a location\'s name, type or active flag, or of an item\'s SKU, description or trackStock, is confirmed with the stock service before it is answered: while that service cannot be reached it answers the retryable 429 naming it, and nothing changes.',
    '# Overload',
    'Every call may answer **429 `rate_limit_exceeded` with `Retry-After`** for a reason other than the key\'s rate limit: the API is past its capacity and refuses new calls at once rather than queue them (admission control, by the measured latency of the calls it admits); ' +
      'another call is changing the same stock, item or location (contention); a dependency is failing over or briefly unreachable (PostgreSQL, RabbitMQ, one of the services); or the call ran out of its deadline. ' +
      'Every call has a deadline of 10 s from the moment the API has the whole request: it answers within it, with its answer or with this 429, and work whose caller has stopped waiting is not started. ' +
      'Such a refusal changed nothing, says why in its message, does not use one of the key\'s calls (`X-RateLimit-Remaining` stays above 0, which tells it from the key\'s own limit), and the same request succeeds later: wait `Retry-After` seconds (plus a little random jitter), then send it again. ' +
      'Send a POST again **with the same `Idempotency-Key`**: when a call ran out of its deadline while its write was committing, the write may have taken effect, and the key makes the retry answer the first answer instead of doing it twice. ' +
      'The typed client (`@inv/client`) does all of this by itself. A 500 is never an overload: it is a bug, reported under its `X-Request-Id`.',
    errorReferenceMarkdown(),
  ].join('\n\n');
}

function securityHeaders(res: Response): void {
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
}

export function docsRoutes(app: Express): void {
  app.get(DOCS_PATH, (_req, res) => {
    securityHeaders(res);
    res.type('html').send(PAGE);
  });
  app.get(BUNDLE_PATH, (_req, res, next) => {
    securityHeaders(res);
    res.sendFile(BUNDLE_FILE, { maxAge: '1h', headers: { 'Content-Type': 'text/javascript; charset=utf-8' } }, (err) => {
      if (err) next(err);
    });
  });
}
