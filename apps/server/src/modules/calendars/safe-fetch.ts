import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { blockListOf } from '../../lib/networks.ts';

/**
 * Addresses an outside calendar must never reach: the server's own machine and network (loopback, private, link-local,
 * carrier-grade NAT, unique-local IPv6, multicast and reserved ranges), so a calendar address cannot be used to read
 * the server's internal services (decision 071).
 */
const forbidden = blockListOf({
  ipv4: [
    '0.0.0.0/8',
    '10.0.0.0/8',
    '100.64.0.0/10',
    '127.0.0.0/8',
    '169.254.0.0/16',
    '172.16.0.0/12',
    '192.0.0.0/24',
    '192.168.0.0/16',
    '198.18.0.0/15',
    '224.0.0.0/3',
  ],
  ipv6: ['::/128', '::1/128', 'fc00::/7', 'fe80::/10', 'ff00::/8', '64:ff9b::/96', '2001:db8::/32'],
});

export type FetchLimits = {
  maxBytes: number;
  timeoutMs: number;
  /** Addresses let through although private: for tests against a local peer only (OUTSIDE_CALENDAR_ALLOW_ADDRESSES). */
  allowedAddresses: readonly string[];
};

export class FetchRefused extends Error {}

/** Whether the fetch may connect to an address (IPv4-mapped IPv6 addresses are judged as the IPv4 they carry). */
export function mayConnectTo(address: string, allowed: readonly string[]): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const plain = mapped ?? address;
  if (allowed.includes(plain)) return true;
  const family = isIP(plain);
  if (family === 0) return false;
  return !forbidden.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

/** DNS answered, then every address checked: the connection is made only to an address that passed. */
function guardedLookup(allowed: readonly string[]): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const usable = addresses.filter((a) => mayConnectTo(a.address, allowed));
      if (!usable.length)
        return callback(
          new FetchRefused(`${hostname} is a private or local address: outside calendars must be on the internet.`),
          '',
          0,
        );
      if (options.all) return (callback as unknown as (e: null, a: typeof usable) => void)(null, usable);
      const first = usable[0] as (typeof usable)[number];
      callback(null, first.address, first.family);
    });
  };
}

export type FetchAnswer =
  | { status: 'unchanged' }
  | { status: 'fetched'; body: string; etag: string | null; lastModified: string | null };

/**
 * GETs an outside calendar: http(s) only, private addresses refused (after every redirect too, and at connection time
 * so a DNS answer cannot change in between), an answer larger than maxBytes or slower than timeoutMs given up.
 */
export async function fetchCalendar(
  address: string,
  conditions: { etag: string | null; lastModified: string | null },
  limits: FetchLimits,
): Promise<FetchAnswer> {
  let url = new URL(address);
  for (let redirects = 0; redirects <= 5; redirects++) {
    const answer = await getOnce(url, conditions, limits);
    if ('redirect' in answer) {
      url = new URL(answer.redirect, url);
      continue;
    }
    return answer;
  }
  throw new FetchRefused('Too many redirects.');
}

function getOnce(
  url: URL,
  conditions: { etag: string | null; lastModified: string | null },
  limits: FetchLimits,
): Promise<FetchAnswer | { redirect: string }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return Promise.reject(new FetchRefused('Calendar addresses start with https:// (or http://).'));
  if (url.username || url.password)
    return Promise.reject(new FetchRefused('Calendar addresses with a user name and password are not supported.'));
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !mayConnectTo(literal, limits.allowedAddresses))
    return Promise.reject(
      new FetchRefused(`${literal} is a private or local address: outside calendars must be on the internet.`),
    );
  const headers: Record<string, string> = { accept: 'text/calendar, */*;q=0.5', 'user-agent': 'massage-booking/1' };
  if (conditions.etag) headers['if-none-match'] = conditions.etag;
  if (conditions.lastModified) headers['if-modified-since'] = conditions.lastModified;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      { headers, lookup: guardedLookup(limits.allowedAddresses), timeout: limits.timeoutMs },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && status !== 304 && response.headers.location) {
          response.resume();
          return resolve({ redirect: response.headers.location });
        }
        if (status === 304) {
          response.resume();
          return resolve({ status: 'unchanged' });
        }
        if (status !== 200) {
          response.resume();
          return reject(new Error(`The calendar's server answered ${status}.`));
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > limits.maxBytes) {
          request.destroy();
          return reject(new FetchRefused(tooLarge(limits.maxBytes)));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.maxBytes) {
            request.destroy(new FetchRefused(tooLarge(limits.maxBytes)));
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: 'fetched',
            body: Buffer.concat(chunks).toString('utf8'),
            etag: response.headers.etag ?? null,
            lastModified: response.headers['last-modified'] ?? null,
          }),
        );
      },
    );
    // The whole answer, not just each pause between bytes, must arrive in time.
    const deadline = setTimeout(
      () => request.destroy(new Error(`The calendar did not answer within ${limits.timeoutMs / 1000} s.`)),
      limits.timeoutMs,
    );
    request.on('timeout', () =>
      request.destroy(new Error(`The calendar did not answer within ${limits.timeoutMs / 1000} s.`)),
    );
    request.on('close', () => clearTimeout(deadline));
    request.on('socket', (socket) =>
      socket.on('connect', () => {
        // Belt and braces: whatever resolved the name, the peer actually reached is checked too.
        const peer = socket.remoteAddress;
        if (peer && !mayConnectTo(peer, limits.allowedAddresses))
          request.destroy(new FetchRefused('The calendar address leads to a private or local address.'));
      }),
    );
    request.on('error', reject);
  });
}

const tooLarge = (maxBytes: number) =>
  `The calendar is larger than ${Math.round(maxBytes / 1_000_000)} MB; only smaller calendars can be read.`;
