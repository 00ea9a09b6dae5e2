import fs from 'node:fs';
import https from 'node:https';
import type { ApiResponse } from '../support/api';

/** A request exactly as the fuzzer wants it on the wire: raw path, repeated headers, raw body. */
export interface RawRequest {
  method: string;
  /** Path and query, already encoded (malformed percent-encoding is sent as is). */
  path: string;
  /** Header name → value; an array sends the header once per value. */
  headers: Record<string, string | string[]>;
  body?: Buffer;
  timeoutMs: number;
}

let agent: https.Agent | undefined;
function tlsAgent(): https.Agent {
  agent ??= new https.Agent({ ca: fs.readFileSync(process.env.TEST_GATEWAY_CA!, 'utf8'), keepAlive: true, maxSockets: 16 });
  return agent;
}

/** Sends one raw request to the gateway; rejects when no complete answer arrives within the timeout. */
export function sendRaw(r: RawRequest): Promise<ApiResponse> {
  const url = new URL(process.env.TEST_GATEWAY_URL!);
  return new Promise((resolve, reject) => {
    const req = https.request({ host: url.hostname, port: url.port, method: r.method, path: r.path, agent: tlsAgent() }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          /* stays text */
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text });
      });
    });
    req.on('error', reject);
    req.setTimeout(r.timeoutMs, () => req.destroy(new Error(`no answer within ${r.timeoutMs} ms`)));
    for (const [name, value] of Object.entries(r.headers)) req.setHeader(name, value);
    req.setHeader('content-length', String(r.body?.length ?? 0));
    req.end(r.body);
  });
}
