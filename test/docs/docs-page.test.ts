import { createHash, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Request as BrowserRequest } from 'playwright-core';
import { gatewayUrl, request } from '../support/api';

const SCREENSHOT = path.resolve(__dirname, '../artifacts/docs.png');
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Chromium trusts exactly this run's self-signed gateway certificate, by its public key. */
function pinnedCertificateArg(): string {
  const cert = new X509Certificate(fs.readFileSync(process.env.TEST_GATEWAY_CA!, 'utf8'));
  const spki = cert.publicKey.export({ type: 'spki', format: 'der' });
  return `--ignore-certificate-errors-spki-list=${createHash('sha256').update(spki).digest('base64')}`;
}

function leavesLoopback(req: BrowserRequest): boolean {
  const url = new URL(req.url());
  if (url.protocol === 'data:' || url.protocol === 'blob:') return false;
  return !LOOPBACK.has(url.hostname);
}

describe('GET /docs, the human API reference', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', pinnedCertificateArg()],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('when opened with no key in a real browser, then operations, the authentication section and an error code section render from local files only', async () => {
    const page = await browser.newPage();
    const requests: BrowserRequest[] = [];
    const cspViolations: string[] = [];
    page.context().on('request', (req) => requests.push(req));
    page.on('console', (msg) => {
      if (/Content.Security.Policy/i.test(msg.text())) cspViolations.push(msg.text());
    });

    const served = await page.goto(`${gatewayUrl()}/docs`);
    expect(served?.status()).toBe(200);
    expect(served?.headers()['content-security-policy']).toMatch(/default-src 'none'/);

    const { body: document } = await request('GET', '/openapi.json');
    // Operations, and the webhook events (the document's webhooks section), each a section of its own.
    const summaries: string[] = [...Object.values<Record<string, { summary: string }>>(document.paths), ...Object.values<Record<string, { summary: string }>>(document.webhooks)].flatMap((ops) => Object.values(ops).map((op) => op.summary));
    await page.locator('h2', { hasText: summaries[0] }).first().waitFor({ state: 'visible', timeout: 20_000 });
    await expect(page.locator('[id="section/Authentication"]').getByText('bearer', { exact: false }).first().isVisible()).resolves.toBe(true);
    await expect(page.locator('[id="section/Authentication/bearer"]').first().isVisible()).resolves.toBe(true);
    // An operation's section is tag/<tag>/operation/<operationId> (tag/<tag>/paths/<path>/<verb> without an operationId).
    const sectionIds = await page.locator('[data-section-id^="tag/"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-section-id') ?? ''));
    const operations = new Set(sectionIds.filter((id) => /^tag\/[^/]+\/(operation|paths)\//.test(id))).size;
    expect(operations).toBe(summaries.length);

    // An error's doc_url, followed as a reader would, lands on its code's visible section.
    const failed = await request('GET', '/items', { query: { workspaceId: 'x' } });
    expect(failed.status).toBe(401);
    const docUrl: string = failed.body.error.doc_url;
    expect(docUrl).toBe('/docs#section/Errors/unauthorized');
    await page.goto(new URL(docUrl, gatewayUrl()).href);
    const section = page.locator(`[id="${decodeURIComponent(new URL(docUrl, gatewayUrl()).hash.slice(1))}"]`);
    await section.waitFor({ state: 'visible', timeout: 20_000 });
    await expect(section.textContent()).resolves.toContain('unauthorized');
    await expect(section.isVisible()).resolves.toBe(true);
    expect(await section.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(page.viewportSize()!.height);

    fs.mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
    await page.goto(`${gatewayUrl()}/docs`);
    await page.locator('h2', { hasText: summaries[0] }).first().waitFor({ state: 'visible', timeout: 20_000 });
    await page.screenshot({ path: SCREENSHOT });
    console.log(`/docs screenshot: ${SCREENSHOT}`);

    // Redoc's sidebar attribution asks for its logo on Redocly's CDN; the page's CSP stops it in
    // the browser, so nothing reaches the network. Every other request stays on loopback, and
    // the policy blocked none of the page's own resources.
    const offLoopback = requests.filter(leavesLoopback);
    expect(offLoopback.filter((r) => r.failure()?.errorText !== 'csp').map((r) => r.url())).toEqual([]);
    expect(cspViolations.filter((text) => !offLoopback.some((r) => text.includes(r.url())))).toEqual([]);
    expect(requests.filter((r) => !leavesLoopback(r)).length).toBeGreaterThanOrEqual(3);
  });
});
