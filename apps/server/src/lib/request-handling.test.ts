// Issue 10: what the server does for every request costs little: one log line at most, a refused caller kept out
// without the database, and public reads that the browser can revalidate with an ETag.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestCounter } from '../db/schema.ts';
import { bookingBody, localIso, nextWeekday, serviceOfType } from '../test/booking-helpers.ts';
import { signedIn } from '../test/clients.ts';
import { createTestApp, type TestApp } from '../test/test-context.ts';
import { logRequests } from './request-log.ts';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Shell</title>');
  writeFileSync(join(webDist, 'assets', 'app-123.js'), 'console.log(1)');
  t = await createTestApp({
    WEB_DIST: webDist,
    API_RATE_LIMIT_MAX: '5',
    AUTH_RATE_LIMIT_MAX: '100000',
    TRUST_PROXY: 'true',
  });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const linesOf = (reqId: string) => t.logs.filter((line) => line.reqId === reqId);

describe('request log', () => {
  it('writes one line for an API call, without its query, and none for a static file', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/health?secret=smith' });
    const apiLines = linesOf(api.headers['x-request-id'] as string);
    expect(apiLines).toHaveLength(1);
    expect(apiLines[0]).toMatchObject({ msg: 'request', method: 'GET', path: '/api/health', status: 200 });
    expect(JSON.stringify(apiLines[0])).not.toContain('smith');

    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(asset.statusCode).toBe(200);
    expect(linesOf(asset.headers['x-request-id'] as string)).toHaveLength(0);
    const page = await t.app.inject({ method: 'GET', url: '/bookings' });
    expect(page.statusCode).toBe(200);
    expect(linesOf(page.headers['x-request-id'] as string)).toHaveLength(0);
  });

  it('keeps a failed request', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/assets/gone-1.js' });
    expect(missing.statusCode).toBe(404);
    // A 404 of a static file is the browser's business, not an error of the server: no line.
    expect(linesOf(missing.headers['x-request-id'] as string)).toHaveLength(0);
    const bad = await t.app.inject({ method: 'GET', url: '/api/slots?from=x' });
    expect(bad.statusCode).toBe(400);
    expect(linesOf(bad.headers['x-request-id'] as string)).toEqual([
      expect.objectContaining({ msg: 'request', status: 400 }),
    ]);
  });
});

describe('request log of slow and failed requests', () => {
  /** A bare server with the request log and a threshold of 50 ms, its log lines kept. */
  async function loggedServer() {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream }, disableRequestLogging: true });
    logRequests(app, { slowMs: 50 });
    app.addHook('onSend', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
    // Answers only once the request has lasted the threshold: slow by construction, without a fixed sleep.
    app.get('/api/slow', async (_request, reply) => {
      while (reply.elapsedTime < 50) await new Promise((resolve) => setImmediate(resolve));
      return { ok: true };
    });
    app.get('/api/broken', async () => {
      throw new Error('the database went away');
    });
    app.get('/api/quick', async () => ({ ok: true }));
    app.get('/assets/slow.js', async (_request, reply) => {
      while (reply.elapsedTime < 50) await new Promise((resolve) => setImmediate(resolve));
      return 'console.log(1)';
    });
    await app.ready();
    const of = (reqId: string) => lines.filter((line) => line.reqId === reqId && 'status' in line);
    return { app, of };
  }

  it('writes a slow request as one warning, even a static file, and a quick one as one info line', async () => {
    const { app, of } = await loggedServer();
    try {
      const slow = await app.inject({ method: 'GET', url: '/api/slow?q=smith' });
      expect(slow.statusCode).toBe(200);
      const [line, ...more] = of(slow.headers['x-request-id'] as string);
      expect(more).toEqual([]);
      expect(line).toMatchObject({ level: 40, msg: 'slow request', method: 'GET', path: '/api/slow', status: 200 });
      expect(line?.ms).toBeGreaterThanOrEqual(50);
      expect(JSON.stringify(line)).not.toContain('smith');

      const asset = await app.inject({ method: 'GET', url: '/assets/slow.js' });
      expect(of(asset.headers['x-request-id'] as string)).toEqual([
        expect.objectContaining({ level: 40, msg: 'slow request', path: '/assets/slow.js' }),
      ]);
      const quick = await app.inject({ method: 'GET', url: '/api/quick' });
      expect(of(quick.headers['x-request-id'] as string)).toEqual([
        expect.objectContaining({ level: 30, msg: 'request' }),
      ]);
    } finally {
      await app.close();
    }
  });

  it('writes a 5xx as one error line', async () => {
    const { app, of } = await loggedServer();
    try {
      const broken = await app.inject({ method: 'GET', url: '/api/broken' });
      expect(broken.statusCode).toBe(500);
      expect(of(broken.headers['x-request-id'] as string)).toEqual([
        expect.objectContaining({ level: 50, msg: 'request failed', path: '/api/broken', status: 500 }),
      ]);
    } finally {
      await app.close();
    }
  });
});

