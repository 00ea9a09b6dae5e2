import fs from 'node:fs';
import https from 'node:https';

export interface ApiResponse<T = any> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: T;
  text: string;
}

export interface RequestOptions {
  key?: string;
  /** Query parameters; arrays become repeated parameters. */
  query?: Record<string, string | number | boolean | Array<string | number> | undefined>;
  body?: unknown;
  /** Sent verbatim instead of JSON.stringify(body). */
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
  /** Gives up (rejecting) when no complete answer arrived in time; unbounded when absent. */
  timeoutMs?: number;
  /**
   * Whether an overload refusal (429 while the key's window has room: the stack past its capacity,
   * in contention or briefly without a dependency, docs/overload.md) is sent again after its
   * Retry-After, as the typed client does (default true). The key's own rate limit (429 with
   * X-RateLimit-Remaining 0) is always answered as it is.
   */
  retryOverload?: boolean;
}

/** Tries of one call while the stack refuses it for overload (each after Retry-After): past them, the 429 is the answer. */
const OVERLOAD_TRIES = 20;

/** The retryable refusal that is not the key's own rate limit. */
export function isOverloadRefusal(res: Pick<ApiResponse, 'status' | 'headers'>): boolean {
  return res.status === 429 && Number(res.headers['x-ratelimit-remaining']) > 0;
}

let agent: https.Agent | undefined;
function tlsAgent(): https.Agent {
  // Real TLS verification against the certificate the gateway generated for this run.
  agent ??= new https.Agent({ ca: fs.readFileSync(process.env.TEST_GATEWAY_CA!, 'utf8'), keepAlive: true, maxSockets: 64 });
  return agent;
}

export function gatewayUrl(): string {
  return process.env.TEST_GATEWAY_URL!;
}

/**
 * One HTTPS call to the gateway; resolves for every status (tests assert on it). A call the stack
 * refuses for overload is sent again, byte for byte, after the answer's Retry-After (see
 * retryOverload): a test asserts what the API does with the call, as a client that retries would
 * see it.
 */
export async function request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  for (let tries = 1; ; tries++) {
    const res = await requestOnce<T>(method, path, options);
    const retry = options.retryOverload ?? process.env.TEST_RETRY_OVERLOAD !== 'false';
    if (!retry || tries >= OVERLOAD_TRIES || !isOverloadRefusal(res)) return res;
    await new Promise((r) => setTimeout(r, Number(res.headers['retry-after'] ?? 1) * 1000 * (1 + Math.random() / 2)));
  }
}

function requestOnce<T>(method: string, path: string, options: RequestOptions): Promise<ApiResponse<T>> {
  const url = new URL(path, gatewayUrl());
  for (const [k, v] of Object.entries(options.query ?? {})) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) url.searchParams.append(k, String(item));
  }
  const payload = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const headers: Record<string, string> = {
    ...(options.key ? { authorization: `Bearer ${options.key}` } : {}),
    ...(payload !== undefined && options.rawBody === undefined ? { 'content-type': 'application/json' } : {}),
    ...options.headers,
  };
  if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
  return new Promise((resolve, reject) => {
    const req = https.request(url, { method, headers, agent: tlsAgent() }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: any = text;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          /* non-JSON stays text: a test asserting the envelope will fail on it */
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text });
      });
    });
    req.on('error', reject);
    if (options.timeoutMs !== undefined) {
      req.setTimeout(options.timeoutMs, () => req.destroy(new Error(`No answer within ${options.timeoutMs} ms to ${method} ${path}`)));
    }
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** A client bound to one key and (for full-access keys) one workspace. */
export function client(key: string, workspaceId?: string) {
  const withWs = (o: RequestOptions = {}): RequestOptions => ({ ...o, key, query: { ...(workspaceId ? { workspaceId } : {}), ...o.query } });
  return {
    get: <T = any>(path: string, o?: RequestOptions) => request<T>('GET', path, withWs(o)),
    post: <T = any>(path: string, body?: unknown, o?: RequestOptions) => request<T>('POST', path, withWs({ ...o, body })),
    patch: <T = any>(path: string, body?: unknown, o?: RequestOptions) => request<T>('PATCH', path, withWs({ ...o, body })),
    delete: <T = any>(path: string, o?: RequestOptions) => request<T>('DELETE', path, withWs(o)),
  };
}
export type Client = ReturnType<typeof client>;

/** Asserts the error envelope and returns it, for a readable failure when it is not one. */
export function expectError(res: ApiResponse, status: number, code: string): { code: string; message: string; param?: string; shortages?: unknown[] } {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
  expect(typeof res.body.error.message).toBe('string');
  expect(res.body.error.message.length).toBeGreaterThan(0);
  expect(res.body.error.doc_url).toBe(`/docs#section/Errors/${code}`);
  expect(res.text).not.toMatch(/\n\s+at /);
  return res.body.error;
}
