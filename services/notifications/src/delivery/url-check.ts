import { lookup } from 'node:dns/promises';
import { type CidrList, parseWebhookUrl, refusedAddress, type WebhookUrl, WebhookUrlRefused } from '../domain/address-policy';

/** How long the create-time look at a host name may take; past it, the name is judged at connect time only. */
const LOOKUP_TIMEOUT_MS = 2000;

/**
 * The create-time check of a webhook URL: the rules of parseWebhookUrl, and, as a courtesy, the
 * addresses its host name resolves to now (a name that resolves to a refused address is a 400
 * naming it, rather than an endpoint whose every attempt will fail). What decides is the check at
 * connect time, on every attempt (delivery/send.ts): a name that resolves elsewhere later is
 * refused then. A name that does not resolve now is accepted (the receiver may not exist yet).
 * @throws WebhookUrlRefused (400 naming `url`).
 */
export async function acceptedWebhookUrl(text: string, rules: { allowHttp: boolean; allow: CidrList }): Promise<WebhookUrl> {
  const parsed = parseWebhookUrl(text, rules);
  if (!parsed.ok) throw parsed.refusal;
  const { url } = parsed;
  if (url.ipLiteral) return url;
  let addresses: Array<{ address: string }>;
  try {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('lookup timed out')), LOOKUP_TIMEOUT_MS)));
    addresses = await Promise.race([lookup(url.hostname, { all: true }), timedOut]).finally(() => clearTimeout(timer));
  } catch {
    return url;
  }
  for (const { address } of addresses) {
    const reason = refusedAddress(address, rules.allow);
    if (reason !== undefined) throw new WebhookUrlRefused('address', `The URL's host ${url.hostname} resolves to ${address}, which is not allowed (${reason}).`);
  }
  return url;
}
