// Issue 26: the review request goes by text too once texting is on, to the client's own number, never for a sensual
// visit; a client who chose texts only gets no email. The owner's decisions on reviews are in the audit log.
import { toE164 } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, booking, contactPreference, emailOutbox, textOutbox } from '../../db/schema.ts';
import { insertBooking } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { startTwilioPeer, TEST_TWILIO, type TwilioPeer } from '../../test/twilio-peer.ts';
import { queueReviewRequests } from './review-requests.ts';

type Person = Awaited<ReturnType<typeof signedIn>>;

let peer: TwilioPeer;
let t: TestApp;
let owner: Person;
beforeAll(async () => {
  peer = await startTwilioPeer(TEST_TWILIO);
  t = await createTestApp({ API_RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000', ...peer.env() });
  owner = await signedIn(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

/** A UK mobile of this test's own (07911 block), in E.164; another is drawn until the block is allocated. */
function newMobile(): string {
  const e164 = toE164(`07911 ${String(100000 + Math.floor(Math.random() * 899999))}`);
  return e164 ?? newMobile();
}

let visits = 0;
/** A completed visit three to nine days ago at an hour of its own, booked with the client's mobile. */
async function pastVisit(client: Person, phone: string, type = 'swedish') {
  const n = visits++;
  const startsAt = new Date(Date.now() - (3 + (n % 6)) * 86_400_000 - (Math.floor(n / 6) * 2 + 1) * 3_600_000);
  startsAt.setUTCMinutes(0, 0, 0);
  const row = await insertBooking(t, {
    type,
    status: 'completed',
    startsAt,
    client: { id: client.id, email: client.email },
  });
  await t.db.update(booking).set({ clientPhone: phone }).where(eq(booking.id, row.id));
  return row;
}

const textsFor = (bookingId: string) =>
  t.db
    .select()
    .from(textOutbox)
    .where(and(eq(textOutbox.bookingId, bookingId), eq(textOutbox.kind, 'review.request')));
/** The review's id, as the owner's list gives it. */
async function reviewIdOf(bookingId: string): Promise<string> {
  const { reviews } = (await owner.call('GET', '/api/admin/reviews')).json() as {
    reviews: { id: string; bookingId: string }[];
  };
  const found = reviews.find((review) => review.bookingId === bookingId);
  if (!found) throw new Error(`no review of ${bookingId}`);
  return found.id;
}
const emailsFor = (bookingId: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.dedupeKey, `review-request:${bookingId}`));

describe('asking for a review by text', () => {
  it('texts the review link once, in neutral words, beside the email', async () => {
    const client = await signedIn(t);
    const mobile = newMobile();
    const visit = await pastVisit(client, mobile);
    await queueReviewRequests(t.context);
    await queueReviewRequests(t.context);
    const texts = await textsFor(visit.id);
    expect(texts).toHaveLength(1);
    expect(texts[0]?.recipient).toBe(mobile);
    expect(texts[0]?.body).toMatch(/^Thank you for your visit to Soothe London on .+\. How was it\?/);
    expect(texts[0]?.body).toContain(`http://localhost:3000/review/${visit.id}`);
    expect(texts[0]?.body).not.toMatch(/swedish|massage/i);
    expect(await emailsFor(visit.id)).toHaveLength(1);
  });

  it('sends only the text to a client who chose texts, and nothing about a sensual visit', async () => {
    const client = await signedIn(t, { sensual: true });
    const mobile = newMobile();
    await t.db.insert(contactPreference).values({ userId: client.id, channel: 'text' });
    const therapeutic = await pastVisit(client, mobile);
    const sensual = await pastVisit(client, mobile, 'sensual');
    await queueReviewRequests(t.context);
    expect(await textsFor(therapeutic.id)).toHaveLength(1);
    expect(await emailsFor(therapeutic.id)).toEqual([]);
    expect(await textsFor(sensual.id)).toEqual([]);
    expect(await emailsFor(sensual.id)).toEqual([]);
  });
});

describe('the owner’s decisions on reviews', () => {
  it('records who showed, answered and hid a review, with what it was before', async () => {
    const client = await signedIn(t);
    const visit = await pastVisit(client, newMobile());
    const left = await client.call('POST', `/api/reviews/visits/${visit.id}`, { rating: 4, body: 'Kind and calm.' });
    expect(left.statusCode, left.body).toBe(201);
    const id = await reviewIdOf(visit.id);

    for (const change of [{ status: 'approved' }, { reply: 'Thank you!' }, { status: 'hidden' }])
      expect((await owner.call('PATCH', `/api/admin/reviews/${id}`, change)).statusCode).toBe(200);
    const lines = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'review'), eq(auditLog.entityId, id)))
      .orderBy(auditLog.at);
    expect(lines.map((line) => [line.action, line.actorEmail])).toEqual([
      ['review.approved', owner.email],
      ['review.replied', owner.email],
      ['review.hidden', owner.email],
    ]);
    expect(lines[2]).toMatchObject({
      before: { status: 'approved', reply: 'Thank you!' },
      after: { status: 'hidden', reply: 'Thank you!' },
    });
  });

  it('refuses a client deciding on a review, and records nothing', async () => {
    const client = await signedIn(t);
    const visit = await pastVisit(client, newMobile());
    const left = await client.call('POST', `/api/reviews/visits/${visit.id}`, { rating: 5, body: 'Lovely.' });
    expect(left.statusCode, left.body).toBe(201);
    const id = await reviewIdOf(visit.id);
    expect((await client.call('PATCH', `/api/admin/reviews/${id}`, { status: 'approved' })).statusCode).toBe(403);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.entityId, id))).toEqual([]);
  });
});
