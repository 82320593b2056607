import type { BrowserContext } from '@app/shared';
import { describe, expect, it } from 'vitest';
import {
  fraudHeaders,
  isPrivateAddress,
  licenceHashOf,
  multiFactorReference,
  type RequestFacts,
  requiredHeaders,
  validateFraudHeaders,
} from './fraud-headers.ts';

// The expectations are HMRC's documented rules for the connection method WEB_APP_VIA_SERVER
// (developer.service.hmrc.gov.uk/guides/fraud-prevention): the sixteen headers, key-value lists percent-encoded and
// joined with `&`, lists of screens, hops and factors joined with `,`, timestamps as yyyy-MM-ddThh:mm:ss.sssZ, the
// time zone as UTC±hh:mm, ports 1–65535, IP addresses public (RFC 1918, loopback, link-local, CGNAT and unique-local
// ones are warned about), and the response codes of the "Test Fraud Prevention Headers" API. Pure: no network.

const browser: BrowserContext = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0',
  deviceId: 'beec798b-b366-47fa-b1f8-92cede14a1ce',
  screens: [
    { width: 1920, height: 1080, scalingFactor: 1, colourDepth: 24 },
    { width: 3000, height: 2000, scalingFactor: 1.25, colourDepth: 16 },
  ],
  windowSize: { width: 1256, height: 803 },
  utcOffsetMinutes: 60,
  webVersion: '1.2.3',
};
const facts: RequestFacts = {
  clientIp: '198.51.100.7',
  clientPort: 54321,
  at: new Date('2026-03-05T10:20:30.123Z'),
  hops: [
    { by: '203.0.113.6', for: '198.51.100.7' },
    { by: '203.0.113.9', for: '203.0.113.6' },
  ],
  serverIp: '203.0.113.9',
  userId: 'owner 1',
  multiFactor: { type: 'TOTP', at: new Date('2026-03-05T09:00:00.000Z'), reference: 'ref/1' },
  serverVersion: '2.3.4',
  licenceHash: 'abc123',
};

describe('fraudHeaders', () => {
  it('writes every header HMRC documents, in its format', () => {
    expect(fraudHeaders(browser, facts)).toEqual({
      'Gov-Client-Connection-Method': 'WEB_APP_VIA_SERVER',
      'Gov-Client-Browser-JS-User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0',
      'Gov-Client-Device-ID': 'beec798b-b366-47fa-b1f8-92cede14a1ce',
      'Gov-Client-Multi-Factor': 'type=TOTP&timestamp=2026-03-05T09%3A00%3A00.000Z&unique-reference=ref%2F1',
      'Gov-Client-Public-IP': '198.51.100.7',
      'Gov-Client-Public-IP-Timestamp': '2026-03-05T10:20:30.123Z',
      'Gov-Client-Public-Port': '54321',
      'Gov-Client-Screens':
        'width=1920&height=1080&scaling-factor=1&colour-depth=24,width=3000&height=2000&scaling-factor=1.25&colour-depth=16',
      'Gov-Client-Timezone': 'UTC+01:00',
      'Gov-Client-User-IDs': 'massage-booking=owner%201',
      'Gov-Client-Window-Size': 'width=1256&height=803',
      'Gov-Vendor-Forwarded': 'by=203.0.113.6&for=198.51.100.7,by=203.0.113.9&for=203.0.113.6',
      'Gov-Vendor-License-IDs': 'massage-booking=abc123',
      'Gov-Vendor-Product-Name': 'Massage%20booking',
      'Gov-Vendor-Public-IP': '203.0.113.9',
      'Gov-Vendor-Version': 'massage-booking-web=1.2.3&massage-booking-server=2.3.4',
    });
  });

  it('passes HMRC’s checks as written', () => {
    expect(validateFraudHeaders(fraudHeaders(browser, facts))).toEqual({
      specVersion: '3.3',
      code: 'VALID_HEADERS',
      message: 'All headers appear to be valid',
      errors: [],
      warnings: [],
    });
  });

  it('writes the browser’s zone as UTC±hh:mm', () => {
    const zone = (utcOffsetMinutes: number) =>
      fraudHeaders({ ...browser, utcOffsetMinutes }, facts)['Gov-Client-Timezone'];
    expect(zone(0)).toBe('UTC+00:00');
    expect(zone(-300)).toBe('UTC-05:00');
    expect(zone(330)).toBe('UTC+05:30');
    expect(zone(-570)).toBe('UTC-09:30');
    expect(zone(765)).toBe('UTC+12:45');
  });

  it('leaves Multi-Factor out when the session has no second factor', () => {
    const headers = fraudHeaders(browser, { ...facts, multiFactor: null });
    expect(headers['Gov-Client-Multi-Factor']).toBeUndefined();
    expect(Object.keys(headers)).toHaveLength(requiredHeaders.length - 1);
  });
});

