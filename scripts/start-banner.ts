import path from 'node:path';

/**
 * What `npm start` prints once the gateway answers: where the API is, where to read about it
 * (the reference and the document need no key), and the commands that make a first workspace,
 * so that a first start leads to a first call rather than to a 401 in the browser.
 */
/** `certificate`: the self-signed certificate the gateway generated, when it runs on one. */
export function startBanner(options: { url: string; certificate?: string; cwd?: string }): string {
  const { url } = options;
  const certificate = options.certificate && displayedPath(options.certificate, options.cwd);
  return [
    '',
    `Inventory API ready at ${url}`,
    '',
    `  Reference (no key needed)   ${url}/docs`,
    `  OpenAPI document            ${url}/openapi.json`,
    ...(certificate ? [`  Its certificate             ${certificate} (self-signed: curl --cacert ${certificate} …, or -k)`] : []),
    '',
    '  A workspace with sample data, and its key:   npm run demo',
    '  An empty one (the pro plan holds the README quickstart):',
    '    npm run -s admin -- workspace:create --name "Acme Field Ops" --owner-email you@example.com --plan pro',
    '',
  ].join('\n');
}

/** A file as a command shown to the user names it: relative to here when it is under here (.data/tls/cert.pem), else whole. */
export function displayedPath(file: string, cwd = process.cwd()): string {
  const relative = path.relative(cwd, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}
