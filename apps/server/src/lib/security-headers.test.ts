import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-context.ts';
import { registerResponseHeaders, securityHeadersOf } from './security-headers.ts';

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

  it('are given as one set that a route still adds to and overrides, keeping a header an earlier hook set', async () => {
    const app = Fastify({ requestIdHeader: 'x-request-id' });
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header('x-early', 'kept');
      done();
    });
    registerResponseHeaders(app, { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"] } } });
    app.get('/api/own-policy', (_request, reply) => {
      reply.header('Content-Security-Policy', "default-src 'none'").send({ ok: true });
    });
    app.get('/page', (_request, reply) => {
      reply.type('text/html').send('<p>page</p>');
    });
    try {
      const api = await app.inject({ method: 'GET', url: '/api/own-policy', headers: { 'x-request-id': 'r-1' } });
      expect(api.headers).toMatchObject({
        'x-early': 'kept',
        'content-security-policy': "default-src 'none'",
        'x-content-type-options': 'nosniff',
        'x-request-id': 'r-1',
        'cache-control': 'no-store',
        'content-type': 'application/json; charset=utf-8',
      });
      const page = await app.inject({ method: 'GET', url: '/page' });
      expect(page.headers['content-security-policy']).toContain("default-src 'self'");
      expect(page.headers['x-request-id']).toMatch(/^req-/);
      expect(page.headers['cache-control']).toBeUndefined();
      // Each request has a set of its own: the first one's id and overrides are not carried over.
      const again = await app.inject({ method: 'GET', url: '/page', headers: { 'x-request-id': 'r-2' } });
      expect(again.headers['x-request-id']).toBe('r-2');
      expect(again.headers['content-security-policy']).toContain("default-src 'self'");
    } finally {
      await app.close();
    }
  });
});
