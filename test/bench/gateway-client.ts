import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { createWorkspace } from '../../gateway/src/admin/admin-commands';
import type { BenchStack } from './bench-stack';

export interface ApiResponse {
  status: number;
  body: any;
  /** Wall time from sending to the last byte of the answer. */
  ms: number;
}

export type Query = Record<string, string | number | boolean>;

/** Sequential calls through the gateway with one key, over one keep-alive TLS connection pool. */
export class GatewayClient {
  private readonly agent: https.Agent;

  constructor(
    private readonly baseUrl: string,
    ca: string,
    readonly key: string,
    /** Added to every call's query: the workspace a full-access key acts on. */
    readonly workspaceId: string,
  ) {
    this.agent = new https.Agent({ ca, keepAlive: true, maxSockets: 8 });
  }

  /** The path and query of a call, as autocannon needs it too. */
  pathOf(path: string, query: Query = {}): string {
    const url = new URL(path, this.baseUrl);
    url.searchParams.set('workspaceId', this.workspaceId);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
    return `${url.pathname}${url.search}`;
  }

  get authorization(): string {
    return `Bearer ${this.key}`;
  }

  call(method: 'GET' | 'POST' | 'PATCH', path: string, options: { query?: Query; body?: unknown } = {}): Promise<ApiResponse> {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = { authorization: this.authorization };
    if (payload !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) });
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const req = https.request(new URL(this.pathOf(path, options.query), this.baseUrl), { method, headers, agent: this.agent, timeout: 60_000 }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            /* not JSON: kept as text for the error message */
          }
          resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started });
        });
      });
      req.on('timeout', () => req.destroy(new Error(`${method} ${path} got no answer within 60 s`)));
      req.on('error', reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }

  /** A call that must answer `status`; anything else stops the bench with the answer. */
  async expect(status: number, method: 'GET' | 'POST' | 'PATCH', path: string, options: { query?: Query; body?: unknown } = {}): Promise<ApiResponse> {
    const res = await this.call(method, path, options);
    if (res.status !== status) throw new Error(`${method} ${path} answered ${res.status}, expected ${status}: ${JSON.stringify(res.body).slice(0, 500)}`);
    return res;
  }
}

export interface BenchWorkspace {
  id: string;
  defaultLocationId: string;
  ownerUserId: string;
  /** The owner's full-access key. */
  client: GatewayClient;
}

/** An enterprise workspace made as `npm run -s admin -- workspace:create` makes it, with a key for its owner. */
export async function newWorkspace(stack: BenchStack, name: string): Promise<BenchWorkspace> {
  const created = await createWorkspace(stack.admin, { name, plan: 'enterprise', ownerEmail: `${name}@bench.example` });
  return {
    id: created.workspace.id,
    defaultLocationId: created.workspace.defaultLocationId!,
    ownerUserId: created.user.id,
    client: new GatewayClient(stack.gatewayUrl, stack.tls.ca, created.apiKey, created.workspace.id),
  };
}

