import { isIPv4, isIPv6 } from 'node:net';

/**
 * Whether a host name or address is this machine's loopback: `localhost`, any address in
 * 127.0.0.0/8, `::1`, or an IPv4-mapped 127.x address. Anything else (including names that
 * merely start with "127.", such as `127.academy.example`) is not.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (bare.toLowerCase() === 'localhost') return true;
  if (isIPv4(bare)) return bare.split('.')[0] === '127';
  if (!isIPv6(bare)) return false;
  // The URL parser writes IPv6 addresses in canonical form (`0:0::1` becomes `::1`,
  // `::ffff:127.0.0.1` becomes `::ffff:7f00:1`).
  const canonical = new URL(`http://[${bare}]/`).hostname;
  return canonical === '[::1]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(canonical);
}

export function isLoopbackUrl(url: string): boolean {
  return isLoopbackHost(new URL(url).hostname);
}

/** The loopback interface to listen on for a loopback ORIGIN (`[::1]` means IPv6). */
export function loopbackInterfaceFor(origin: string): string {
  return new URL(origin).hostname === '[::1]' ? '::1' : '127.0.0.1';
}
