import { isIPv4, isIPv6 } from 'node:net';
import { blockListOf } from '../../lib/networks.ts';

// The place a session came from, told instead of its address (decision 055). The lookup is offline:
// fast-geoip ships the GeoLite2 city data in its package and reads only the few small files an address needs,
// so nothing is downloaded at install or run time and the server's idle memory does not grow. IPv4 only.

export const THIS_NETWORK = 'This network';
export const LOCAL_NETWORK = 'Local network';
export const UNKNOWN_PLACE = 'Unknown place';

const loopback = blockListOf({ ipv4: ['127.0.0.0/8'], ipv6: ['::1/128'] });

// Addresses that never leave a home or office network (the database places some of them in random countries).
const local = blockListOf({
  ipv4: ['0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '169.254.0.0/16', '172.16.0.0/12', '192.168.0.0/16'],
  ipv6: ['fc00::/7', 'fe80::/10'],
});

/** "Belfast, United Kingdom", "United States", "This network", "Local network" or "Unknown place". */
export async function placeOfAddress(address: string | null | undefined, locale: string): Promise<string> {
  if (!address) return UNKNOWN_PLACE;
  // An IPv4 address as the IPv6 socket reports it: ::ffff:81.2.69.142.
  const ip = address.toLowerCase().startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
  const family = isIPv4(ip) ? 'ipv4' : isIPv6(ip) ? 'ipv6' : null;
  if (!family) return UNKNOWN_PLACE;
  if (loopback.check(ip, family)) return THIS_NETWORK;
  if (local.check(ip, family)) return LOCAL_NETWORK;
  if (family === 'ipv6') return UNKNOWN_PLACE;
  // Loaded with the first lookup, not with the server (decision 088).
  const { default: geoip } = await import('fast-geoip');
  const found = await geoip.lookup(ip).catch(() => null);
  if (!found?.country) return UNKNOWN_PLACE;
  const country = countryName(found.country, locale);
  return found.city ? `${found.city}, ${country}` : country;
}

function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
