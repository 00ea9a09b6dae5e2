import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { type CidrList, parseWebhookUrl, refusedAddress } from '../domain/address-policy';

/**
 * One delivery attempt over HTTP(S), with the SSRF rules applied where they cannot be dodged:
 * at connect time. The request's `lookup` resolves the host name and refuses it when any address
 * it resolves to is refused, so the address checked is the address connected to (a name that
 * answered a public address at create time and a private one now, DNS rebinding, fails here).
 * Node skips `lookup` for an IP-literal host, so those are checked before the request is made.
 * Redirects are not followed; a fresh agent without keep-alive per attempt, so no connection is
 * shared between endpoints; the whole attempt, body included, is bounded by `timeoutMs`, and no
 * more of the response is read than `maxResponseBytes`. Never throws: every failure is the
 * attempt's `error`, which holds no header (so no signature) and no secret.
 */

/** How much of the response is kept for the deliveries log. */
export const RESPONSE_EXCERPT_BYTES = 2048;

export interface SendRequest {
  url: string;
  headers: Readonly<Record<string, string>>;
  body: string;
  timeoutMs: number;
  maxResponseBytes: number;
  allow: CidrList;
  allowHttp: boolean;
}

export interface SendResult {
  /** A 2xx answer within timeoutMs. */
  ok: boolean;
  /** The status answered, when an answer came. */
  status?: number;
  durationMs: number;
  /** Why it is not ok: a refusal, a network error, a timeout or the status. */
  error?: string;
  /** The first RESPONSE_EXCERPT_BYTES of the response body, as text ('' when none). */
  responseExcerpt: string;
}

/** The address a name resolved to is refused: recorded as the attempt's error. */
class RefusedAddress extends Error {
  constructor(address: string, reason: string, hostname?: string) {
    super(`refused address ${address} (${reason})${hostname === undefined ? '' : ` for ${hostname}`}`);
    this.name = 'RefusedAddress';
  }
}

class AttemptTimedOut extends Error {
  constructor(timeoutMs: number) {
    super(`timed out after ${timeoutMs} ms`);
    this.name = 'AttemptTimedOut';
  }
}

/**
 * A `lookup` for the request: every address of the name (all: true) is resolved and checked,
 * and one refused address refuses the name. Answers in the form the caller asked for: Node asks
 * for all addresses when it races IPv4 and IPv6 (autoSelectFamily), for one otherwise.
 */
function guardedLookup(allow: CidrList): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { family: options.family, hints: options.hints, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 4);
      for (const { address } of addresses) {
        const reason = refusedAddress(address, allow);
        if (reason !== undefined) return callback(new RefusedAddress(address, reason, hostname), '', 4);
      }
      const [first] = addresses;
      if (first === undefined) return callback(Object.assign(new Error(`${hostname} resolved to no address`), { code: 'ENOTFOUND' }), '', 4);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, first.address, first.family);
    });
  };
}

/** Reads at most `cap` bytes of the body, keeping the excerpt; past the cap the connection is destroyed. */
function readCapped(response: IncomingMessage, cap: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const kept: Buffer[] = [];
    let keptBytes = 0;
    let received = 0;
    const excerpt = () => new TextDecoder().decode(Buffer.concat(kept));
    response.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (keptBytes < RESPONSE_EXCERPT_BYTES) {
        const part = chunk.subarray(0, RESPONSE_EXCERPT_BYTES - keptBytes);
        kept.push(part);
        keptBytes += part.length;
      }
      if (received >= cap) {
        // Enough: stop reading and drop the connection rather than drain what the receiver sends.
        resolve(excerpt());
        response.removeAllListeners('data');
        response.destroy();
      }
    });
    response.on('end', () => resolve(excerpt()));
    response.on('error', reject);
    // Settles nothing when the body was complete or the cap already resolved: a promise settles once.
    response.on('close', () => reject(new Error('the response was cut short')));
  });
}

function errorText(err: unknown): string {
  if (err instanceof RefusedAddress || err instanceof AttemptTimedOut) return err.message;
  const code = (err as { code?: unknown }).code;
  const message = err instanceof Error ? err.message : String(err);
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
}

/** Sends one attempt; resolves with its outcome, never rejects. */
export async function sendWebhook(attempt: SendRequest): Promise<SendResult> {
  const started = performance.now();
  const finish = (result: Omit<SendResult, 'durationMs'>): SendResult => ({ ...result, durationMs: Math.round(performance.now() - started) });

  // The URL was checked at create time; the rules are checked again, as the configuration may have changed since.
  const parsed = parseWebhookUrl(attempt.url, { allowHttp: attempt.allowHttp, allow: attempt.allow });
  if (!parsed.ok) {
    const { refusal } = parsed;
    if (refusal.reason !== 'address') return finish({ ok: false, error: refusal.message, responseExcerpt: '' });
    const host = new URL(attempt.url).hostname.replace(/^\[(.*)\]$/, '$1');
    return finish({ ok: false, error: new RefusedAddress(host, refusedAddress(host, attempt.allow) ?? 'refused').message, responseExcerpt: '' });
  }
  const url = parsed.url;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new AttemptTimedOut(attempt.timeoutMs)), attempt.timeoutMs);
  try {
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)({
        protocol: url.protocol,
        hostname: url.hostname,
        port: url.port,
        path: url.path,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'inventory-api-webhooks/1', ...attempt.headers, 'content-length': Buffer.byteLength(attempt.body) },
        // A new agent for this request alone, without keep-alive: no socket outlives the attempt.
        agent: false,
        lookup: guardedLookup(attempt.allow),
        signal: controller.signal,
      });
      request.on('response', resolve);
      request.on('error', reject);
      request.end(attempt.body);
    });
    const excerpt = await new Promise<string>((resolve, reject) => {
      const onAbort = () => {
        response.destroy();
        reject(controller.signal.reason);
      };
      if (controller.signal.aborted) return onAbort();
      controller.signal.addEventListener('abort', onAbort, { once: true });
      readCapped(response, attempt.maxResponseBytes).then(resolve, reject);
    });
    const status = response.statusCode ?? 0;
    if (status >= 200 && status < 300) return finish({ ok: true, status, responseExcerpt: excerpt });
    const error = status >= 300 && status < 400 ? `HTTP ${status}: redirect not followed` : `HTTP ${status}`;
    return finish({ ok: false, status, error, responseExcerpt: excerpt });
  } catch (err) {
    const reason = controller.signal.aborted ? controller.signal.reason : err;
    return finish({ ok: false, error: errorText(reason), responseExcerpt: '' });
  } finally {
    clearTimeout(timer);
  }
}
