import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../test/clients.ts';
import { createTestApp, type TestApp } from '../test/test-context.ts';

// Issue 9, defect 8 (part): personal answers are never kept by a browser or proxy; HEAD of a page
// answers like its GET.
let t: TestApp;
beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Shell</title>');
  t = await createTestApp({ WEB_DIST: webDist, API_RATE_LIMIT_MAX: '100000' });
});
afterAll(() => t.close());

describe('Cache-Control: no-store on personal answers', () => {
  it.each([
    ['user', '/api/bookings'],
    ['user', '/api/account/export'],
    ['user', '/api/auth/get-session'],
    ['admin', '/api/admin/dashboard'],
    ['admin', '/api/admin/customers'],
    ['admin', '/api/admin/bookings'],
    ['admin', '/api/files'],
    ['lodger', '/api/availability/calendar?from=2030-01-07&to=2030-01-07'],
  ] as const)('%s GET %s', async (role, url) => {
    const person = await signedIn(t, { role });
    const response = await person.call('GET', url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
  });

  it('an error answer is not kept either', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/bookings' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('HEAD answers like GET without a body', () => {
  it.each(['/', '/book', '/account', '/admin'])('HEAD %s', async (url) => {
    const get = await t.app.inject({ method: 'GET', url });
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(get.statusCode).toBe(200);
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.body).toBe('');
  });

  it('HEAD of an API read answers like its GET', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/api/health' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });
});
