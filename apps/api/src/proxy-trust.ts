import { BlockList, isIP } from 'node:net';

// Which proxies in front of the server are believed when they say who the client is (X-Forwarded-For) and how it
// connected (X-Forwarded-Proto, X-Forwarded-Host): docs/decisions/013-trusted-proxies.md. A proxy such as nginx with
// `$proxy_add_x_forwarded_for` APPENDS the address it saw to whatever the client sent, so only the right end of the
// header is written by proxies; the left end is the client's own text. The client is found by walking from the
// socket leftwards, past trusted proxies only (proxy-addr's rule, which Fastify applies with the function below).

/**
 * config.trustProxy: false (no proxy: the socket's address is the client), the number of proxies in front, or the
 * proxies' addresses and CIDR ranges (and proxy-addr's names loopback, linklocal, uniquelocal).
 */
export type TrustProxySetting = false | number | string[];

/** Whether the address at `hop` (0: the socket's peer, 1: the right-most X-Forwarded-For entry, …) is a trusted proxy. */
export type ProxyTrust = (address: string | undefined, hop: number) => boolean;

/** More proxies than this in a chain is a typo (or an attempt to trust every address again). */
export const TRUST_PROXY_MAX_HOPS = 10;

/** The named ranges proxy-addr (and so Express and Fastify) accept. */
const NAMED_RANGES: Readonly<Record<string, readonly string[]>> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

type Range = { address: string; prefix: number; family: 'ipv4' | 'ipv6' };

/** An address or CIDR range as a subnet, or null when `entry` is neither. */
function rangeOf(entry: string): Range | null {
  const slash = entry.indexOf('/');
  const address = slash === -1 ? entry : entry.slice(0, slash);
  const version = isIP(address);
  if (version === 0) return null;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  const bits = version === 4 ? 32 : 128;
  if (slash === -1) return { address, prefix: bits, family };
  const prefixText = entry.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > bits) return null;
  return { address, prefix: Number(prefixText), family };
}

/** Whether `entry` is something TRUST_PROXY's list accepts: an IP address, a CIDR range, or a named range. */
export function isProxyAddress(entry: string): boolean {
  return entry.toLowerCase() in NAMED_RANGES || rangeOf(entry) !== null;
}

function compile(setting: TrustProxySetting): ProxyTrust | false {
  if (setting === false) return false;
  if (typeof setting === 'number') {
    // The socket's peer and the next setting-1 entries are proxies; the entry after them is the client.
    return (_address, hop) => hop < setting;
  }
  const list = new BlockList();
  for (const entry of setting) {
    for (const part of NAMED_RANGES[entry.toLowerCase()] ?? [entry]) {
      const range = rangeOf(part)!;
      list.addSubnet(range.address, range.prefix, range.family);
    }
  }
  // BlockList matches an IPv4-mapped IPv6 address (::ffff:127.0.0.1, as a dual-stack socket reports it) to IPv4 rules.
  return (address) => {
    const version = typeof address === 'string' ? isIP(address) : 0;
    return version !== 0 && list.check(address!, version === 4 ? 'ipv4' : 'ipv6');
  };
}

const compiledLists = new WeakMap<string[], ProxyTrust>();

/**
 * The trust function for a setting, given to Fastify (request.ip, .ips, .protocol, .host) and used by the code that
 * answers before Fastify's request exists (the cache's front door, the router's early errors), so all of them agree.
 * false when no proxy is trusted (Fastify then reads only the socket).
 */
export function proxyTrust(setting: TrustProxySetting): ProxyTrust | false {
  if (!Array.isArray(setting)) return compile(setting);
  let trust = compiledLists.get(setting);
  if (!trust) {
    trust = compile(setting) as ProxyTrust;
    compiledLists.set(setting, trust);
  }
  return trust;
}
