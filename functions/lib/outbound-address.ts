// Outbound requests to addresses a customer typed (an iCal feed, a webhook endpoint): every address a
// host resolves to is checked before connecting, and the connection uses the address that was
// checked, so the functions cannot be pointed at the cloud's internal network (loopback, private
// ranges, link-local metadata). Whether private hosts are allowed is configuration, read from the
// environment by the caller (CALENDAR_ALLOW_PRIVATE_HOSTS, WEBHOOK_ALLOW_PRIVATE_HOSTS: `npm start`
// and the tests set them; AWS never does).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import net from 'node:net';

function ipv4Private(ip: string): boolean {
  const [a, b] = ip.split('.').map(Number);
  return a === 0 || a === 10 || a === 127 || (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || a >= 224;
}

/** Loopback, private, carrier-grade NAT, link-local (cloud metadata), multicast, unspecified. */
export function isPrivateAddress(ip: string): boolean {
  if (net.isIPv4(ip)) return ipv4Private(ip);
  const lower = ip.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return ipv4Private(mapped[1]);
  return lower === '::' || lower === '::1' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower) || lower.startsWith('ff');
}

/** A URL whose host is a literal private address (refused before any connection). */
export function isPrivateLiteralHost(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '');
  return net.isIP(bare) !== 0 && isPrivateAddress(bare);
}

/** The error code guardedLookup fails a private address with. */
export const PRIVATE_ADDRESS_CODE = 'EPRIVATE';

/** A lookup for http.request that refuses private addresses (the connection uses the checked one). */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: object, callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as LookupAddress[];
      if (!allowPrivate && list.some((entry) => isPrivateAddress(entry.address))) {
        return callback(Object.assign(new Error('private address'), { code: PRIVATE_ADDRESS_CODE }), '', 0);
      }
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