describe('multiFactorReference and licenceHashOf', () => {
  it('are SHA-256 in hex, telling HMRC nothing of what they stand for', () => {
    // SHA-256("abc"), FIPS 180-2's example.
    expect(licenceHashOf('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const reference = multiFactorReference('user-1', 'TOTP');
    expect(reference).toMatch(/^[0-9a-f]{64}$/);
    expect(reference).toBe(multiFactorReference('user-1', 'TOTP'));
    expect(reference).not.toBe(multiFactorReference('user-2', 'TOTP'));
    expect(reference).not.toBe(multiFactorReference('user-1', 'OTHER'));
    // The user and the kind are kept apart: "ab" + "c" is not "a" + "bc".
    expect(multiFactorReference('ab', 'c')).not.toBe(multiFactorReference('a', 'bc'));
    expect(multiFactorReference('abc', '')).not.toBe(licenceHashOf('abc'));
  });
});

describe('isPrivateAddress', () => {
  it('knows the private, loopback, link-local, CGNAT and unspecified IPv4 ranges, edges included', () => {
    for (const ip of [
      '10.0.0.1',
      '10.255.255.255',
      '127.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.0.1',
      '100.64.0.1',
      '100.127.255.255',
      '0.0.0.0',
    ])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of [
      '11.0.0.1',
      '9.255.255.255',
      '126.0.0.1',
      '128.0.0.1',
      '172.15.255.255',
      '172.32.0.1',
      '171.16.0.1',
      '192.169.0.1',
      '191.168.0.1',
      '169.253.0.1',
      '169.255.0.1',
      '168.254.0.1',
      '100.63.255.255',
      '100.128.0.1',
      '99.64.0.1',
      '101.64.0.1',
      '1.0.0.1',
      '198.51.100.7',
    ])
      expect(isPrivateAddress(ip), ip).toBe(false);
  });

  it('knows IPv6 loopback, unique-local and link-local, in either case', () => {
    for (const ip of ['::1', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'FE80::1', 'FD00::1', 'FC00::1'])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['2001:db8::1', '2a00:1450::1', '::2']) expect(isPrivateAddress(ip), ip).toBe(false);
  });
});

