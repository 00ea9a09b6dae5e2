import { BlockList } from 'node:net';
import fc from 'fast-check';
import { CidrListSetting, InvalidCidrList, MAX_WEBHOOK_URL_LENGTH, parseCidrList, parseWebhookUrl, refusedAddress, WebhookUrlRefused } from './address-policy';

const none = parseCidrList('');

describe('address policy: refused addresses', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local, cloud metadata'],
    ['169.254.0.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['FE80::1%eth-0.1', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fec0::1', 'site-local, deprecated'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.255', 'CGNAT'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['fc00::1', 'unique local'],
    ['fd00:ec2::254', 'unique local'],
    ['::ffff:127.0.0.1', 'loopback via IPv4-mapped 127.0.0.1'],
    ['::ffff:7f00:1', 'loopback via IPv4-mapped 127.0.0.1'],
    ['::FFFF:7F00:1', 'loopback via IPv4-mapped 127.0.0.1'],
    ['0:0:0:0:0:ffff:a9fe:a9fe', 'link-local, cloud metadata via IPv4-mapped 169.254.169.254'],
    ['::ffff:10.1.2.3', 'private via IPv4-mapped 10.1.2.3'],
    ['::ffff:0.0.0.0', 'unspecified via IPv4-mapped 0.0.0.0'],
    ['64:ff9b::7f00:1', 'loopback via NAT64 127.0.0.1'],
    ['64:ff9b::192.168.0.1', 'private via NAT64 192.168.0.1'],
    ['64:ff9b:1::1', 'NAT64 local-use'],
    ['::ffff:0:7f00:1', 'loopback via IPv4-translated 127.0.0.1'],
    ['::ffff:0:a9fe:a9fe', 'link-local, cloud metadata via IPv4-translated 169.254.169.254'],
    ['2002:7f00:1::1', 'loopback via 6to4 127.0.0.1'],
    ['2002:a9fe:a9fe::', 'link-local, cloud metadata via 6to4 169.254.169.254'],
    ['2002:c0a8:101:1::1', 'private via 6to4 192.168.1.1'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback via Teredo 127.0.0.1'],
    ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'private via Teredo 10.0.0.1'],
    ['::127.0.0.1', 'IPv4-compatible, deprecated'],
    ['::8.8.8.8', 'IPv4-compatible, deprecated'],
    ['::808:808', 'IPv4-compatible, deprecated'],
    ['::0.0.0.1', 'loopback'],
    ['localhost', 'not an IP address'],
    ['127.1', 'not an IP address'],
    ['0x7f.1', 'not an IP address'],
    ['2130706433', 'not an IP address'],
    ['0177.0.0.1', 'not an IP address'],
    ['::ffff:127.1', 'not an IP address'],
    ['', 'not an IP address'],
  ])('when the address is %s, then it is refused: %s', (ip, reason) => {
    expect(refusedAddress(ip, none)).toBe(reason);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.167.255.255',
    '169.253.255.255',
    '223.255.255.255',
    '11.0.0.0',
    '2606:4700:4700::1111',
    '2001:db8::1',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '::ffff:0:808:808',
    '2002:808:808::1',
    '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
    'fbff:ffff::1',
    'fe7f::1',
  ])('when the address is public (%s), then it is allowed', (ip) => {
    expect(refusedAddress(ip, none)).toBeUndefined();
  });

  it('when a range is on the allowlist, then it is allowed in every form, and only that range', () => {
    const allow = parseCidrList('127.0.0.0/8, 10.1.0.0/16,fd12:3456::/32');
    expect(refusedAddress('127.0.0.1', allow)).toBeUndefined();
    expect(refusedAddress('::ffff:127.0.0.1', allow)).toBeUndefined();
    expect(refusedAddress('64:ff9b::7f00:1', allow)).toBeUndefined();
    expect(refusedAddress('10.1.200.3', allow)).toBeUndefined();
    expect(refusedAddress('fd12:3456:ffff::1', allow)).toBeUndefined();
    expect(refusedAddress('10.2.0.1', allow)).toBe('private');
    expect(refusedAddress('::1', allow)).toBe('loopback');
    expect(refusedAddress('fd12:3457::1', allow)).toBe('unique local');
    expect(refusedAddress('169.254.169.254', allow)).toBe('link-local, cloud metadata');
  });

  it('when addresses are drawn at random, then the verdict agrees with node:net BlockList over the same ranges', () => {
    const ipv4Ranges: [string, number][] = [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16], ['224.0.0.0', 3]];
    const ipv6Ranges: [string, number][] = [['::', 96], ['64:ff9b:1::', 48], ['fc00::', 7], ['fe80::', 9], ['ff00::', 8]];
    const oracle = new BlockList();
    for (const [net, prefix] of ipv4Ranges) oracle.addSubnet(net, prefix, 'ipv4');
    for (const [net, prefix] of ipv6Ranges) oracle.addSubnet(net, prefix, 'ipv6');
    const nat64 = new BlockList();
    nat64.addSubnet('64:ff9b::', 96, 'ipv6');
    fc.assert(
      fc.property(fc.ipV4(), (ip) => (refusedAddress(ip, none) !== undefined) === oracle.check(ip, 'ipv4')),
      { seed: 23, numRuns: 5000 },
    );
    fc.assert(
      fc.property(fc.ipV6(), (ip) => {
        // BlockList judges IPv4-mapped forms by their IPv4 address as we do, but not NAT64 ones.
        fc.pre(!nat64.check(ip, 'ipv6'));
        return (refusedAddress(ip, none) !== undefined) === oracle.check(ip, 'ipv6');
      }),
      { seed: 23, numRuns: 5000 },
    );
  });
});

