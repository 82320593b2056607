// Issue 26: reviews from real clients. Only the client of a completed therapeutic visit writes one, once; sensual
// visits are never asked about nor reviewable; what the owner hides never leaves the server.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema.ts';
import { insertBooking } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { queueReviewRequests } from './review-requests.ts';

type Person = Awaited<ReturnType<typeof signedIn>>;

let t: TestApp;
let webDist: string;
let owner: Person;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'reviews-web-'));
  copyFileSync(resolve(import.meta.dirname, '../../../../web/index.html'), join(webDist, 'index.html'));
  t = await createTestApp({ WEB_DIST: webDist, API_RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });
  owner = await signedIn(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

let visits = 0;
/** A visit of this client two to ten days ago, each at an hour of its own so no two overlap in the diary. */
async function pastVisit(
  client: Person,
  options: { type?: string; status?: 'completed' | 'confirmed' | 'no_show' } = {},
) {
  const n = visits++;
  const startsAt = new Date(Date.now() - (2 + (n % 8)) * 86_400_000 - (Math.floor(n / 8) * 2 + 1) * 3_600_000);
  startsAt.setUTCMinutes(0, 0, 0);
  return insertBooking(t, {
    type: options.type ?? 'swedish',
    status: options.status ?? 'completed',
    startsAt,
    client: { id: client.id, email: client.email },
  });
}

async function reviewed(client: Person, body: string, rating = 5) {
  const visit = await pastVisit(client);
  const left = await client.call('POST', `/api/reviews/visits/${visit.id}`, { rating, body });
  expect(left.statusCode, left.body).toBe(201);
  const [row] = (await owner.call('GET', '/api/admin/reviews'))
    .json()
    .reviews.filter((review: { bookingId: string }) => review.bookingId === visit.id);
  return { visit, id: row.id as string };
}

describe('leaving a review', () => {
  it('lets the client of a completed visit review it once, and refuses a second review of the same visit', async () => {
    const client = await signedIn(t);
    const visit = await pastVisit(client);
    const page = await client.call('GET', `/api/reviews/visits/${visit.id}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ bookingId: visit.id, review: null });

    const first = await client.call('POST', `/api/reviews/visits/${visit.id}`, { rating: 4, body: 'Very calm room.' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().review).toMatchObject({ rating: 4, body: 'Very calm room.', status: 'pending' });

    const second = await client.call('POST', `/api/reviews/visits/${visit.id}`, { rating: 1, body: 'Changed mind' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('You have already reviewed this visit.');
    expect((await client.call('GET', `/api/reviews/visits/${visit.id}`)).json().review.rating).toBe(4);
  });

  it('never lets a sensual visit be reviewed', async () => {
    const client = await signedIn(t, { sensual: true });
    const visit = await pastVisit(client, { type: 'sensual' });
    expect((await client.call('GET', `/api/reviews/visits/${visit.id}`)).statusCode).toBe(404);
    const left = await client.call('POST', `/api/reviews/visits/${visit.id}`, { rating: 5, body: 'Lovely' });
    expect(left.statusCode).toBe(404);
    const listed = (await owner.call('GET', '/api/admin/reviews')).json().reviews;
    expect(listed.some((review: { bookingId: string }) => review.bookingId === visit.id)).toBe(false);
  });

  it('refuses another client’s visit, a visit not completed, and a rating outside one to five', async () => {
    const client = await signedIn(t);
    const stranger = await signedIn(t);
    const visit = await pastVisit(client);
    expect((await stranger.call('POST', `/api/reviews/visits/${visit.id}`, { rating: 5 })).statusCode).toBe(404);
    const noShow = await pastVisit(client, { status: 'no_show' });
    expect((await client.call('POST', `/api/reviews/visits/${noShow.id}`, { rating: 5 })).statusCode).toBe(404);
    const six = await client.call('POST', `/api/reviews/visits/${visit.id}`, { rating: 6, body: '' });
    expect(six.statusCode).toBe(400);
    expect(six.json().error.message).toContain('one to five stars');
    expect((await client.call('GET', `/api/reviews/visits/${visit.id}`)).json().review).toBeNull();
  });

  it('lets the client delete their review, which then leaves the site', async () => {
    const client = await signedIn(t);
    const { visit, id } = await reviewed(client, 'Deleted later by its writer');
    expect((await owner.call('PATCH', `/api/admin/reviews/${id}`, { status: 'approved' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/reviews' })).body).toContain('Deleted later by its writer');
    expect((await client.call('DELETE', `/api/reviews/visits/${visit.id}`)).statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/reviews' })).body).not.toContain('Deleted later by its writer');
    expect((await client.call('DELETE', `/api/reviews/visits/${visit.id}`)).statusCode).toBe(404);
  });
});

describe('what the site shows', () => {
  it('shows an approved review with the first name, the month and the owner’s reply, on home and its treatment', async () => {
    const client = await signedIn(t);
    const { visit, id } = await reviewed(client, 'Shoulders finally free');
    const pending = (await t.app.inject({ url: '/api/reviews' })).json();
    expect(JSON.stringify(pending)).not.toContain('Shoulders finally free');

    const answered = await owner.call('PATCH', `/api/admin/reviews/${id}`, {
      status: 'approved',
      reply: 'Thank you, see you soon.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const shown = (await t.app.inject({ url: '/api/reviews?type=swedish' })).json().reviews;
    const line = shown.find((review: { id: string }) => review.id === id);
    expect(line).toEqual({
      id,
      rating: 5,
      body: 'Shoulders finally free',
      firstName: 'Sam',
      month: expect.stringMatching(/^\d{4}-\d{2}$/),
      serviceType: 'swedish',
      reply: 'Thank you, see you soon.',
    });
    expect(JSON.stringify(shown)).not.toContain(client.email);
    const deep = (await t.app.inject({ url: '/api/reviews?type=deeptissue' })).json().reviews;
    expect(deep.some((review: { id: string }) => review.id === id)).toBe(false);
    const nothing = await owner.call('PATCH', `/api/admin/reviews/${id}`, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error.message).toBe('Show or hide the review, or write a reply.');
    expect(visit.clientName).toBe('Sam Client');
  });

  it('never sends a hidden review, neither in the reviews nor in the page’s HTML', async () => {
    const client = await signedIn(t);
    const { id } = await reviewed(client, 'Hidden words xyzzy', 1);
    expect((await owner.call('PATCH', `/api/admin/reviews/${id}`, { status: 'approved' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/reviews' })).body).toContain('Hidden words xyzzy');
    expect((await owner.call('PATCH', `/api/admin/reviews/${id}`, { status: 'hidden' })).statusCode).toBe(200);

    for (const url of ['/api/reviews', '/api/reviews?type=swedish', '/', '/book?style=therapeutic&type=swedish']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body, url).not.toContain('xyzzy');
    }
  });
});

describe('asking for a review', () => {
  it('asks the client of a completed therapeutic visit once, by email, with the Google link when the owner set one', async () => {
    const client = await signedIn(t);
    const visit = await pastVisit(client);
    const setting = await owner.call('PUT', '/api/admin/reviews/settings', {
      googleReviewUrl: 'https://g.page/r/soothe-review',
    });
    expect(setting.statusCode, setting.body).toBe(200);
    await queueReviewRequests(t.context);
    await queueReviewRequests(t.context);
    const sent = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `review-request:${visit.id}`));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.recipient).toBe(client.email);
    expect(sent[0]?.text).toContain(`http://localhost:3000/review/${visit.id}`);
    expect(sent[0]?.text).toContain('https://g.page/r/soothe-review');
  });

  it('never asks about a sensual visit, nor one that did not take place', async () => {
    const client = await signedIn(t, { sensual: true });
    const sensual = await pastVisit(client, { type: 'sensual' });
    const noShow = await pastVisit(client, { status: 'no_show' });
    await queueReviewRequests(t.context);
    const sent = await t.db.select().from(emailOutbox).where(like(emailOutbox.dedupeKey, 'review-request:%'));
    const keys = sent.map((row) => row.dedupeKey);
    expect(keys).not.toContain(`review-request:${sensual.id}`);
    expect(keys).not.toContain(`review-request:${noShow.id}`);
    expect(sent.every((row) => !/sensual/i.test(`${row.subject} ${row.text}`))).toBe(true);
  });

  it('refuses a Google link that is not an https address', async () => {
    const refused = await owner.call('PUT', '/api/admin/reviews/settings', { googleReviewUrl: 'javascript:alert(1)' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('https://');
  });
});
