import { isIP } from 'node:net';
import { BadRequest, z } from '@inv/shared/core';

/**
 * Where a webhook may be delivered (SSRF rules). A user names the URL, so without these rules a
 * webhook would let anyone make our network call its own loopback, private ranges or the cloud
 * metadata service. Every address is refused by range, with the reason recorded as the attempt's
 * error, unless the operator's allowlist (tests, on-premise receivers) opens its range.
 * IPv6 forms that reach an IPv4 address (IPv4-mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`) are
 * judged by the IPv4 address they reach. Pure: the delivery client calls refusedAddress for
 * every address it is about to connect to, and parseWebhookUrl checks IP literals at create time.
 */

interface Address {
  family: 4 | 6;
  value: bigint;
}

export interface Cidr extends Address {
  prefix: number;
  /** As the operator wrote it, for messages. */
  text: string;
}
/** The ranges the operator opened (parseCidrList), checked before the refusals. */
export type CidrList = readonly Cidr[];

const BITS = { 4: 32, 6: 128 } as const;

function parseIPv4(text: string): bigint {
  return text.split('.').reduce((value, octet) => (value << 8n) | BigInt(octet), 0n);
}

/** The address's value, or undefined when it is not an IP address. A zone (`fe80::1%eth0`) is dropped. */
function parseIp(text: string): Address | undefined {
  const family = isIP(text);
  if (family === 4) return { family, value: parseIPv4(text) };
  if (family !== 6) return undefined;
  let rest = text.split('%')[0] ?? '';
  // isIP has vouched for the form, so a dotted tail (`::ffff:1.2.3.4`) is a valid IPv4 address:
  // write it as the two hex groups it stands for.
  if (rest.includes('.')) {
    const colon = rest.lastIndexOf(':');
    const v4 = parseIPv4(rest.slice(colon + 1));
    rest = `${rest.slice(0, colon + 1)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', after] = rest.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = after === undefined || after === '' ? [] : after.split(':');
  const groups = after === undefined ? [...left, ...right] : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return { family: 6, value: groups.reduce((value, group) => (value << 16n) | BigInt(`0x${group}`), 0n) };
}

function formatAddress(address: Address): string {
  if (address.family === 4) return [24n, 16n, 8n, 0n].map((shift) => ((address.value >> shift) & 0xffn).toString()).join('.');
  const groups = [112n, 96n, 80n, 64n, 48n, 32n, 16n, 0n].map((shift) => ((address.value >> shift) & 0xffffn).toString(16));
  // Compress the longest run of two or more zero groups, as RFC 5952 asks.
  let best = { start: -1, length: 1 };
  for (let start = 0; start < 8; start++) {
    let length = 0;
    while (start + length < 8 && groups[start + length] === '0') length++;
    if (length > best.length) best = { start, length };
  }
  if (best.start < 0) return groups.join(':');
  return `${groups.slice(0, best.start).join(':')}::${groups.slice(best.start + best.length).join(':')}`;
}

function contains(cidr: Cidr, address: Address): boolean {
  if (cidr.family !== address.family) return false;
  const shift = BigInt(BITS[cidr.family] - cidr.prefix);
  return address.value >> shift === cidr.value >> shift;
}

/** A CIDR list entry the operator wrote wrong; the message names it and what is wrong. */
export class InvalidCidrList extends Error {
  constructor(entry: string, why: string) {
    super(`Invalid CIDR range "${entry}": ${why}.`);
    this.name = 'InvalidCidrList';
  }
}

/**
 * One range: `a.b.c.d/n`, `x::y/n`, or a bare address (a single host).
 * @throws InvalidCidrList when the address, the prefix length or the host bits are wrong.
 */
export function parseCidr(entry: string): Cidr {
  const [ip = '', prefixText, extra] = entry.split('/');
  if (extra !== undefined) throw new InvalidCidrList(entry, 'more than one "/"');
  if (ip.includes('%')) throw new InvalidCidrList(entry, 'a zone index (%) is not allowed');
  const address = parseIp(ip);
  if (!address) throw new InvalidCidrList(entry, `"${ip}" is not an IPv4 or IPv6 address`);
  const bits = BITS[address.family];
  if (prefixText !== undefined && !/^(0|[1-9]\d{0,2})$/.test(prefixText)) throw new InvalidCidrList(entry, `the prefix length must be a whole number from 0 to ${bits}`);
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) throw new InvalidCidrList(entry, `the prefix length must be a whole number from 0 to ${bits}`);
  const hostBits = (1n << BigInt(bits - prefix)) - 1n;
  if ((address.value & hostBits) !== 0n) {
    // A set host bit usually means a typo in the prefix or the address: say what was probably meant.
    const network = formatAddress({ family: address.family, value: address.value & ~hostBits });
    throw new InvalidCidrList(entry, `bits are set past the /${prefix} prefix; did you mean ${network}/${prefix}?`);
  }
  return { ...address, prefix, text: entry };
}

/**
 * The allowlist from the environment: ranges separated by commas, spaces allowed around them,
 * empty for none (`"127.0.0.0/8, 10.1.0.0/16"`).
 * @throws InvalidCidrList naming the first wrong entry.
 */
export function parseCidrList(text: string): CidrList {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map(parseCidr);
}

/** The allowlist as a configuration field: loadConfig then fails at start naming the variable and the entry. */
export const CidrListSetting = z
  .string()
  .default('')
  .transform((text, ctx): CidrList => {
    try {
      return parseCidrList(text);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message });
      return z.NEVER;
    }
  });

/** The refused ranges, first match wins (the metadata address before the rest of link-local, broadcast before reserved). */
const REFUSED: readonly (readonly [string, string])[] = [
  ['0.0.0.0/8', 'unspecified'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'CGNAT'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.169.254', 'link-local, cloud metadata'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.168.0.0/16', 'private'],
  ['224.0.0.0/4', 'multicast'],
  ['255.255.255.255', 'broadcast'],
  ['240.0.0.0/4', 'reserved'],
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  // The deprecated IPv4-compatible form (::a.b.c.d): no receiver has a reason to use it.
  ['::/96', 'IPv4-compatible, deprecated'],
  // NAT64 local-use prefix (RFC 8215): the IPv4 address it reaches depends on the local translator.
  ['64:ff9b:1::/48', 'NAT64 local-use'],
  ['fc00::/7', 'unique local'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'site-local, deprecated'],
  ['ff00::/8', 'multicast'],
];
const REFUSED_RANGES = REFUSED.map(([cidr, reason]) => ({ cidr: parseCidr(cidr), reason }));

const IPV4_MAPPED = parseCidr('::ffff:0:0/96');
const NAT64 = parseCidr('64:ff9b::/96');

/** The IPv4 address an IPv6 form reaches, when it reaches one. */
function reachedIPv4(address: Address): { form: string; address: Address } | undefined {
  const low32 = { family: 4 as const, value: address.value & 0xffffffffn };
  if (contains(IPV4_MAPPED, address)) return { form: 'IPv4-mapped', address: low32 };
  if (contains(NAT64, address)) return { form: 'NAT64', address: low32 };
  return undefined;
}

function rangeReason(address: Address): string | undefined {
  return REFUSED_RANGES.find((range) => contains(range.cidr, address))?.reason;
}

/**
 * Why a webhook may not connect to `ip` (`loopback`, `private`, `link-local, cloud metadata`,
 * `loopback via IPv4-mapped 127.0.0.1` …), or undefined when it may. A range in `allow` is
 * allowed whatever the rules say; an IPv6 form reaching an IPv4 address is allowed when either
 * form is in `allow`. What is not an IP address is refused.
 */
export function refusedAddress(ip: string, allow: CidrList): string | undefined {
  const address = parseIp(ip);
  if (!address) return 'not an IP address';
  const reached = address.family === 6 ? reachedIPv4(address) : undefined;
  const allowed = (a: Address) => allow.some((cidr) => contains(cidr, a));
  if (allowed(address) || (reached && allowed(reached.address))) return undefined;
  if (reached) {
    const reason = rangeReason(reached.address);
    return reason === undefined ? undefined : `${reason} via ${reached.form} ${formatAddress(reached.address)}`;
  }
  return rangeReason(address);
}

/** The longest URL accepted: long enough for any real receiver, short enough to store and log. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

export type WebhookUrlRefusal = 'invalid' | 'too_long' | 'scheme' | 'credentials' | 'fragment' | 'host' | 'address';

/** A URL a webhook may not use (400 naming `url`); `reason` says which rule refused it. */
export class WebhookUrlRefused extends BadRequest {
  constructor(
    readonly reason: WebhookUrlRefusal,
    message: string,
  ) {
    super(message, 'url');
  }
}

/** A webhook URL that passed the create-time rules, normalised by the WHATWG parser. */
export interface WebhookUrl {
  href: string;
  protocol: 'https:' | 'http:';
  /** Without the brackets of an IPv6 literal. */
  hostname: string;
  port: number;
  /** Path and query, as sent in the request line. */
  path: string;
  /** The host is an IP address, already checked here (Node skips the name lookup for these). */
  ipLiteral: boolean;
}

/**
 * The create-time rules of a webhook URL: `https:` (or `http:` when `allowHttp`, for local
 * work), no credentials, no fragment, a host, at most MAX_WEBHOOK_URL_LENGTH characters, no
 * whitespace or control characters (the URL parser would silently drop some of them, so the URL
 * stored would not be the one shown), and an IP-literal host not refused by refusedAddress.
 * Host names are judged at connect time, by address, on every attempt.
 */
export function parseWebhookUrl(text: string, options: { allowHttp: boolean; allow: CidrList }): { ok: true; url: WebhookUrl } | { ok: false; refusal: WebhookUrlRefused } {
  const refuse = (reason: WebhookUrlRefusal, message: string) => ({ ok: false as const, refusal: new WebhookUrlRefused(reason, message) });
  if (text.length > MAX_WEBHOOK_URL_LENGTH) return refuse('too_long', `The URL has ${text.length} characters; at most ${MAX_WEBHOOK_URL_LENGTH} are allowed.`);
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(text)) return refuse('invalid', 'The URL must not contain spaces or control characters.');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('invalid', 'The URL is not a valid absolute URL.');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && options.allowHttp)) {
    return refuse('scheme', options.allowHttp ? 'The URL must start with https:// or http://.' : 'The URL must start with https://.');
  }
  if (url.username !== '' || url.password !== '') return refuse('credentials', 'The URL must not contain credentials (user:password@); authenticate the request with its signature.');
  if (text.includes('#')) return refuse('fragment', 'The URL must not contain a fragment (#).');
  if (url.hostname === '') return refuse('host', 'The URL must name a host.');
  if (url.href.length > MAX_WEBHOOK_URL_LENGTH) return refuse('too_long', `The URL has ${url.href.length} characters once normalised; at most ${MAX_WEBHOOK_URL_LENGTH} are allowed.`);
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const ipLiteral = isIP(hostname) !== 0;
  if (ipLiteral) {
    const reason = refusedAddress(hostname, options.allow);
    if (reason !== undefined) return refuse('address', `The URL's address ${hostname} is not allowed (${reason}).`);
  }
  const protocol = url.protocol as WebhookUrl['protocol'];
  const port = url.port === '' ? (protocol === 'https:' ? 443 : 80) : Number(url.port);
  return { ok: true, url: { href: url.href, protocol, hostname, port, path: `${url.pathname}${url.search}`, ipLiteral } };
}