describe('address policy: the allowlist from the environment', () => {
  it('when the list is well formed, then it holds each range; empty or blank means none', () => {
    expect(parseCidrList('127.0.0.0/8,10.1.0.0/16').map((c) => [c.text, c.family, c.prefix])).toEqual([
      ['127.0.0.0/8', 4, 8],
      ['10.1.0.0/16', 4, 16],
    ]);
    expect(parseCidrList(' ::1 , 192.0.2.7 ,, 2001:db8::/32 ').map((c) => c.prefix)).toEqual([128, 32, 32]);
    expect(parseCidrList('')).toEqual([]);
    expect(parseCidrList(' , ')).toEqual([]);
    expect(parseCidrList('0.0.0.0/0')[0]?.prefix).toBe(0);
  });

  it.each([
    ['10.0.0.0/8,banana', 'Invalid CIDR range "banana": "banana" is not an IPv4 or IPv6 address.'],
    ['10.0.0.0/33', 'Invalid CIDR range "10.0.0.0/33": the prefix length must be a whole number from 0 to 32.'],
    ['::/129', 'the prefix length must be a whole number from 0 to 128'],
    ['10.0.0.0/', 'the prefix length must be a whole number'],
    ['10.0.0.0/08', 'the prefix length must be a whole number'],
    ['10.0.0.0/-1', 'the prefix length must be a whole number'],
    ['10.0.0.0/8/8', 'more than one "/"'],
    ['10.1.2.3/16', 'bits are set past the /16 prefix; did you mean 10.1.0.0/16?'],
    ['fd12:3456::1/32', 'did you mean fd12:3456::/32?'],
    ['fe80::1%eth0/64', 'a zone index (%) is not allowed'],
    ['256.0.0.0/8', 'is not an IPv4 or IPv6 address'],
    ['010.0.0.0/8', 'is not an IPv4 or IPv6 address'],
    ['0x7f.1/8', 'is not an IPv4 or IPv6 address'],
    ['::127.0.0.1/96', 'did you mean ::/96?'],
  ])('when the list is %s, then it is a configuration error naming the entry', (text, message) => {
    expect(() => parseCidrList(text)).toThrow(InvalidCidrList);
    expect(() => parseCidrList(text)).toThrow(message);
  });

  it('when read as a configuration field, then an absent value means none and a bad one is an issue naming the entry', () => {
    const Config = CidrListSetting;
    expect(Config.parse(undefined)).toEqual([]);
    expect(Config.parse('127.0.0.0/8')).toHaveLength(1);
    const failed = Config.safeParse('10.0.0.0/40');
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0]?.message).toContain('"10.0.0.0/40"');
  });
});

