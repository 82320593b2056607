import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-context.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('operations', () => {
  it('reports health with a database check', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'There is nothing at this address.' } });
  });

  it('answers a malformed JSON body with a 400 and no stack trace', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION');
    expect(response.body).not.toMatch(/\bat .*\.(ts|js):\d+/);
  });

  it('sends a strict Content-Security-Policy and a request id on every response', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    // Without Stripe keys nothing of Stripe's is allowed (issue 13).
    expect(csp).not.toContain('stripe.com');
    expect(csp).not.toContain('frame-src');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toBe('abc-123');
  });

  it('sends the whole set of security headers, and a request id, on an API answer, a page, a 404 and a refusal, and no x-powered-by', async () => {
    const requests = [
      ...['/api/health', '/book', '/api/no-such-thing', '/no-such-file.js'].map((url) => ({
        method: 'GET' as const,
        url,
      })),
      // Refused by the origin guard before any route runs.
      { method: 'POST' as const, url: '/api/bookings', headers: { origin: 'https://elsewhere.example' }, payload: {} },
    ];
    for (const request of requests) {
      const url = `${request.method} ${request.url}`;
      const response = await t.app.inject(request);
      if (request.method === 'POST') expect(response.statusCode, url).toBe(403);
      const headers = response.headers;
      expect(headers['x-request-id'], url).toMatch(/^[0-9a-f-]{36}$/);
      expect(headers, url).toMatchObject({
        'content-security-policy': expect.stringContaining("default-src 'self';script-src 'self';"),
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-frame-options': 'SAMEORIGIN',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
      expect(headers['x-powered-by'], url).toBeUndefined();
      // The test server's address is localhost: no HSTS, which would pin a developer's browser to https.
      expect(headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});

describe('public catalogue and discretion', () => {
  it('lists only therapeutic services to a visitor without the flag', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/services' });
    const services = response.json().services as { style: string; type: string }[];
    expect(services.map((s) => s.type)).toEqual(['swedish', 'deeptissue', 'both']);
    expect(response.body).not.toMatch(/sensual|naturist|body-to-body|bodytobody/i);
    expect(response.headers.vary).toContain('cookie');
  });

  it('lists the sensual services beside them for a visitor with the showSensual cookie', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/services',
      headers: { cookie: 'showSensual=true' },
    });
    const services = response.json().services as {
      type: string;
      durations: { minutes: number; pricePence: number }[];
    }[];
    expect(services.map((s) => s.type)).toEqual(['swedish', 'deeptissue', 'both', 'sensual', 'naturist', 'bodytobody']);
    expect(services[0]?.durations[0]).toEqual({ minutes: 60, pricePence: 7000 });
  });

  it('tells the web app the business defaults and no social providers when none are configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toMatchObject({
      area: 'London',
      timeZone: 'Europe/London',
      currency: 'GBP',
      socialProviders: [],
      analytics: {},
    });
  });
});
