// Issue 26: search engines get a star rating only from five approved reviews (decision 074). A file of its own: the
// rating counts every approved review in the database, so no other test's reviews may be in it.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertBooking } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'reviews-rating-web-'));
  copyFileSync(resolve(import.meta.dirname, '../../../../web/index.html'), join(webDist, 'index.html'));
  t = await createTestApp({ WEB_DIST: webDist, API_RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

async function homeRating() {
  const response = await t.app.inject({ url: '/' });
  const document = new JSDOM(response.body).window.document;
  const business = [...document.querySelectorAll('script[type="application/ld+json"]')]
    .map((script) => JSON.parse(script.textContent ?? ''))
    .find((json) => json['@type'] === 'HealthAndBeautyBusiness');
  expect(business).toBeDefined();
  return business.aggregateRating;
}

it('puts aggregateRating in the home page’s JSON-LD only from five approved reviews', async () => {
  const owner = await signedIn(t, { role: 'admin' });
  const ratings = [5, 4, 5, 5, 4, 1];
  const ids: string[] = [];
  for (const [n, rating] of ratings.entries()) {
    const client = await signedIn(t);
    const visit = await insertBooking(t, {
      type: 'swedish',
      status: 'completed',
      startsAt: new Date(Date.UTC(2026, 0, 5 + n, 10)),
      client: { id: client.id, email: client.email },
    });
    expect((await client.call('POST', `/api/reviews/visits/${visit.id}`, { rating })).statusCode).toBe(201);
  }
  for (const review of (await owner.call('GET', '/api/admin/reviews')).json().reviews) ids.push(review.id);
  expect(ids).toHaveLength(6);

  // Six reviews, but a pending one and a hidden one count for nothing.
  const [hiddenId, ...rest] = ids;
  await owner.call('PATCH', `/api/admin/reviews/${hiddenId}`, { status: 'hidden' });
  for (const id of rest.slice(0, 4)) await owner.call('PATCH', `/api/admin/reviews/${id}`, { status: 'approved' });
  expect(await homeRating()).toBeUndefined();
  expect((await t.app.inject({ url: '/api/reviews' })).json().summary).toBeNull();

  await owner.call('PATCH', `/api/admin/reviews/${rest[4]}`, { status: 'approved' });
  const rating = await homeRating();
  expect(rating).toMatchObject({ '@type': 'AggregateRating', reviewCount: 5, bestRating: 5, worstRating: 1 });
  const approved = (await owner.call('GET', '/api/admin/reviews?status=approved')).json().reviews;
  const average = approved.reduce((sum: number, review: { rating: number }) => sum + review.rating, 0) / 5;
  expect(rating.ratingValue).toBe(average.toFixed(1));
  expect((await t.app.inject({ url: '/api/reviews' })).json().summary).toEqual({ count: 5, average });
});
