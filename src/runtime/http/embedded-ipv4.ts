/**
 * IPv4 addresses carried inside IPv6 addresses. A socket that dials one of these reaches (through
 * the host's stack, a relay or a translator) the IPv4 address it carries, so the egress policy
 * checks that IPv4 address as well: `::a9fe:a9fe` is 169.254.169.254 spelled in IPv6.
 *
 * The formats, by the document that defines each:
 * - IPv4-compatible `::a.b.c.d` and IPv4-mapped `::ffff:a.b.c.d` (RFC 4291 §2.5.5.1, §2.5.5.2);
 * - IPv4-translated `::ffff:0:a.b.c.d` (RFC 2765 §2.1, the SIIT format);
 * - 6to4 `2002:AABB:CCDD::/48` (RFC 3056 §2: the IPv4 address is bits 16–47);
 * - NAT64 well-known prefix `64:ff9b::/96` (RFC 6052 §2.1: the IPv4 address is the last 32 bits);
 * - NAT64 local-use prefix `64:ff9b:1::/48` (RFC 8215): the operator picks the prefix length
 *   inside it, so every RFC 6052 §2.2 position a /48 allows (/48, /56, /64, /96) is decoded;
 * - Teredo `2001:0::/32` (RFC 4380 §4: the server's IPv4 address is bits 32–63, the client's is
 *   bits 96–127 with every bit inverted).
 */
import { isIP } from 'node:net';

/** One IPv4 address found in an IPv6 address, and the format it was found by. */
export interface EmbeddedIpv4 {
  address: string;
  /** The format, in words, e.g. `6to4 (RFC 3056)`. */
  format: string;
}

/**
 * What an IPv6 address carries: `none` for an address with no IPv4 inside, `embedded` with every
 * address it may carry, and `localUse` for the RFC 8215 prefix (never globally reachable).
 */
export type Ipv6Reading = { kind: 'none' } | { kind: 'embedded'; carried: EmbeddedIpv4[]; localUse?: boolean };

/** The eight 16-bit groups of an IPv6 address (any spelling `isIP` accepts), or undefined. */
export function parseIpv6Groups(text: string): number[] | undefined {
  const address = text.replace(/%.*$/u, '');
  if (isIP(address) !== 6) return undefined;
  let body = address;
  const tail: number[] = [];
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/u.exec(body);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    tail.push((a << 8) | b, (c << 8) | d);
    body = body.slice(0, dotted.index) + '0';
  }
  const toGroups = (part: string): number[] => (part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16)));
  const [head = '', rest] = body.split('::');
  const left = toGroups(head);
  const right = rest === undefined ? [] : toGroups(rest);
  if (dotted) (rest === undefined ? left : right).pop();
  const missing = 8 - tail.length - left.length - right.length;
  const groups = [...left, ...Array<number>(rest === undefined ? 0 : missing).fill(0), ...right, ...tail];
  return groups.length === 8 ? groups : undefined;
}

function ipv4(high: number, low: number): string {
  return [high >>> 8, high & 0xff, low >>> 8, low & 0xff].join('.');
}

/** The 16 bytes of the address, for the RFC 6052 positions that are not on group boundaries. */
function bytesOf(groups: number[]): number[] {
  return groups.flatMap((group) => [group >>> 8, group & 0xff]);
}

/** RFC 6052 §2.2: where the 4 bytes of the IPv4 address sit for a prefix of `length` bits (bits 64–71, `u`, are skipped). */
const RFC6052_POSITIONS: ReadonlyArray<readonly [number, readonly number[]]> = [
  [96, [12, 13, 14, 15]],
  [64, [9, 10, 11, 12]],
  [56, [7, 9, 10, 11]],
  [48, [6, 7, 9, 10]],
];

/** Reads the IPv4 address(es) an IPv6 address carries (see the formats above). */
export function readEmbeddedIpv4(address: string): Ipv6Reading {
  const groups = parseIpv6Groups(address);
  if (!groups) return { kind: 'none' };
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const zeroTo = (end: number) => groups.slice(0, end).every((group) => group === 0);
  const low = ipv4(g6, g7);
  if (zeroTo(5) && g5 === 0xffff) return { kind: 'embedded', carried: [{ address: low, format: 'IPv4-mapped (RFC 4291)' }] };
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return { kind: 'embedded', carried: [{ address: low, format: 'IPv4-translated (RFC 2765)' }] };
  // `::` and `::1` are IPv6's own unspecified and loopback addresses, refused as such by the caller.
  if (zeroTo(6) && (g6 !== 0 || g7 > 1)) return { kind: 'embedded', carried: [{ address: low, format: 'IPv4-compatible (RFC 4291)' }] };
  if (g0 === 0x2002) return { kind: 'embedded', carried: [{ address: ipv4(g1, g2), format: '6to4 (RFC 3056)' }] };
  if (g0 === 0x2001 && g1 === 0) {
    return {
      kind: 'embedded',
      carried: [
        { address: ipv4(g2, g3), format: 'Teredo server (RFC 4380)' },
        { address: ipv4(~g6 & 0xffff, ~g7 & 0xffff), format: 'Teredo client (RFC 4380)' },
      ],
    };
  }
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return { kind: 'embedded', carried: [{ address: low, format: 'NAT64 well-known prefix (RFC 6052)' }] };
  }
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) {
    const bytes = bytesOf(groups);
    const carried = RFC6052_POSITIONS.map(([length, positions]) => ({
      address: positions.map((index) => bytes[index]).join('.'),
      format: `NAT64 local-use prefix /${length} (RFC 8215)`,
    }));
    return { kind: 'embedded', carried, localUse: true };
  }
  return { kind: 'none' };
}
