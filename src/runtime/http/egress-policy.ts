/**
 * Which addresses a connection may reach. A customer's spec, base URL, token URL, next links and
 * redirects are untrusted inside a shared service: without this, a tenant could point a connector
 * at 127.0.0.1, a private network or a cloud metadata endpoint and read the answer (SSRF).
 *
 * The default refuses every non-public address, in every spelling: the WHATWG URL parser turns
 * `2130706433` and `0x7f.1` into 127.0.0.1, and an IPv6 address that carries an IPv4 address
 * (mapped, compatible, translated, 6to4, NAT64, Teredo: embedded-ipv4.ts) is checked as the IPv4
 * address it carries as well. An IPv6 address outside global unicast (2000::/3) that no rule here
 * understands is refused. Host names are resolved once, checked, and the checked address
 * is the one the socket connects to (no second lookup a DNS rebinding could answer differently).
 * A host allows on-premises targets explicitly (`allow`), and may refuse more (`deny`).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { ConnectorError } from '../errors.js';
import { readEmbeddedIpv4 } from './embedded-ipv4.js';

export interface EgressPolicy {
  /**
   * Addresses, CIDR ranges (`10.20.0.0/16`, `::1/128`) or exact host names that may be reached
   * although they are not public: an on-premises application, a test's loopback simulator.
   * `['0.0.0.0/0', '::/0']` allows everything (an operator's own machine).
   */
  allow?: readonly string[];
  /** Addresses, CIDR ranges or exact host names never reached, on top of the built-in list. */
  deny?: readonly string[];
}

/** Loopback only: what tests and the local demo pass to reach their simulators. */
export const ALLOW_LOOPBACK: EgressPolicy = Object.freeze({ allow: Object.freeze(['127.0.0.0/8', '::1/128']) });
/** Everything: for an operator's CLI on their own machine, never for a shared service. */
export const ALLOW_ANY: EgressPolicy = Object.freeze({ allow: Object.freeze(['0.0.0.0/0', '::/0']) });

/** Ranges that are not the public internet (IANA special-purpose registries), by what they are; docs/connector-authors/limits.md lists each (a test holds them together). */
export const NON_PUBLIC: ReadonlyArray<readonly [string, number, 'ipv4' | 'ipv6', string]> = [
  ['0.0.0.0', 8, 'ipv4', 'unspecified'],
  ['10.0.0.0', 8, 'ipv4', 'private'],
  ['100.64.0.0', 10, 'ipv4', 'shared (carrier-grade NAT)'],
  ['127.0.0.0', 8, 'ipv4', 'loopback'],
  ['169.254.0.0', 16, 'ipv4', 'link-local (cloud metadata)'],
  ['172.16.0.0', 12, 'ipv4', 'private'],
  ['192.0.0.0', 24, 'ipv4', 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'ipv4', 'documentation'],
  ['192.168.0.0', 16, 'ipv4', 'private'],
  ['198.18.0.0', 15, 'ipv4', 'benchmarking'],
  ['198.51.100.0', 24, 'ipv4', 'documentation'],
  ['203.0.113.0', 24, 'ipv4', 'documentation'],
  ['224.0.0.0', 4, 'ipv4', 'multicast'],
  ['240.0.0.0', 4, 'ipv4', 'reserved'],
  ['::', 128, 'ipv6', 'unspecified'],
  ['::1', 128, 'ipv6', 'loopback'],
  ['100::', 64, 'ipv6', 'discard'],
  // 2001::/32 (Teredo) inside it is read for the IPv4 addresses it carries before this list is.
  ['2001::', 23, 'ipv6', 'IETF protocol assignments'],
  ['2001:db8::', 32, 'ipv6', 'documentation'],
  ['3fff::', 20, 'ipv6', 'documentation'],
  ['fc00::', 7, 'ipv6', 'unique-local (private)'],
  ['fe80::', 10, 'ipv6', 'link-local'],
  ['ff00::', 8, 'ipv6', 'multicast'],
];

/**
 * Cloud metadata services by name, refused whatever DNS says (`localhost` needs no entry: it
 * resolves to a loopback address, which the address check refuses).
 */
const DENIED_NAMES = ['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal'];

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
export type Lookup = (hostname: string, options: { all?: boolean; family?: number | string }, callback: LookupCallback) => void;

export interface EgressGuard {
  /** Throws EGRESS_DENIED when the URL's host is an address the policy refuses (literal IPs skip DNS). */
  checkUrl(url: URL, action: string): void;
  /** A `lookup` for the socket: resolves, checks every address, connects to the checked one. */
  lookup: Lookup;
}

function family(address: string): 'ipv4' | 'ipv6' {
  return isIP(address) === 6 ? 'ipv6' : 'ipv4';
}

function normaliseHost(hostname: string): string {
  return hostname
    .replace(/^\[|\]$/gu, '')
    .replace(/\.$/u, '')
    .toLowerCase();
}

interface ParsedList {
  ranges: BlockList;
  names: Set<string>;
}

function parseList(entries: readonly string[] | undefined, field: string): ParsedList {
  const ranges = new BlockList();
  const names = new Set<string>();
  for (const entry of entries ?? []) {
    const [address = '', bits] = entry.trim().split('/');
    const kind = isIP(address);
    if (kind === 0) {
      if (bits !== undefined || !/^[a-z0-9.-]+$/iu.test(address))
        throw new ConnectorError('CONFIG', `egress.${field}: '${entry}' is neither an address, a CIDR range nor a host name`);
      names.add(normaliseHost(address));
      continue;
    }
    const prefix = bits === undefined ? (kind === 4 ? 32 : 128) : Number(bits);
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > (kind === 4 ? 32 : 128))
      throw new ConnectorError('CONFIG', `egress.${field}: '${entry}' has an invalid prefix length`);
    ranges.addSubnet(address, prefix, kind === 4 ? 'ipv4' : 'ipv6');
  }
  return { ranges, names };
}