describe('rate limit', () => {
  it('keeps a caller over the limit out without counting each refusal in the database', async () => {
    const from = { 'x-forwarded-for': '203.0.113.77' };
    const statuses: number[] = [];
    for (let n = 0; n < 9; n++)
      statuses.push((await t.app.inject({ method: 'GET', url: '/api/services', headers: from })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429]);
    // The sixth request found the shared count over the limit; the next three were refused from memory.
    const counters = await t.db.select().from(requestCounter);
    const mine = counters.filter((row) => row.key.startsWith('api:'));
    expect(mine.map((row) => row.count)).toContain(6);
    expect(mine.every((row) => row.count <= 6)).toBe(true);
  });

  it('serves a busy caller exactly its limit from leases of the shared count, each request numbered once', async () => {
    const busy = await createTestApp({ API_RATE_LIMIT_MAX: '100', AUTH_RATE_LIMIT_MAX: '100000' });
    try {
      const from = { 'x-forwarded-for': '203.0.113.78' };
      const answers = await Promise.all(
        Array.from({ length: 150 }, () => busy.app.inject({ method: 'GET', url: '/api/services', headers: from })),
      );
      const served = answers.filter((answer) => answer.statusCode === 200);
      expect(served).toHaveLength(100);
      expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(50);
      // Each served request has its own place in the count: 99 left, 98 left, … 0 left.
      const remaining = served.map((answer) => Number(answer.headers['x-ratelimit-remaining'])).sort((a, b) => a - b);
      expect(remaining).toEqual(Array.from({ length: 100 }, (_, n) => n));
      // The shared count holds every served request, and at most the one lease that found it full.
      const [counter] = (await busy.db.select().from(requestCounter)).filter((row) => row.key.startsWith('api:'));
      expect(counter?.count).toBeGreaterThanOrEqual(100);
      expect(counter?.count).toBeLessThanOrEqual(101);
    } finally {
      await busy.close();
    }
  });
});

describe('ETags on public reads', () => {
  it('answers 304 while the service list is unchanged, and the new list once a price changes', async () => {
    const fresh = await createTestApp({ API_RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });
    try {
      const first = await fresh.app.inject({ method: 'GET', url: '/api/services' });
      const tag = first.headers.etag as string;
      expect(tag).toMatch(/^W\/"/);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const again = await fresh.app.inject({ method: 'GET', url: '/api/services', headers: { 'if-none-match': tag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');

      const admin = await signedIn(fresh, { role: 'admin' });
      const swedish = await serviceOfType(fresh, 'swedish');
      const durations = swedish.durations.map((d, index) =>
        index === 0 ? { ...d, pricePence: d.pricePence + 500 } : d,
      );
      expect((await admin.call('PATCH', `/api/admin/services/${swedish.id}`, { durations })).statusCode).toBe(200);
      const changed = await fresh.app.inject({
        method: 'GET',
        url: '/api/services',
        headers: { 'if-none-match': tag },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(tag);
    } finally {
      await fresh.close();
    }
  });

  it('answers the public settings with an ETag, 304 while unchanged, and a new one once the owner changes a rule', async () => {
    const fresh = await createTestApp({ API_RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });
    try {
      const first = await fresh.app.inject({ method: 'GET', url: '/api/config' });
      const tag = first.headers.etag as string;
      expect(tag).toMatch(/^W\/"/);
      const again = await fresh.app.inject({ method: 'GET', url: '/api/config', headers: { 'if-none-match': tag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');

      const admin = await signedIn(fresh, { role: 'admin' });
      const cutoff = first.json().booking.cancellationCutoffHours + 12;
      const patched = await admin.call('PATCH', '/api/admin/booking-rules', { cancellationCutoffHours: cutoff });
      expect(patched.statusCode, patched.body).toBe(200);
      const changed = await fresh.app.inject({ method: 'GET', url: '/api/config', headers: { 'if-none-match': tag } });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(tag);
      expect(changed.json().booking.cancellationCutoffHours).toBe(cutoff);
    } finally {
      await fresh.close();
    }
  });

  it('gives free times a new ETag the moment one of them is booked', async () => {
    const fresh = await createTestApp({ API_RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });
    try {
      const swedish = await serviceOfType(fresh, 'swedish');
      const day = nextWeekday(3);
      const url = `/api/slots?serviceId=${swedish.id}&duration=60&from=${day}&to=${day}`;
      const first = await fresh.app.inject({ method: 'GET', url });
      const tag = first.headers.etag as string;
      expect(first.headers['cache-control']).toBe('no-cache');
      expect((await fresh.app.inject({ method: 'GET', url, headers: { 'if-none-match': tag } })).statusCode).toBe(304);

      const client = await signedIn(fresh);
      const booked = await client.call('POST', '/api/bookings', bookingBody(swedish.id, localIso(day, '12:00')));
      expect(booked.statusCode).toBe(201);
      const after = await fresh.app.inject({ method: 'GET', url, headers: { 'if-none-match': tag } });
      expect(after.statusCode).toBe(200);
      expect(after.json().days[0].slots).not.toContain(localIso(day, '12:00'));
    } finally {
      await fresh.close();
    }
  });
});
