// HMRC's fraud-prevention headers for the connection method WEB_APP_VIA_SERVER: gathered from the owner's browser
// (what it says about itself) and from the request as the server received it, and the rules HMRC's "Test Fraud
// Prevention Headers" API checks them by (used by the local peer and the tests). Pure: no I/O.
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import type { BrowserContext } from '@app/shared';

export const PRODUCT_NAME = 'Massage booking';
export const VENDOR_KEY = 'massage-booking';

/** What the server knows of the request the owner's browser made, and of the owner's session. */
export type RequestFacts = {
  /** The owner's public address as the server sees it (the first address of the forwarded chain behind a proxy). */
  clientIp: string;
  /** The source port of the owner's connection (the proxy's X-Forwarded-Port is not the client's: left out then). */
  clientPort: number;
  /** When the address was read. */
  at: Date;
  /** The hops between the owner and this server, each `{ by, for }` (one hop without a proxy). */
  hops: { by: string; for: string }[];
  /** The address this server answered on. */
  serverIp: string;
  userId: string;
  /** How the owner's session was second-factored: an authenticator code, or a passkey (OTHER). */
  multiFactor: { type: 'TOTP' | 'OTHER'; at: Date; reference: string } | null;
  serverVersion: string;
  /** A hash standing for the install's licence (the software has none: the hash of its HMRC client id). */
  licenceHash: string;
};

const pct = (value: string) => encodeURIComponent(value);
const pairs = (entries: [string, string | number][]) =>
  entries.map(([k, v]) => `${pct(k)}=${pct(String(v))}`).join('&');
/** yyyy-MM-ddThh:mm:ss.sssZ, the only form HMRC takes for its timestamps. */
const hmrcInstant = (date: Date) => date.toISOString();

function utcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export function fraudHeaders(browser: BrowserContext, facts: RequestFacts): Record<string, string> {
  const headers: Record<string, string> = {
    'Gov-Client-Connection-Method': 'WEB_APP_VIA_SERVER',
    'Gov-Client-Browser-JS-User-Agent': browser.userAgent,
    'Gov-Client-Device-ID': browser.deviceId,
    'Gov-Client-Public-IP': facts.clientIp,
    'Gov-Client-Public-IP-Timestamp': hmrcInstant(facts.at),
    'Gov-Client-Public-Port': String(facts.clientPort),
    'Gov-Client-Screens': browser.screens
      .map((screen) =>
        pairs([
          ['width', screen.width],
          ['height', screen.height],
          ['scaling-factor', screen.scalingFactor],
          ['colour-depth', screen.colourDepth],
        ]),
      )
      .join(','),
    'Gov-Client-Timezone': utcOffset(browser.utcOffsetMinutes),
    'Gov-Client-User-IDs': pairs([[VENDOR_KEY, facts.userId]]),
    'Gov-Client-Window-Size': pairs([
      ['width', browser.windowSize.width],
      ['height', browser.windowSize.height],
    ]),
    'Gov-Vendor-Forwarded': facts.hops
      .map((hop) =>
        pairs([
          ['by', hop.by],
          ['for', hop.for],
        ]),
      )
      .join(','),
    'Gov-Vendor-License-IDs': pairs([[VENDOR_KEY, facts.licenceHash]]),
    'Gov-Vendor-Product-Name': pct(PRODUCT_NAME),
    'Gov-Vendor-Public-IP': facts.serverIp,
    'Gov-Vendor-Version': pairs([
      [`${VENDOR_KEY}-web`, browser.webVersion],
      [`${VENDOR_KEY}-server`, facts.serverVersion],
    ]),
  };
  if (facts.multiFactor)
    headers['Gov-Client-Multi-Factor'] = pairs([
      ['type', facts.multiFactor.type],
      ['timestamp', hmrcInstant(facts.multiFactor.at)],
      ['unique-reference', facts.multiFactor.reference],
    ]);
  return headers;
}

/** A reference for the owner's second factor that tells HMRC nothing of it: a hash of the user and the kind. */
export const multiFactorReference = (userId: string, type: string) =>
  createHash('sha256').update(`${userId}:${type}`).digest('hex');

export const licenceHashOf = (clientId: string) => createHash('sha256').update(clientId).digest('hex');

