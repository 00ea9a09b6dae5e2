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
      'A change of an item or a location needs only the service that owns it (the catalog, the locations service): it commits with an event that takes the workspace\'s next owner position, and every later call of the workspace, whichever key makes it, carries that position. ' +
      'The stock service decides only from copies that have applied it: a stock call first waits for its copies to catch up (3 s at most by default, and within its deadline), and while they cannot (RabbitMQ or the owner away, a change held back) it answers the retryable 429 naming what holds them back, and nothing was changed. ' +
      'Two changes need the stock service\'s answer before they commit, and answer that 429 while it cannot be reached, nothing changed: opening stock (`POST /items` or `/items/bulk` with a quantity) and making an item catalog-only (`trackStock: false`, refused while it has stock).',
    '# Overload',
    'Every call may answer **429 `rate_limit_exceeded` with `Retry-After`** (whole seconds): the key\'s rate limit, or the API refusing the call to keep up, for one of four more causes. ' +
      'Each cause has one message, which says which it is and ends by saying what is known of the outcome: "nothing was changed." only when that is certain (the call never reached a process that could commit it, or its transaction rolled back); ' +
      'otherwise "it may have been done: send it again with the same Idempotency-Key (a POST) or as it is (a PUT, PATCH or DELETE), which is safe."',
    [
      '| Cause | Message | Outcome | Retry-After |',
      '|---|---|---|---|',
      '| The key\'s rate limit (`X-RateLimit-Remaining: 0`) | `Rate limit exceeded; retry in N seconds.` | nothing was done: the call was refused before any work | until a call leaves the key\'s rolling minute |',
      '| Past capacity: admission control refusing new calls rather than queue them (by the measured latency of the calls it admits); a service whose database connections all stay busy, or whose statement ran past its timeout; a stock-health read whose copy of stock is still too far behind; an export past the two one process streams at once | `… is past its capacity right now; nothing was changed.` | nothing was changed | admission control\'s, 1 to 30 s (longer the more the demand exceeds what it admits); otherwise 1 s |',
      '| Contention: another call holds the same stock, item, location or job | `Another request was changing … at the same moment (contention); nothing was changed.` | nothing was changed | 1 s |',
      '| A dependency away: PostgreSQL, RabbitMQ, Redis where it guards a rule, or a service, restarting, failing over or unreachable | `… is unavailable (restarting, failing over or unreachable); …` | nothing was changed, unless the call had reached a process that could commit it and what happened next is unknown (PostgreSQL lost during its COMMIT, a service lost after the call was sent to it, a command sent and not answered): then it may have been done | 2 s |',
      '| The deadline: the call ran out of its 10 s | `The request ran out of its deadline before …; …` | nothing was changed when its work had not started; it may have been done when a service or a command had it and had not answered | 1 s |',
    ].join('\n'),
    'Every call has a deadline of 10 s from the moment the API has the whole request: it answers within it, with its answer or with this 429, and work whose caller has stopped waiting is not started. ' +
      'What to do: wait `Retry-After` seconds (plus a little random jitter), then send the same request again: a POST **with the same `Idempotency-Key`**, which makes the retry of a call that took effect answer the first answer instead of doing it twice; a PUT, PATCH or DELETE as it is. ' +
      'A capacity refusal of the gateway does not use one of the key\'s calls; refusals from behind it (a service at its capacity, contention, a dependency, the deadline) were counted like any call that reached the API. ' +
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
