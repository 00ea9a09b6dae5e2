import https from 'node:https';

/**
 * A fetch for the typed client (`@inv/client`) that verifies the gateway's TLS against one
 * certificate authority, such as the self-signed certificate `npm start` generates, instead of
 * turning verification off. Node's global fetch takes no CA of its own without a dispatcher from
 * the undici package. Used by the demo and by the tests.
 */
export function fetchTrustingCa(ca: string): (request: Request) => Promise<Response> {
  const agent = new https.Agent({ ca, keepAlive: true });
  return async (request) => {
    const body = request.body === null ? undefined : Buffer.from(await request.arrayBuffer());
    const headers: Record<string, string> = Object.fromEntries(request.headers.entries());
    if (body !== undefined) headers['content-length'] = String(body.length);
    return new Promise((resolve, reject) => {
      const req = https.request(request.url, { method: request.method, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const answerHeaders = new Headers();
          for (let i = 0; i < res.rawHeaders.length; i += 2) answerHeaders.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
          const status = res.statusCode ?? 0;
          resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, statusText: res.statusMessage, headers: answerHeaders }));
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  };
}
