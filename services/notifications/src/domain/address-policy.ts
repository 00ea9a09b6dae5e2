import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { BadRequest, z } from '@inv/shared/core';

/**
 * Where a webhook may be delivered (SSRF rules). A user names the URL, so without these rules a
 * webhook would let anyone make our network call its own loopback, private ranges or the cloud
 * metadata service. Every address is refused by range, with the reason recorded as the attempt's
 * error, unless the operator's allowlist (tests, on-premise receivers) opens its range.
 * IPv6 forms that reach an IPv4 address (IPv4-mapped, NAT64, IPv4-translated, 6to4, Teredo: see
 * reachedIPv4) are judged by the IPv4 address they reach. Pure: the delivery client calls refusedAddress for
 * every address it is about to connect to, and parseWebhookUrl checks IP literals at create time.
 *
 * Addresses are parsed, matched and classified by ipaddr.js rather than by hand: it is small,
 * well kept and widely used, knows the special-purpose ranges of both families by name and reads
 * IPv4-mapped forms, so this module only says which ranges are refused and why.
 */

type Ip = ipaddr.IPv4 | ipaddr.IPv6;

export interface Cidr {
  family: 4 | 6;
  /** The network address: the host bits past `prefix` are clear. */
  network: Ip;
  prefix: number;
  /** As the operator wrote it, for messages. */
  text: string;
}
/** The ranges the operator opened (parseCidrList), checked before the refusals. */
export type CidrList = readonly Cidr[];

/** The address, or undefined when `text` is not an IP address. A zone (`fe80::1%eth0`) is dropped. */
function parseIp(text: string): Ip | undefined {
  // ipaddr.js also reads the inet_aton forms (`127.1`, `0x7f.1`, `0177.0.0.1`, `2130706433`). The
  // addresses judged here come from the resolver or the WHATWG URL parser, which hand over the
  // standard forms only, and the allowlist is written in them: node:net's strict isIP decides.
  if (isIP(text) === 0) return undefined;
  const unzoned = text.split('%')[0] ?? '';
  // ipaddr.js reads the deprecated IPv4-compatible form `::a.b.c.d` (::/96) as the IPv4-mapped
  // `::ffff:a.b.c.d`; build the address it stands for so that it is judged as what it is.
  const compatible = /^::(\d+\.\d+\.\d+\.\d+)$/.exec(unzoned)?.[1];
  try {
    if (compatible !== undefined) return ipaddr.fromByteArray([...Array<number>(12).fill(0), ...ipaddr.IPv4.parse(compatible).toByteArray()]);
    return ipaddr.parse(unzoned);
  } catch {
    return undefined;
  }
}

function contains(cidr: Cidr, address: Ip): boolean {
  return address.kind() === cidr.network.kind() && address.match(cidr.network, cidr.prefix);
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
  const family = address.kind() === 'ipv4' ? 4 : 6;
  const bits = family === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^(0|[1-9]\d{0,2})$/.test(prefixText)) throw new InvalidCidrList(entry, `the prefix length must be a whole number from 0 to ${bits}`);
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) throw new InvalidCidrList(entry, `the prefix length must be a whole number from 0 to ${bits}`);
  const network = (family === 4 ? ipaddr.IPv4 : ipaddr.IPv6).networkAddressFromCIDR(`${address.toString()}/${prefix}`);
  if (network.toNormalizedString() !== address.toNormalizedString()) {
    // A set host bit usually means a typo in the prefix or the address: say what was probably meant.
    throw new InvalidCidrList(entry, `bits are set past the /${prefix} prefix; did you mean ${network.toString()}/${prefix}?`);
  }
  return { family, network, prefix, text: entry };
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
      ctx.addIssue({ code: 'custom', message: `is not valid: ${(err as Error).message}` });
      return z.NEVER;
    }
  });