const builtIn = new BlockList();
for (const [address, prefix, kind] of NON_PUBLIC) builtIn.addSubnet(address, prefix, kind);

/** IPv6 global unicast (RFC 4291 §2.4): the only IPv6 range the policy lets through unread. */
const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');

function listedNonPublic(address: string): string | undefined {
  if (!builtIn.check(address, family(address))) return undefined;
  for (const [range, prefix, kind, what] of NON_PUBLIC) {
    const one = new BlockList();
    one.addSubnet(range, prefix, kind);
    if (one.check(address, family(address))) return what;
  }
  return 'not public';
}

/**
 * Why an IPv6 address may not be reached, or undefined: the IPv4 addresses it carries are judged
 * by `judgeIpv4` (every one must pass), then the IPv6 ranges (their kind worded by `name`);
 * outside 2000::/3, refused.
 */
function describeIpv6(input: { address: string; judgeIpv4: (ipv4: string) => string | undefined; name: (what: string) => string }): string | undefined {
  const { address, judgeIpv4, name } = input;
  const reading = readEmbeddedIpv4(address);
  if (reading.kind === 'embedded') {
    for (const carried of reading.carried) {
      const why = judgeIpv4(carried.address);
      if (why) return `${why} (${carried.address}, carried by the ${carried.format} address)`;
    }
    return reading.localUse ? name('NAT64 local-use (RFC 8215, never globally reachable)') : undefined;
  }
  const listed = listedNonPublic(address);
  if (listed) return name(listed);
  if (!globalUnicast.check(address, 'ipv6')) return name('not global unicast (outside 2000::/3, a range the policy does not know)');
  return undefined;
}

/** What kind of non-public address this is, or undefined for a public one. */
export function describeNonPublic(address: string): string | undefined {
  return family(address) === 'ipv6' ? describeIpv6({ address, judgeIpv4: describeNonPublic, name: (what) => what }) : listedNonPublic(address);
}

function anAddress(what: string): string {
  return `${/^[aeiou]/iu.test(what) ? 'an' : 'a'} ${what} address`;
}

const ALLOWED = Symbol('allowed');
/** Verdicts remembered per guard; past this many hosts the memory starts over. */
const MAX_VERDICTS = 256;

export function createEgressGuard(policy: EgressPolicy = {}): EgressGuard {
  const allow = parseList(policy.allow, 'allow');
  const deny = parseList(policy.deny, 'deny');

  /** Why an address is refused, or undefined when it may be reached. */
  const refusal = (address: string): string | undefined => {
    const kind = family(address);
    if (deny.ranges.check(address, kind)) return 'denied by the egress policy';
    if (allow.ranges.check(address, kind)) return undefined;
    // The IPv4 address an IPv6 address carries meets the host's deny and allow lists too.
    if (kind === 'ipv6') return describeIpv6({ address, judgeIpv4: refusal, name: anAddress });
    const what = listedNonPublic(address);
    return what === undefined ? undefined : anAddress(what);
  };
  const nameRefusal = (hostname: string): string | undefined => {
    const name = normaliseHost(hostname);
    if (deny.names.has(name)) return 'denied by the egress policy';
    if (allow.names.has(name)) return undefined;
    if (DENIED_NAMES.includes(name)) return 'a cloud metadata service';
    return undefined;
  };
  const denied = (host: string, why: string, action: string): ConnectorError =>
    new ConnectorError('EGRESS_DENIED', `${action}: refused to connect to ${host} (${why}); the egress policy allows public addresses only`, {
      action,
      hint: 'To reach an on-premises or local target, the host allows it explicitly: connect(..., { egress: { allow: ["10.20.0.0/16"] } }).',
    });

  /** Each URL host's verdict: the lists never change, and checking an address parses it (a BlockList check per request). */
  const verdicts = new Map<string, { host: string; why: string } | typeof ALLOWED>();

  return {
    checkUrl(url, action) {
      let verdict = verdicts.get(url.hostname);
      if (verdict === undefined) {
        const host = normaliseHost(url.hostname);
        const why = nameRefusal(host) ?? (isIP(host) !== 0 && !allow.names.has(host) ? refusal(host) : undefined);
        verdict = why === undefined ? ALLOWED : { host, why };
        if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
        verdicts.set(url.hostname, verdict);
      }
      if (verdict !== ALLOWED) throw denied(verdict.host, verdict.why, action);
    },
    lookup(hostname, options, callback) {
      const host = normaliseHost(hostname);
      const byName = nameRefusal(host);
      if (byName) return callback(denied(host, byName, 'connect'), '');
      dnsLookup(host, { all: true, family: Number(options.family ?? 0) || 0 }, (error, addresses) => {
        if (error) return callback(error, '');
        const trusted = allow.names.has(host);
        for (const { address } of addresses) {
          const why = trusted ? undefined : refusal(address);
          // One non-public answer refuses the name: a later connection attempt could pick it.
          if (why) return callback(denied(`${host} (${address})`, why, 'connect'), '');
        }
        const [first] = addresses;
        if (!first) return callback(Object.assign(new Error(`no address for ${host}`), { code: 'ENOTFOUND' }), '');
        if (options.all) return callback(null, addresses);
        return callback(null, first.address, first.family);
      });
    },
  };
}