// ---- HMRC's validation rules (the "Test Fraud Prevention Headers" API, WEB_APP_VIA_SERVER) ----

export type HeaderFinding = { code: string; message: string; headers: string[] };
export type HeaderValidation = {
  specVersion: string;
  code: 'VALID_HEADERS' | 'INVALID_HEADERS' | 'POTENTIALLY_INVALID_HEADERS';
  message: string;
  errors: HeaderFinding[];
  warnings: HeaderFinding[];
};

/** Every header HMRC requires for this connection method (Multi-Factor when the user has one, which an owner does). */
export const requiredHeaders = [
  'Gov-Client-Connection-Method',
  'Gov-Client-Browser-JS-User-Agent',
  'Gov-Client-Device-ID',
  'Gov-Client-Multi-Factor',
  'Gov-Client-Public-IP',
  'Gov-Client-Public-IP-Timestamp',
  'Gov-Client-Public-Port',
  'Gov-Client-Screens',
  'Gov-Client-Timezone',
  'Gov-Client-User-IDs',
  'Gov-Client-Window-Size',
  'Gov-Vendor-Forwarded',
  'Gov-Vendor-License-IDs',
  'Gov-Vendor-Product-Name',
  'Gov-Vendor-Public-IP',
  'Gov-Vendor-Version',
] as const;

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `a=1&b=2` into its decoded pairs; null when a part is not `key=value` or not percent-encoded properly. */
function parsePairs(value: string): Map<string, string> | null {
  const map = new Map<string, string>();
  for (const part of value.split('&')) {
    const [key, val, ...rest] = part.split('=');
    if (!key || val === undefined || rest.length) return null;
    try {
      map.set(decodeURIComponent(key), decodeURIComponent(val));
    } catch {
      return null;
    }
  }
  return map;
}

/** RFC 1918, loopback, link-local, CGNAT and unique-local addresses: not a public address. */
export function isPrivateAddress(ip: string): boolean {
  if (isIP(ip) === 4) {
    const [a = 0, b = 0] = ip.split('.').map(Number);
    return (
      a === 10 ||
      a === 127 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127) ||
      a === 0
    );
  }
  const lower = ip.toLowerCase();
  return lower === '::1' || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe80');
}

