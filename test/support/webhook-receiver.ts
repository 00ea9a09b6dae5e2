import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** The one loopback address the test stacks open to webhooks (WEBHOOK_ALLOWED_CIDRS in stack.ts). */
export const RECEIVER_HOST = '127.0.0.2';

export interface ReceivedDelivery {
  webhookId: string;
  timestamp: string;
  signature: string;
  body: string;
  /** The event, as verified by `standardwebhooks` with the secret that verified it. */
  event: { id: string; type: string; occurredAt: string; workspaceId: string; actor: { userId: string | null; keyId: string | null }; data: any };
  /** Which of the receiver's secrets verified it (index into `secrets`). */
  verifiedWith: number[];
  at: number;
}

/**
 * A webhook receiver as a user would write one: an HTTP server that verifies every delivery with
 * the npm `standardwebhooks` package, against each secret it knows (after a rotation, both).
 * A delivery no secret verifies is answered 401 and kept in `rejected`, never in `received`.
 * `respond` decides the status of each attempt (default 200), so tests can fail attempts.
 */
export class WebhookReceiver {
  readonly received: ReceivedDelivery[] = [];
  readonly rejected: Array<{ headers: http.IncomingHttpHeaders; body: string; error: string }> = [];
  /** Every attempt that reached the server, verified or not, in arrival order. */
  readonly attempts: Array<{ webhookId: string; at: number }> = [];
  secrets: string[] = [];
  respond: (attempt: { webhookId: string; n: number }) => number | Promise<number> = () => 200;
  private readonly server: http.Server;

  private constructor() {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => void this.handle(req, Buffer.concat(chunks).toString('utf8'), res));
    });
  }

  static async start(): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver();
    await new Promise<void>((resolve) => receiver.server.listen(0, RECEIVER_HOST, resolve));
    return receiver;
  }

  get url(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://${RECEIVER_HOST}:${port}/hooks`;
  }

  /** Verified deliveries of one event type. */
  ofType(type: string): ReceivedDelivery[] {
    return this.received.filter((d) => d.event.type === type);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, body: string, res: http.ServerResponse): Promise<void> {
    const webhookId = String(req.headers['webhook-id'] ?? '');
    const at = Date.now();
    this.attempts.push({ webhookId, at });
    const headers = { 'webhook-id': webhookId, 'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''), 'webhook-signature': String(req.headers['webhook-signature'] ?? '') };
    const verifiedWith: number[] = [];
    let event: ReceivedDelivery['event'] | undefined;
    let lastError = 'no secret';
    this.secrets.forEach((secret, index) => {
      try {
        event = new Webhook(secret).verify(body, headers) as ReceivedDelivery['event'];
        verifiedWith.push(index);
      } catch (err) {
        lastError = (err as Error).message;
      }
    });
    if (!event) {
      this.rejected.push({ headers: req.headers, body, error: lastError });
      res.writeHead(401).end('signature not verified');
      return;
    }
    const n = this.attempts.filter((a) => a.webhookId === webhookId).length;
    const status = await this.respond({ webhookId, n });
    if (status >= 200 && status < 300) this.received.push({ webhookId, timestamp: headers['webhook-timestamp'], signature: headers['webhook-signature'], body, event, verifiedWith, at });
    res.writeHead(status, { 'content-type': 'text/plain' }).end(`answered ${status}`);
  }
}
