import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-context.ts';
import { securityHeadersOf } from './security-headers.ts';

describe('security headers', () => {
  it('pin https and upgrade insecure requests when the site is served from a public address', async () => {
    const t = await createTestApp({ PUBLIC_URL: 'https://soothe.example' });
    try {
      const headers = (await t.app.inject({ method: 'GET', url: '/api/health' })).headers;
      expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(headers['content-security-policy']).toMatch(/;upgrade-insecure-requests$/);
    } finally {
      await t.close();
    }
  });

  it('are helmet’s headers for the configuration, worked out without a request', async () => {
    const headers = securityHeadersOf({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'"] } } });
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['x-powered-by']).toBeUndefined();
  });

  it('refuse a policy helmet cannot write, at start-up rather than on the first request', () => {
    expect(() => securityHeadersOf({ contentSecurityPolicy: { directives: { defaultSrc: ['self'] } } })).toThrow(
      /default-src/,
    );
  });
});
