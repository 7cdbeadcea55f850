/**
 * The egress policy reads the IPv4 address an IPv6 address carries (issue 27, finding 4): every
 * spelling of 169.254.169.254 or 10.0.0.1 inside IPv6 is refused as that address, and an IPv6
 * range the policy does not understand is refused.
 */
import { describe, expect, it } from 'vitest';
import { createEgressGuard, describeNonPublic } from '../../../src/runtime/http/egress-policy.js';
import { parseIpv6Groups, readEmbeddedIpv4 } from '../../../src/runtime/http/embedded-ipv4.js';

function refusalOf(host: string, policy = {}): string | undefined {
  try {
    createEgressGuard(policy).checkUrl(new URL(`https://${host}/users`), 'importUsers');
    return undefined;
  } catch (error) {
    expect((error as { code?: string }).code).toBe('EGRESS_DENIED');
    return (error as Error).message;
  }
}

describe('IPv6 addresses that carry a non-public IPv4 address are refused as it', () => {
  it.each([
    { host: '[::a9fe:a9fe]', want: 'link-local', format: 'IPv4-compatible' },
    { host: '[::169.254.169.254]', want: 'link-local', format: 'IPv4-compatible' },
    { host: '[::ffff:a9fe:a9fe]', want: 'link-local', format: 'IPv4-mapped' },
    { host: '[::ffff:0:a9fe:a9fe]', want: 'link-local', format: 'IPv4-translated' },
    { host: '[::ffff:0:10.0.0.1]', want: 'private', format: 'IPv4-translated' },
    { host: '[2002:a9fe:a9fe::1]', want: 'link-local', format: '6to4' },
    { host: '[2002:7f00:1::]', want: 'loopback', format: '6to4' },
    { host: '[64:ff9b::a9fe:a9fe]', want: 'link-local', format: 'NAT64 well-known' },
    { host: '[64:ff9b::7f00:1]', want: 'loopback', format: 'NAT64 well-known' },
    { host: '[64:ff9b:1::a9fe:a9fe]', want: 'link-local', format: 'NAT64 local-use' },
    { host: '[2001:0:4136:e378:8000:63bf:f5ff:fffe]', want: 'private', format: 'Teredo client' },
    { host: '[2001:0:a9fe:a9fe::]', want: 'link-local', format: 'Teredo server' },
  ])('$host: $want ($format)', ({ host, want, format }) => {
    const message = refusalOf(host);
    expect(message).toContain(want);
    expect(message).toContain(format);
  });

  it('applies the host deny list to the carried IPv4 address', () => {
    expect(refusalOf('[2002:808:808::1]', { deny: ['8.8.8.0/24'] })).toContain('denied by the egress policy');
  });
});

describe('IPv6 ranges the policy does not understand, or that are not public, are refused', () => {
  it.each([
    { host: '[fec0::1]', want: 'not global unicast' },
    { host: '[5f00::1]', want: 'not global unicast' },
    { host: '[2001:2::1]', want: 'IETF protocol assignments' },
    { host: '[3fff::1]', want: 'documentation' },
    { host: '[64:ff9b:1:808:8:8:808:808]', want: 'NAT64 local-use' },
  ])('$host: $want', ({ host, want }) => {
    expect(refusalOf(host)).toContain(want);
  });
});

describe('public IPv4 inside IPv6, and public IPv6, pass', () => {
  it.each(['[::ffff:8.8.8.8]', '[2002:808:808::1]', '[64:ff9b::8.8.8.8]', '[2001:0:4136:e378:8000:63bf:f7f7:f7f7]', '[2606:4700::1111]'])('%s', (host) => {
    expect(refusalOf(host)).toBeUndefined();
  });

  it('describeNonPublic names the carried address', () => {
    expect(describeNonPublic('::a9fe:a9fe')).toBe('link-local (cloud metadata) (169.254.169.254, carried by the IPv4-compatible (RFC 4291) address)');
    expect(describeNonPublic('2002:808:808::')).toBeUndefined();
  });
});

describe('reading the embedded address', () => {
  it.each([
    { given: '::ffff:127.0.0.1', want: [0, 0, 0, 0, 0, 0xffff, 0x7f00, 1] },
    { given: '1:2:3:4:5:6:1.2.3.4', want: [1, 2, 3, 4, 5, 6, 0x102, 0x304] },
    { given: '2001:db8::1', want: [0x2001, 0xdb8, 0, 0, 0, 0, 0, 1] },
    { given: '::', want: [0, 0, 0, 0, 0, 0, 0, 0] },
    { given: 'fe80::1%eth0', want: [0xfe80, 0, 0, 0, 0, 0, 0, 1] },
  ])('groups of $given', ({ given, want }) => {
    expect(parseIpv6Groups(given)).toEqual(want);
  });

  it('decodes every RFC 6052 position of the local-use prefix (RFC 8215), skipping bits 64-71', () => {
    const reading = readEmbeddedIpv4('64:ff9b:1:c000:2:100::');
    expect(reading).toMatchObject({ kind: 'embedded', localUse: true });
    const carried = reading.kind === 'embedded' ? reading.carried.map((item) => item.address) : [];
    // Bytes 6-15 are c0 00 | 00 | 02 01 00 00 00 00 00; /96 takes 12-15, /64 9-12, /56 7,9,10,11, /48 6,7,9,10.
    expect(carried).toEqual(['0.0.0.0', '2.1.0.0', '0.2.1.0', '192.0.2.1']);
  });

  it('reads nothing from :: and ::1 (refused as IPv6 unspecified and loopback)', () => {
    expect(readEmbeddedIpv4('::1')).toEqual({ kind: 'none' });
    expect(refusalOf('[::1]')).toContain('loopback');
    expect(refusalOf('[::]')).toContain('unspecified');
  });
});
