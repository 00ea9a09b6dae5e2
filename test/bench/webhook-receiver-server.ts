/**
 * (w)'s webhook receiver, as a user runs one (docs/webhooks.md, "Receiving"): Node's HTTP server
 * verifying every delivery's raw body with the npm `standardwebhooks` package, one secret per
 * endpoint (by path: /hooks/<workspace id>), answering 204 to what verifies and 401 to the rest.
 * A process of its own, so its CPU is measured apart from the load generator's (cpu-usage.ts
 * names it `webhook receiver`). It listens on WEBHOOK_RECEIVER_HOST, takes its secrets and
 * answers what it received over IPC (ReceiverRequest), and says it is ready with its port.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One verified delivery: the attempt's webhook-id, the event it carried, and when it verified (epoch ms). */
export interface VerifiedDelivery {
  webhookId: string;
  eventId: string;
  type: string;
  workspaceId: string;
  /** The event's data.id: a transfer's id for transfer.* events. */
  dataId: string;
  at: number;
}

/** What the bench asks: learn an endpoint's secret (at its path), count what arrived, report it all. */
export type ReceiverRequest = { op: 'secret'; path: string; secret: string } | { op: 'count' } | { op: 'report' };

export interface ReceiverCount {
  /** Verified attempts, retries included. */
  verified: number;
  /** Distinct webhook-ids verified: the messages delivered. */
  messages: number;
  rejected: number;
}

export interface ReceiverReport {
  verified: VerifiedDelivery[];
  /** Refused deliveries by the path they were sent to. */
  rejectedByPath: Record<string, number>;
  /** The first few reasons a delivery was refused, for the check's message. */
  rejections: string[];
}

/** Over IPC: the bench's request with its id; the receiver's answer to it, or its port once listening. */
export interface ReceiverAsk {
  id: number;
  request: ReceiverRequest;
}
export type ReceiverMessage = { ready: number } | { id: number; answer: ReceiverCount | ReceiverReport | null };

/** How many refusal reasons are kept: enough to say what went wrong without holding thousands. */
const KEPT_REJECTIONS = 5;

const webhooks = new Map<string, Webhook>();
const verified: VerifiedDelivery[] = [];
const webhookIds = new Set<string>();
const rejectedByPath: Record<string, number> = {};
const rejections: string[] = [];
let rejected = 0;

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const webhook = webhooks.get(req.url ?? '');
    try {
      if (!webhook) throw new Error(`no endpoint at ${req.url}`);
      const event = webhook.verify(body, req.headers as Record<string, string>) as { id: string; type: string; workspaceId: string; data: { id?: string } };
      const webhookId = String(req.headers['webhook-id']);
      webhookIds.add(webhookId);
      verified.push({ webhookId, eventId: event.id, type: event.type, workspaceId: event.workspaceId, dataId: String(event.data.id), at: Date.now() });
      res.writeHead(204).end();
    } catch (err) {
      rejected += 1;
      rejectedByPath[req.url ?? ''] = (rejectedByPath[req.url ?? ''] ?? 0) + 1;
      if (rejections.length < KEPT_REJECTIONS) rejections.push((err as Error).message);
      res.writeHead(401).end();
    }
  });
});

process.on('message', ({ id, request }: ReceiverAsk) => {
  const answer = (value: ReceiverCount | ReceiverReport | null) => process.send!({ id, answer: value } satisfies ReceiverMessage);
  if (request.op === 'secret') {
    webhooks.set(request.path, new Webhook(request.secret));
    answer(null);
  } else if (request.op === 'count') {
    answer({ verified: verified.length, messages: webhookIds.size, rejected });
  } else {
    answer({ verified, rejectedByPath, rejections });
  }
});
// The bench stops it with SIGTERM: a normal exit, so a --cpu-prof profile gets written. Without
// the bench (its IPC channel closed) it has no one to answer: it ends too.
process.on('SIGTERM', () => process.exit(0));
process.on('disconnect', () => process.exit(0));

server.listen(0, process.env.WEBHOOK_RECEIVER_HOST, () => process.send!({ ready: (server.address() as AddressInfo).port } satisfies ReceiverMessage));