describe('address policy: webhook URLs at create time', () => {
  const https = { allowHttp: false, allow: none };
  const refusal = (url: string, options = https) => {
    const parsed = parseWebhookUrl(url, options);
    return parsed.ok ? undefined : parsed.refusal;
  };

  it('when the URL is https with a host name, a port, a path and a query, then it is accepted as normalised', () => {
    const parsed = parseWebhookUrl('https://Hooks.Example.com:8443/in/stock?token=abc', https);
    expect(parsed).toEqual({
      ok: true,
      url: { href: 'https://hooks.example.com:8443/in/stock?token=abc', protocol: 'https:', hostname: 'hooks.example.com', port: 8443, path: '/in/stock?token=abc', ipLiteral: false },
    });
    expect(parseWebhookUrl('https://example.com', https)).toMatchObject({ ok: true, url: { port: 443, path: '/' } });
  });

  it('when a host name resolves to a forbidden address, then it is still accepted here: names are judged at connect time', () => {
    expect(refusal('https://localhost/hook')).toBeUndefined();
  });

  it.each([
    ['http://example.com/', 'scheme', 'must start with https://.'],
    ['ftp://example.com/', 'scheme', 'https://'],
    ['https://user:pass@example.com/', 'credentials', 'must not contain credentials'],
    ['https://user@example.com/', 'credentials', 'credentials'],
    ['https://example.com/#x', 'fragment', 'fragment'],
    ['https://example.com/#', 'fragment', 'fragment'],
    ['example.com/hook', 'invalid', 'not a valid absolute URL'],
    ['https://', 'invalid', 'not a valid absolute URL'],
    ['https://exa\nmple.com/', 'invalid', 'spaces or control characters'],
    [' https://example.com/', 'invalid', 'spaces or control characters'],
    [`https://example.com/${'a'.repeat(MAX_WEBHOOK_URL_LENGTH)}`, 'too_long', 'at most 2048'],
    ['https://127.0.0.1/', 'address', 'The URL\'s address 127.0.0.1 is not allowed (loopback).'],
    ['https://[::1]:8443/', 'address', 'loopback'],
    ['https://[::ffff:7f00:1]/', 'address', 'loopback via IPv4-mapped 127.0.0.1'],
    ['https://[::ffff:169.254.169.254]/', 'address', 'cloud metadata'],
    ['https://169.254.169.254/latest/meta-data/', 'address', 'cloud metadata'],
    ['https://2130706433/', 'address', 'loopback'],
    ['https://0x7f.1/', 'address', 'loopback'],
    ['https://0177.0.0.1/', 'address', 'loopback'],
    ['https://127.1/', 'address', 'The URL\'s address 127.0.0.1 is not allowed (loopback).'],
    ['https://0x7f000001/', 'address', 'loopback'],
    ['https://127.0.0.1./', 'address', 'loopback'],
    ['https://[0:0:0:0:0:ffff:7f00:0001]/', 'address', 'loopback via IPv4-mapped 127.0.0.1'],
    ['https://[::127.0.0.1]/', 'address', 'IPv4-compatible, deprecated'],
    ['https://[64:ff9b::127.0.0.1]/', 'address', 'loopback via NAT64 127.0.0.1'],
    ['https://10.0.0.1/', 'address', 'private'],
    ['https://[fd00::1]/', 'address', 'unique local'],
    ['https://[64:ff9b::a9fe:a9fe]/', 'address', 'cloud metadata via NAT64'],
  ])('when the URL is %j, then it is refused (%s) naming url', (url, reason, message) => {
    const refused = refusal(url);
    expect(refused).toBeInstanceOf(WebhookUrlRefused);
    expect(refused?.reason).toBe(reason);
    expect(refused?.message).toContain(message);
    expect(refused?.toEnvelope().error).toMatchObject({ code: 'bad_request', param: 'url' });
  });

  it('when http is allowed by configuration and the address range by the allowlist, then a local receiver is accepted', () => {
    const local = { allowHttp: true, allow: parseCidrList('127.0.0.0/8,::1') };
    expect(parseWebhookUrl('http://127.0.0.1:4999/hook', local)).toMatchObject({ ok: true, url: { protocol: 'http:', hostname: '127.0.0.1', port: 4999, ipLiteral: true } });
    expect(parseWebhookUrl('http://[::1]/hook', local)).toMatchObject({ ok: true, url: { hostname: '::1', port: 80, ipLiteral: true } });
    expect(refusal('http://10.0.0.1/', local)?.reason).toBe('address');
    expect(refusal('ftp://127.0.0.1/', local)?.message).toBe('The URL must start with https:// or http://.');
  });

  it('when a public IP literal is given, then it is accepted', () => {
    expect(parseWebhookUrl('https://8.8.8.8/hook', https)).toMatchObject({ ok: true, url: { ipLiteral: true } });
    expect(parseWebhookUrl('https://[2606:4700:4700::1111]/', https)).toMatchObject({ ok: true, url: { hostname: '2606:4700:4700::1111' } });
  });
});