/** Why each refused ipaddr.js range class is refused; the classes not named here are allowed. */
const REFUSED_CLASSES: ReadonlyMap<string, string> = new Map([
  ['unspecified', 'unspecified'], // 0.0.0.0/8, ::
  ['loopback', 'loopback'], // 127.0.0.0/8, ::1
  ['private', 'private'], // 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16
  ['carrierGradeNat', 'CGNAT'], // 100.64.0.0/10
  ['linkLocal', 'link-local'], // 169.254.0.0/16, fe80::/10
  ['multicast', 'multicast'], // 224.0.0.0/4, ff00::/8
  ['broadcast', 'broadcast'], // 255.255.255.255
  ['uniqueLocal', 'unique local'], // fc00::/7
  ['deprecatedSiteLocal', 'site-local, deprecated'], // fec0::/10
]);

/** The cloud metadata address, refused with a reason of its own before the rest of link-local. */
const METADATA = ipaddr.IPv4.parseCIDR('169.254.169.254/32');

/** Refused ranges that no class of ipaddr.js names alone, checked after the classes. */
const REFUSED_RANGES: readonly { range: [Ip, number]; reason: string }[] = [
  // ipaddr.js's 'reserved' class also holds the documentation and benchmarking ranges (192.0.2.0/24,
  // 198.18.0.0/15 …), which are not refused; of it only 240.0.0.0/4 is (255.255.255.255 in it is 'broadcast').
  { range: ipaddr.parseCIDR('240.0.0.0/4'), reason: 'reserved' },
  // The deprecated IPv4-compatible form (::a.b.c.d): no receiver has a reason to use it (after :: and ::1).
  { range: ipaddr.parseCIDR('::/96'), reason: 'IPv4-compatible, deprecated' },
  // NAT64 local-use prefix (RFC 8215): the IPv4 address it reaches depends on the local translator.
  // (ipaddr.js's 'rfc6052' class holds it together with the well-known 64:ff9b::/96, judged below.)
  { range: ipaddr.parseCIDR('64:ff9b:1::/48'), reason: 'NAT64 local-use' },
];

const NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/**
 * The IPv4 address an IPv6 form reaches, when it reaches one: IPv4-mapped (`::ffff:a.b.c.d`),
 * NAT64 (`64:ff9b::a.b.c.d`), IPv4-translated (`::ffff:0:a.b.c.d`, RFC 6145), 6to4
 * (`2002:AABB:CCDD::/48`, RFC 3056: a relay sends it to a.b.c.d) and Teredo (`2001::/32`, RFC 4380:
 * the client's address is the last 32 bits, inverted).
 */
function reachedIPv4(address: ipaddr.IPv6): { form: string; address: ipaddr.IPv4 } | undefined {
  const bytes = address.toByteArray();
  if (address.isIPv4MappedAddress()) return { form: 'IPv4-mapped', address: address.toIPv4Address() };
  if (address.match(NAT64)) return { form: 'NAT64', address: new ipaddr.IPv4(bytes.slice(12)) };
  switch (address.range()) {
    case 'rfc6145':
      return { form: 'IPv4-translated', address: new ipaddr.IPv4(bytes.slice(12)) };
    case '6to4':
      return { form: '6to4', address: new ipaddr.IPv4(bytes.slice(2, 6)) };
    case 'teredo':
      return { form: 'Teredo', address: new ipaddr.IPv4(bytes.slice(12).map((b) => b ^ 0xff)) };
    default:
      return undefined;
  }
}

function rangeReason(address: Ip): string | undefined {
  if (address.kind() === 'ipv4' && address.match(METADATA)) return 'link-local, cloud metadata';
  return REFUSED_CLASSES.get(address.range()) ?? REFUSED_RANGES.find(({ range }) => address.kind() === range[0].kind() && address.match(range))?.reason;
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
  const reached = address instanceof ipaddr.IPv6 ? reachedIPv4(address) : undefined;
  const allowed = (a: Ip) => allow.some((cidr) => contains(cidr, a));
  if (allowed(address) || (reached && allowed(reached.address))) return undefined;
  if (reached) {
    const reason = rangeReason(reached.address);
    return reason === undefined ? undefined : `${reason} via ${reached.form} ${reached.address.toString()}`;
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