/** HMRC's checks of one request's headers (names compared without case, as HTTP does). */
export function validateFraudHeaders(raw: Record<string, string | string[] | undefined>): HeaderValidation {
  const headers = new Map<string, string>();
  for (const [name, value] of Object.entries(raw))
    if (value !== undefined) headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(',') : value);
  const errors: HeaderFinding[] = [];
  const warnings: HeaderFinding[] = [];
  const error = (header: string, code: string, message: string) => errors.push({ code, message, headers: [header] });
  const warn = (header: string, code: string, message: string) => warnings.push({ code, message, headers: [header] });
  const get = (name: string) => headers.get(name.toLowerCase());

  for (const name of requiredHeaders) {
    const value = get(name);
    if (value === undefined) error(name, 'MISSING_HEADER', 'Header required');
    else if (value.trim() === '') error(name, 'EMPTY_HEADER', 'Value must not be empty');
  }
  const present = (name: string) => {
    const value = get(name);
    return value?.trim() ? value : null;
  };
  // Both public addresses (the client's and the vendor's) must be an address, and should not be a private one.
  const checkPublicAddress = (name: string) => {
    const ip = present(name);
    if (!ip) return;
    if (!isIP(ip)) error(name, 'INVALID_HEADER', 'Value must be an IP address');
    else if (isPrivateAddress(ip)) warn(name, 'POTENTIALLY_INVALID_HEADER', 'Value is a private or local address');
  };

  const method = present('Gov-Client-Connection-Method');
  if (method && method !== 'WEB_APP_VIA_SERVER')
    error('Gov-Client-Connection-Method', 'INVALID_HEADER', 'Value must be WEB_APP_VIA_SERVER for this application');

  const device = present('Gov-Client-Device-ID');
  if (device && !UUID.test(device))
    warn('Gov-Client-Device-ID', 'POTENTIALLY_INVALID_HEADER', 'Value should be a UUID kept by the device');

  const mfa = present('Gov-Client-Multi-Factor');
  if (mfa)
    for (const factor of mfa.split(',')) {
      const fields = parsePairs(factor);
      if (!fields) {
        error('Gov-Client-Multi-Factor', 'INVALID_HEADER', 'Value must be a percent-encoded key-value list');
        continue;
      }
      if (!['TOTP', 'AUTH_CODE', 'OTHER'].includes(fields.get('type') ?? ''))
        error('Gov-Client-Multi-Factor', 'INVALID_HEADER', 'type must be TOTP, AUTH_CODE or OTHER');
      if (!INSTANT.test(fields.get('timestamp') ?? ''))
        error('Gov-Client-Multi-Factor', 'INVALID_HEADER', 'timestamp must be yyyy-MM-ddThh:mm:ss.sssZ');
      if (!fields.get('unique-reference'))
        error('Gov-Client-Multi-Factor', 'INVALID_HEADER', 'unique-reference must not be empty');
    }

  checkPublicAddress('Gov-Client-Public-IP');
  const ipAt = present('Gov-Client-Public-IP-Timestamp');
  if (ipAt && !INSTANT.test(ipAt))
    error('Gov-Client-Public-IP-Timestamp', 'INVALID_HEADER', 'Value must be yyyy-MM-ddThh:mm:ss.sssZ');
  const port = present('Gov-Client-Public-Port');
  if (port && !(/^\d+$/.test(port) && Number(port) >= 1 && Number(port) <= 65535))
    error('Gov-Client-Public-Port', 'INVALID_HEADER', 'Value must be a port between 1 and 65535');

  const screens = present('Gov-Client-Screens');
  if (screens)
    for (const screen of screens.split(',')) {
      const fields = parsePairs(screen);
      // Stryker disable next-line StringLiteral: any text in place of a missing value fails the number pattern too
      const numeric = (key: string) => fields && /^\d+(\.\d+)?$/.test(fields.get(key) ?? '');
      if (!fields || !['width', 'height', 'scaling-factor', 'colour-depth'].every(numeric))
        error(
          'Gov-Client-Screens',
          'INVALID_HEADER',
          'Each screen needs numeric width, height, scaling-factor and colour-depth',
        );
    }
  const timezone = present('Gov-Client-Timezone');
  if (timezone && !/^UTC[+-]\d{2}:\d{2}$/.test(timezone))
    error('Gov-Client-Timezone', 'INVALID_HEADER', 'Value must be UTC±hh:mm');
  const windowSize = present('Gov-Client-Window-Size');
  if (windowSize) {
    const fields = parsePairs(windowSize);
    if (!fields || !['width', 'height'].every((key) => /^\d+$/.test(fields.get(key) ?? '')))
      error('Gov-Client-Window-Size', 'INVALID_HEADER', 'Value needs numeric width and height');
  }
  for (const name of ['Gov-Client-User-IDs', 'Gov-Vendor-License-IDs', 'Gov-Vendor-Version']) {
    const value = present(name);
    if (!value) continue;
    const fields = parsePairs(value);
    if (!fields || [...fields.values()].some((v) => v === ''))
      error(name, 'INVALID_HEADER', 'Value must be a percent-encoded key-value list with no empty value');
  }
  const forwarded = present('Gov-Vendor-Forwarded');
  if (forwarded)
    for (const hop of forwarded.split(',')) {
      const fields = parsePairs(hop);
      if (!fields || !isIP(fields.get('by') ?? '') || !isIP(fields.get('for') ?? ''))
        error('Gov-Vendor-Forwarded', 'INVALID_HEADER', 'Each hop needs by and for, both IP addresses');
    }
  const product = present('Gov-Vendor-Product-Name');
  if (product && /[^A-Za-z0-9%\-._~]/.test(product))
    error('Gov-Vendor-Product-Name', 'INVALID_HEADER', 'Value must be percent-encoded');
  checkPublicAddress('Gov-Vendor-Public-IP');

  const code = errors.length ? 'INVALID_HEADERS' : warnings.length ? 'POTENTIALLY_INVALID_HEADERS' : 'VALID_HEADERS';
  const message = {
    VALID_HEADERS: 'All headers appear to be valid',
    INVALID_HEADERS: 'At least 1 header is invalid',
    POTENTIALLY_INVALID_HEADERS: 'At least 1 header is potentially invalid',
  }[code];
  return { specVersion: '3.3', code, message, errors, warnings };
}