describe('validateFraudHeaders: HMRC’s checks', () => {
  const valid = fraudHeaders(browser, facts);
  const check = (changes: Record<string, string | string[] | undefined>) =>
    validateFraudHeaders({ ...valid, ...changes });
  const errorsOf = (changes: Record<string, string | string[] | undefined>) =>
    check(changes).errors.map((e) => `${e.headers.join()} ${e.code}`);
  const warningsOf = (changes: Record<string, string | string[] | undefined>) =>
    check(changes).warnings.map((e) => `${e.headers.join()} ${e.code}`);

  it('requires each of the sixteen headers', () => {
    expect(requiredHeaders).toHaveLength(16);
    for (const name of requiredHeaders) {
      const result = check({ [name]: undefined });
      expect(result.code, name).toBe('INVALID_HEADERS');
      expect(result.message).toBe('At least 1 header is invalid');
      expect(result.errors).toEqual([{ code: 'MISSING_HEADER', message: 'Header required', headers: [name] }]);
      expect(result.warnings).toEqual([]);
    }
  });

  it('refuses an empty or blank header', () => {
    for (const name of requiredHeaders)
      expect(check({ [name]: '  ' }).errors, name).toEqual([
        { code: 'EMPTY_HEADER', message: 'Value must not be empty', headers: [name] },
      ]);
    expect(check({ 'Gov-Client-Public-Port': '' }).errors.map((e) => e.code)).toEqual(['EMPTY_HEADER']);
  });

  it('compares header names without case, and joins a repeated header with commas', () => {
    const lower = Object.fromEntries(Object.entries(valid).map(([name, value]) => [name.toLowerCase(), value]));
    expect(validateFraudHeaders(lower).code).toBe('VALID_HEADERS');
    const upper = Object.fromEntries(Object.entries(valid).map(([name, value]) => [name.toUpperCase(), value]));
    expect(validateFraudHeaders(upper).code).toBe('VALID_HEADERS');
    const { 'Gov-Client-Screens': _, ...rest } = valid;
    expect(
      validateFraudHeaders({
        ...rest,
        'gov-client-screens': [
          'width=1920&height=1080&scaling-factor=1&colour-depth=24',
          'width=800&height=600&scaling-factor=2&colour-depth=8',
        ],
      }).code,
    ).toBe('VALID_HEADERS');
    expect(
      validateFraudHeaders({
        ...rest,
        'gov-client-screens': ['width=1920&height=1080&scaling-factor=1&colour-depth=24', 'width=800'],
      }).errors.map((e) => e.headers[0]),
    ).toEqual(['Gov-Client-Screens']);
  });

  it('takes only WEB_APP_VIA_SERVER as the connection method', () => {
    expect(check({ 'Gov-Client-Connection-Method': 'DESKTOP_APP_DIRECT' }).errors).toEqual([
      {
        code: 'INVALID_HEADER',
        message: 'Value must be WEB_APP_VIA_SERVER for this application',
        headers: ['Gov-Client-Connection-Method'],
      },
    ]);
  });

  it('warns when the device ID is not a UUID', () => {
    const result = check({ 'Gov-Client-Device-ID': 'my-laptop' });
    expect(result.code).toBe('POTENTIALLY_INVALID_HEADERS');
    expect(result.message).toBe('At least 1 header is potentially invalid');
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([
      {
        code: 'POTENTIALLY_INVALID_HEADER',
        message: 'Value should be a UUID kept by the device',
        headers: ['Gov-Client-Device-ID'],
      },
    ]);
    const uuid = 'beec798b-b366-47fa-b1f8-92cede14a1ce';
    expect(warningsOf({ 'Gov-Client-Device-ID': uuid.toUpperCase() })).toEqual([]);
    expect(warningsOf({ 'Gov-Client-Device-ID': `x${uuid}` })).toHaveLength(1);
    expect(warningsOf({ 'Gov-Client-Device-ID': `${uuid}0` })).toHaveLength(1);
    expect(warningsOf({ 'Gov-Client-Device-ID': 'beec798bb-366-47fa-b1f8-92cede14a1ce' })).toHaveLength(1);
    expect(warningsOf({ 'Gov-Client-Device-ID': 'beec798b-b366-47fa-b1f8-92cede14a1cg' })).toHaveLength(1);
  });

  it('checks each factor: type TOTP, AUTH_CODE or OTHER, a timestamp, a unique reference', () => {
    const factor = (type: string, timestamp: string, reference: string) =>
      `type=${type}&timestamp=${encodeURIComponent(timestamp)}&unique-reference=${reference}`;
    const good = factor('TOTP', '2026-03-05T09:00:00.000Z', 'abc');
    const mfa = (value: string) => errorsOf({ 'Gov-Client-Multi-Factor': value });
    expect(mfa(good)).toEqual([]);
    expect(mfa(factor('AUTH_CODE', '2026-03-05T09:00:00.000Z', 'abc'))).toEqual([]);
    expect(mfa(factor('OTHER', '2026-03-05T09:00:00.000Z', 'abc'))).toEqual([]);
    expect(mfa(`${good},${factor('OTHER', '2026-03-05T09:00:00.000Z', 'def')}`)).toEqual([]);
    const bad = ['Gov-Client-Multi-Factor INVALID_HEADER'];
    expect(check({ 'Gov-Client-Multi-Factor': factor('SMS', '2026-03-05T09:00:00.000Z', 'abc') }).errors).toEqual([
      {
        code: 'INVALID_HEADER',
        message: 'type must be TOTP, AUTH_CODE or OTHER',
        headers: ['Gov-Client-Multi-Factor'],
      },
    ]);
    expect(mfa('timestamp=2026-03-05T09%3A00%3A00.000Z&unique-reference=abc')).toEqual(bad);
    expect(check({ 'Gov-Client-Multi-Factor': factor('TOTP', '2026-03-05T09:00Z', 'abc') }).errors).toEqual([
      {
        code: 'INVALID_HEADER',
        message: 'timestamp must be yyyy-MM-ddThh:mm:ss.sssZ',
        headers: ['Gov-Client-Multi-Factor'],
      },
    ]);
    expect(mfa('type=TOTP&unique-reference=abc')).toEqual(bad);
    expect(check({ 'Gov-Client-Multi-Factor': factor('TOTP', '2026-03-05T09:00:00.000Z', '') }).errors).toEqual([
      {
        code: 'INVALID_HEADER',
        message: 'unique-reference must not be empty',
        headers: ['Gov-Client-Multi-Factor'],
      },
    ]);
    expect(mfa('type=TOTP&timestamp=2026-03-05T09%3A00%3A00.000Z')).toEqual(bad);
    expect(mfa(`${good},${factor('SMS', '2026-03-05T09:00:00.000Z', 'def')}`)).toEqual(bad);
    expect(check({ 'Gov-Client-Multi-Factor': 'TOTP' }).errors).toEqual([
      {
        code: 'INVALID_HEADER',
        message: 'Value must be a percent-encoded key-value list',
        headers: ['Gov-Client-Multi-Factor'],
      },
    ]);
    expect(mfa(`${good},TOTP`)).toEqual(bad);
    expect(mfa(`${good}&=x`)).toEqual(bad);
    expect(mfa(`${good}&a=b=c`)).toEqual(bad);
    expect(mfa(`${good}&a=%E0%A4%A`)).toEqual(bad);
    expect(mfa(`${good}&%E0%A4%A=b`)).toEqual(bad);
  });

  it('takes a public IP address with the instant it was read', () => {
    expect(errorsOf({ 'Gov-Client-Public-IP': '2a00:1450::1' })).toEqual([]);
    expect(check({ 'Gov-Client-Public-IP': 'localhost' }).errors).toEqual([
      { code: 'INVALID_HEADER', message: 'Value must be an IP address', headers: ['Gov-Client-Public-IP'] },
    ]);
    const privateIp = check({ 'Gov-Client-Public-IP': '192.168.1.10' });
    expect(privateIp.errors).toEqual([]);
    expect(privateIp.warnings).toEqual([
      {
        code: 'POTENTIALLY_INVALID_HEADER',
        message: 'Value is a private or local address',
        headers: ['Gov-Client-Public-IP'],
      },
    ]);
    expect(check({ 'Gov-Client-Public-IP-Timestamp': '2026-03-05T10:20:30Z' }).errors).toEqual([
      {
        code: 'INVALID_HEADER',
        message: 'Value must be yyyy-MM-ddThh:mm:ss.sssZ',
        headers: ['Gov-Client-Public-IP-Timestamp'],
      },
    ]);
    const at = (value: string) => errorsOf({ 'Gov-Client-Public-IP-Timestamp': value });
    expect(at('x2026-03-05T10:20:30.123Z')).toHaveLength(1);
    expect(at('2026-03-05T10:20:30.123Zx')).toHaveLength(1);
    expect(at('2026-03-05 10:20:30.123Z')).toHaveLength(1);
    expect(at('2026-03-05T10:20:30.1234Z')).toHaveLength(1);
    expect(at('2026-3-05T10:20:30.123Z')).toHaveLength(1);
  });

  it('takes a port between 1 and 65535', () => {
    const port = (value: string) => errorsOf({ 'Gov-Client-Public-Port': value });
    expect(port('1')).toEqual([]);
    expect(port('65535')).toEqual([]);
    expect(check({ 'Gov-Client-Public-Port': '0' }).errors).toEqual([
      {
        code: 'INVALID_HEADER',
        message: 'Value must be a port between 1 and 65535',
        headers: ['Gov-Client-Public-Port'],
      },
    ]);
    expect(port('65536')).toHaveLength(1);
    expect(port('-1')).toHaveLength(1);
    expect(port('80x')).toHaveLength(1);
    expect(port('x80')).toHaveLength(1);
    expect(port('1e3')).toHaveLength(1);
  });

  it('needs each screen’s numeric width, height, scaling factor and colour depth', () => {
    const screens = (value: string) => errorsOf({ 'Gov-Client-Screens': value });
    const good = 'width=1920&height=1080&scaling-factor=1.5&colour-depth=24';
    expect(screens(good)).toEqual([]);
    expect(check({ 'Gov-Client-Screens': 'width=1920&height=1080&scaling-factor=1' }).errors).toEqual([
      {
        code: 'INVALID_HEADER',
        message: 'Each screen needs numeric width, height, scaling-factor and colour-depth',
        headers: ['Gov-Client-Screens'],
      },
    ]);
    const one = ['Gov-Client-Screens INVALID_HEADER'];
    for (const key of ['width', 'height', 'scaling-factor', 'colour-depth']) {
      const without = good.replace(new RegExp(`${key}=[\\d.]+`), `${key}=wide`);
      expect(screens(without), key).toEqual(one);
    }
    expect(screens(good.replace('1.5', '1.'))).toEqual(one);
    expect(screens(good.replace('1.5', '.5'))).toEqual(one);
    expect(screens(good.replace('1920', 'x1920'))).toEqual(one);
    expect(screens(good.replace('1920', '1920x'))).toEqual(one);
    expect(screens(`${good},${good.replace('24', '')}`)).toEqual(one);
    expect(screens('1920x1080')).toEqual(one);
  });

  it('takes the time zone as UTC±hh:mm', () => {
    const zone = (value: string) => errorsOf({ 'Gov-Client-Timezone': value });
    expect(zone('UTC-05:30')).toEqual([]);
    expect(check({ 'Gov-Client-Timezone': 'GMT+01:00' }).errors).toEqual([
      { code: 'INVALID_HEADER', message: 'Value must be UTC±hh:mm', headers: ['Gov-Client-Timezone'] },
    ]);
    expect(zone('UTC+1:00')).toHaveLength(1);
    expect(zone('UTC 01:00')).toHaveLength(1);
    expect(zone('UTC+01:00x')).toHaveLength(1);
    expect(zone('xUTC+01:00')).toHaveLength(1);
  });

  it('needs the window’s whole-pixel width and height', () => {
    const size = (value: string) => errorsOf({ 'Gov-Client-Window-Size': value });
    expect(check({ 'Gov-Client-Window-Size': 'width=1256' }).errors).toEqual([
      { code: 'INVALID_HEADER', message: 'Value needs numeric width and height', headers: ['Gov-Client-Window-Size'] },
    ]);
    const one = ['Gov-Client-Window-Size INVALID_HEADER'];
    expect(size('height=803')).toEqual(one);
    expect(size('width=1256.5&height=803')).toEqual(one);
    expect(size('width=1256&height=803px')).toEqual(one);
    expect(size('width=1256&height=x803')).toEqual(one);
    expect(size('1256x803')).toEqual(one);
  });

  it('needs the user IDs, licence IDs and versions as key-value lists with no empty value', () => {
    for (const name of ['Gov-Client-User-IDs', 'Gov-Vendor-License-IDs', 'Gov-Vendor-Version']) {
      expect(check({ [name]: 'massage-booking=' }).errors, name).toEqual([
        {
          code: 'INVALID_HEADER',
          message: 'Value must be a percent-encoded key-value list with no empty value',
          headers: [name],
        },
      ]);
      expect(errorsOf({ [name]: 'massage-booking' }), name).toHaveLength(1);
      expect(errorsOf({ [name]: 'a=1&b=' }), name).toHaveLength(1);
      expect(errorsOf({ [name]: 'a=1&b=2' }), name).toEqual([]);
    }
  });

  it('needs each hop’s by and for as IP addresses', () => {
    const hops = (value: string) => errorsOf({ 'Gov-Vendor-Forwarded': value });
    expect(hops('by=203.0.113.6&for=2a00:1450::1')).toEqual([]);
    expect(check({ 'Gov-Vendor-Forwarded': 'by=203.0.113.6' }).errors).toEqual([
      {
        code: 'INVALID_HEADER',
        message: 'Each hop needs by and for, both IP addresses',
        headers: ['Gov-Vendor-Forwarded'],
      },
    ]);
    const one = ['Gov-Vendor-Forwarded INVALID_HEADER'];
    expect(hops('for=198.51.100.7')).toEqual(one);
    expect(hops('by=proxy&for=198.51.100.7')).toEqual(one);
    expect(hops('by=203.0.113.6&for=client')).toEqual(one);
    expect(hops('by=203.0.113.6&for=198.51.100.7,by=x&for=203.0.113.6')).toEqual(one);
    expect(hops('203.0.113.6')).toEqual(one);
  });

  it('needs the product name percent-encoded', () => {
    expect(errorsOf({ 'Gov-Vendor-Product-Name': 'My_app-1.0~x%21' })).toEqual([]);
    expect(check({ 'Gov-Vendor-Product-Name': 'Massage booking' }).errors).toEqual([
      { code: 'INVALID_HEADER', message: 'Value must be percent-encoded', headers: ['Gov-Vendor-Product-Name'] },
    ]);
    expect(errorsOf({ 'Gov-Vendor-Product-Name': 'a/b' })).toHaveLength(1);
  });

  it('takes the vendor’s public IP address', () => {
    expect(check({ 'Gov-Vendor-Public-IP': 'server' }).errors).toEqual([
      { code: 'INVALID_HEADER', message: 'Value must be an IP address', headers: ['Gov-Vendor-Public-IP'] },
    ]);
    const local = check({ 'Gov-Vendor-Public-IP': '10.0.0.5' });
    expect(local.code).toBe('POTENTIALLY_INVALID_HEADERS');
    expect(local.warnings).toEqual([
      {
        code: 'POTENTIALLY_INVALID_HEADER',
        message: 'Value is a private or local address',
        headers: ['Gov-Vendor-Public-IP'],
      },
    ]);
  });

  it('reports errors before warnings', () => {
    const both = check({ 'Gov-Client-Timezone': 'GMT', 'Gov-Client-Device-ID': 'laptop' });
    expect(both.code).toBe('INVALID_HEADERS');
    expect(both.message).toBe('At least 1 header is invalid');
    expect(both.errors).toHaveLength(1);
    expect(both.warnings).toHaveLength(1);
  });
});
