/**
 * Texts through the official Twilio SDK, pointed at a local peer speaking Twilio's Messages API: what a client
 * receives, exactly once under two senders and a killed one, retried with back-off, delivery reports signed as
 * Twilio signs them (a forged one refused), STOP, the client's own choice, and reminders at the owner's times.
 */
import { textSegments, toE164 } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booking, emailOutbox, textOptOut, textOutbox } from '../../db/schema.ts';
import { bookingBody, insertBooking, localIso, nextWeekday, serviceOfType } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { startTwilioPeer, TEST_TWILIO, type TwilioPeer } from '../../test/twilio-peer.ts';
import { queueBookingText } from './booking-texts.ts';
import { deliverDueTexts } from './text-outbox.ts';
import { queueDueTextReminders } from './text-reminders.ts';
import { twilioSenderOf } from './twilio-sender.ts';

let peer: TwilioPeer;
let t: TestApp;
let swedishId: string;
let numberSeed = 100;
/**
 * A UK mobile of this test's own, typed the British way, and its E.164 form. Not Ofcom's drama range (07700 900…):
 * libphonenumber's data rightly says those cannot be texted.
 */
function newMobile(): { typed: string; e164: string } {
  const digits = String(100000 + Math.floor(Math.random() * 800000) + numberSeed++);
  const e164 = toE164(`07911 ${digits}`);
  // Not every block of 07911 is allocated: another is drawn until one is.
  return e164 ? { typed: `07911 ${digits}`, e164 } : newMobile();
}
const PUBLIC = 'http://localhost:3000';

beforeAll(async () => {
  peer = await startTwilioPeer(TEST_TWILIO);
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', ...peer.env() });
  swedishId = (await serviceOfType(t, 'swedish')).id;
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

const sender = () => twilioSenderOf(t.context.env);
const deliver = (now?: () => number) =>
  deliverDueTexts({ db: t.db, sender: sender(), statusCallback: `${PUBLIC}/api/texts/status`, now });
const textsTo = (e164: string) => peer.received.filter((text) => text.to === e164);
const rowsTo = (e164: string) => t.db.select().from(textOutbox).where(eq(textOutbox.recipient, e164));

let slotCount = 0;
const TIMES = ['10:00', '11:30', '13:00', '14:30', '16:00', '17:30'];
/** A start time of its own for each booking of this file: seven weeks of one weekday, then the next time of day. */
function nextSlot(weekday: number) {
  const n = slotCount++;
  return localIso(nextWeekday(weekday, 5 + 7 * (n % 7)), TIMES[Math.floor(n / 7) % TIMES.length] ?? '10:00');
}

async function book(phone: string) {
  const client = await signedIn(t);
  const made = await client.call('POST', '/api/bookings', bookingBody(swedishId, nextSlot(3), { phone }));
  expect(made.statusCode, made.body).toBe(201);
  return { client, booking: made.json() as { id: string; startsAt: string } };
}

describe('texts', () => {
  it('texts the client a neutral confirmation, once, to their number in E.164', async () => {
    const mobile = newMobile();
    await book(mobile.typed);
    expect(await deliver()).toBeGreaterThanOrEqual(1);
    const [text] = textsTo(mobile.e164);
    expect(text?.from).toBe('+447700900000');
    expect(text?.body).toMatch(/^Your appointment with Soothe London is confirmed for \w+,? \d+ \w+ \d{4} at 10:00/);
    expect(text?.body).not.toMatch(/swedish|massage/i);
    expect(text?.statusCallback).toBe(`${PUBLIC}/api/texts/status`);
    await deliver();
    expect(textsTo(mobile.e164)).toHaveLength(1);
    expect(await rowsTo(mobile.e164)).toMatchObject([{ status: 'sent', attempts: 1, providerId: text?.sid }]);
  });

  it('sends each text exactly once with two senders at work together', async () => {
    const numbers = Array.from({ length: 12 }, newMobile);
    await t.db.transaction(async (tx) => {
      for (const mobile of numbers)
        await tx.insert(textOutbox).values({ kind: 'booking.confirmed', recipient: mobile.e164, body: 'Hello' });
    });
    await Promise.all([deliver(), deliver(), deliver()]);
    for (const mobile of numbers) expect(textsTo(mobile.e164), mobile.e164).toHaveLength(1);
  });

  it('never sends again a text a killed sender had claimed, and says its fate is unknown', async () => {
    const mobile = newMobile();
    const [row] = await t.db
      .insert(textOutbox)
      .values({ kind: 'booking.reminder', recipient: mobile.e164, body: 'Hi', status: 'sending', attempts: 1 })
      .returning();
    await t.db.execute(`update text_outbox set updated_at = now() - interval '10 minutes' where id = '${row?.id}'`);
    await deliver();
    expect(textsTo(mobile.e164)).toEqual([]);
    expect(await rowsTo(mobile.e164)).toMatchObject([{ status: 'unknown' }]);
  });

  it('retries with back-off when Twilio fails, and gives up at once on a refused number', async () => {
    const mobile = newMobile();
    await t.db.insert(textOutbox).values({ kind: 'booking.confirmed', recipient: mobile.e164, body: 'Hi' });
    peer.failNext(503, 20503, 'Service unavailable');
    await deliver();
    let [row] = await rowsTo(mobile.e164);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    await deliver();
    expect(textsTo(mobile.e164)).toEqual([]);
    await deliver(() => Date.now() + 60_000);
    [row] = await rowsTo(mobile.e164);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(textsTo(mobile.e164)).toHaveLength(1);

    const wrong = newMobile();
    await t.db.insert(textOutbox).values({ kind: 'booking.confirmed', recipient: wrong.e164, body: 'Hi' });
    peer.failNext(400, 21211, "The 'To' number is not a valid phone number.");
    await deliver(() => Date.now() + 3_600_000);
    await deliver(() => Date.now() + 7_200_000);
    expect(await rowsTo(wrong.e164)).toMatchObject([
      { status: 'failed', attempts: 1, lastError: "The 'To' number is not a valid phone number." },
    ]);
  });

  it('takes the delivery report signed as Twilio signs it, and refuses a forged one', async () => {
    const mobile = newMobile();
    await book(mobile.typed);
    await deliver();
    const sid = textsTo(mobile.e164)[0]?.sid ?? '';
    const post = (body: string, signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/texts/status',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        payload: body,
      });
    const forged = peer.signed(`${PUBLIC}/api/texts/status`, { MessageSid: sid, MessageStatus: 'delivered' });
    const refused = await post(forged.body.replace('delivered', 'failed'), forged.signature);
    expect(refused.statusCode).toBe(403);
    expect(await rowsTo(mobile.e164)).toMatchObject([{ status: 'sent' }]);
    const real = peer.signed(`${PUBLIC}/api/texts/status`, { MessageSid: sid, MessageStatus: 'delivered' });
    expect((await post(real.body, real.signature)).statusCode).toBe(204);
    expect(await rowsTo(mobile.e164)).toMatchObject([{ status: 'delivered' }]);
    // A late 'sent' report does not undo 'delivered'.
    const late = peer.signed(`${PUBLIC}/api/texts/status`, { MessageSid: sid, MessageStatus: 'sent' });
    await post(late.body, late.signature);
    expect(await rowsTo(mobile.e164)).toMatchObject([{ status: 'delivered' }]);
  });

  it('stops texting a number that replied STOP, and starts again on START', async () => {
    const mobile = newMobile();
    const reply = async (word: string) => {
      const signed = peer.signed(`${PUBLIC}/api/texts/incoming`, {
        From: mobile.e164,
        Body: word,
        To: '+447700900000',
      });
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/texts/incoming',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signed.signature },
        payload: signed.body,
      });
      expect(answer.statusCode).toBe(200);
    };
    await reply(' stop ');
    expect(await t.db.select().from(textOptOut).where(eq(textOptOut.phone, mobile.e164))).toHaveLength(1);
    await book(mobile.typed);
    expect(await rowsTo(mobile.e164)).toEqual([]);
    await reply('START');
    await book(mobile.typed);
    expect(await rowsTo(mobile.e164)).toHaveLength(1);
  });

  it('sends no text to a client who chose email only', async () => {
    const mobile = newMobile();
    const client = await signedIn(t);
    const chose = await client.call('PUT', '/api/account/contact-preference', { channel: 'email' });
    expect(chose.json()).toMatchObject({ channel: 'email', textsEnabled: true });
    const made = await client.call(
      'POST',
      '/api/bookings',
      bookingBody(swedishId, nextSlot(4), { phone: mobile.typed }),
    );
    expect(made.statusCode, made.body).toBe(201);
    expect(await rowsTo(mobile.e164)).toEqual([]);
    const wrong = await client.call('PUT', '/api/account/contact-preference', { channel: 'pigeon' });
    expect(wrong.statusCode).toBe(400);
  });

  it('texts instead of emailing a client who chose texts only', async () => {
    const mobile = newMobile();
    const client = await signedIn(t);
    await client.call('PUT', '/api/account/contact-preference', { channel: 'text' });
    const made = await client.call(
      'POST',
      '/api/bookings',
      bookingBody(swedishId, nextSlot(4), { phone: mobile.typed }),
    );
    expect(made.statusCode, made.body).toBe(201);
    expect(await rowsTo(mobile.e164)).toMatchObject([{ kind: 'booking.confirmed' }]);
    const emails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, client.email));
    expect(emails.map((e) => e.kind)).not.toContain('booking.confirmed');
    // Without a number that can be texted, the email still goes.
    const other = await signedIn(t);
    await other.call('PUT', '/api/account/contact-preference', { channel: 'text' });
    await other.call('POST', '/api/bookings', bookingBody(swedishId, nextSlot(4), { phone: '+44 7700 900123' }));
    const kept = await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, other.email));
    expect(kept.map((e) => e.kind)).toContain('booking.confirmed');
  });

  it("reminds at the owner's times: the nearest due, once each, none for a time passed before booking", async () => {
    const owner = await signedIn(t, { role: 'admin' });
    const saved = await owner.call('PUT', '/api/admin/text-settings', { reminderHours: [24, 2] });
    expect(saved.statusCode, saved.body).toBe(200);
    const client = await signedIn(t);
    const start = new Date(Date.now() + 30 * 86_400_000);
    const row = await insertBooking(t, { type: 'swedish', status: 'confirmed', startsAt: start, client });
    const mobile = newMobile();
    await t.db
      .update(booking)
      .set({ clientPhone: mobile.typed, createdAt: new Date(Date.now() - 86_400_000) })
      .where(eq(booking.id, row.id));
    const at = (hoursBefore: number) => () => start.getTime() - hoursBefore * 3_600_000;

    expect(await queueDueTextReminders({ ...t.context, now: at(25) })).toBe(0);
    expect(await queueDueTextReminders({ ...t.context, now: at(23) })).toBe(1);
    expect(await queueDueTextReminders({ ...t.context, now: at(22) })).toBe(0);
    expect(await queueDueTextReminders({ ...t.context, now: at(1.5) })).toBe(1);
    const reminders = await rowsTo(mobile.e164);
    expect(reminders.map((r) => r.dedupeKey).sort()).toEqual([
      `reminder:${row.id}:${start.toISOString()}:24h`,
      `reminder:${row.id}:${start.toISOString()}:2h`,
    ]);
    expect(reminders[0]?.body).toMatch(/^Reminder: your appointment with Soothe London is at /);

    // Booked 10 hours ahead: no 24-hour reminder; the 2-hour one comes.
    const late = await insertBooking(t, {
      type: 'swedish',
      status: 'confirmed',
      startsAt: new Date(start.getTime() + 86_400_000),
      client,
    });
    const lateMobile = newMobile();
    await t.db
      .update(booking)
      .set({ clientPhone: lateMobile.typed, createdAt: new Date(late.startsAt.getTime() - 10 * 3_600_000) })
      .where(eq(booking.id, late.id));
    const lateAt = (hoursBefore: number) => () => late.startsAt.getTime() - hoursBefore * 3_600_000;
    await queueDueTextReminders({ ...t.context, now: lateAt(9) });
    expect(await rowsTo(lateMobile.e164)).toEqual([]);
    await queueDueTextReminders({ ...t.context, now: lateAt(1) });
    expect((await rowsTo(lateMobile.e164)).map((r) => r.dedupeKey)).toEqual([
      `reminder:${late.id}:${late.startsAt.toISOString()}:2h`,
    ]);
  });

  it("uses the owner's wording and refuses an unknown variable", async () => {
    const owner = await signedIn(t, { role: 'admin' });
    const refused = await owner.call('PUT', '/api/admin/text-settings', {
      templates: { 'booking.confirmed': 'See you {client}' },
    });
    expect(refused.statusCode).toBe(400);
    const saved = await owner.call('PUT', '/api/admin/text-settings', {
      templates: { 'booking.confirmed': 'Booked with {business}: {when}' },
    });
    expect(saved.json().templates['booking.confirmed']).toBe('Booked with {business}: {when}');
    const mobile = newMobile();
    const { booking: made } = await book(mobile.typed);
    expect((await rowsTo(mobile.e164))[0]?.body).toMatch(/^Booked with Soothe London: /);
    expect((await rowsTo(mobile.e164))[0]?.bookingId).toBe(made.id);
    await owner.call('PUT', '/api/admin/text-settings', {
      templates: { 'booking.confirmed': 'Your appointment with {business} is confirmed for {when}. Details: {link}' },
    });
  });

  it('sends by WhatsApp when the owner turns it on: to whatsapp:+44… from whatsapp:<sender>', async () => {
    const owner = await signedIn(t, { role: 'admin' });
    const on = await owner.call('PUT', '/api/admin/text-settings', { whatsapp: true });
    expect(on.json()).toMatchObject({ whatsapp: true });
    try {
      const mobile = newMobile();
      await book(mobile.typed);
      expect(await rowsTo(mobile.e164)).toMatchObject([{ kind: 'booking.confirmed', channel: 'whatsapp' }]);
      await deliver();
      const [text] = peer.received.filter((received) => received.to === `whatsapp:${mobile.e164}`);
      expect(text?.from).toBe('whatsapp:+447700900000');
      expect(text?.body).toMatch(/^Your appointment with Soothe London is confirmed for /);
      expect(textsTo(mobile.e164)).toEqual([]);
      expect(await rowsTo(mobile.e164)).toMatchObject([{ status: 'sent', providerId: text?.sid }]);
    } finally {
      await owner.call('PUT', '/api/admin/text-settings', { whatsapp: false });
    }
  });

  it('counts characters and segments as networks bill them', () => {
    expect(textSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', characters: 160, segments: 1 });
    expect(textSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', characters: 161, segments: 2 });
    expect(textSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', characters: 160, segments: 1 });
    expect(textSegments(`${'a'.repeat(69)}’`)).toEqual({ encoding: 'UCS-2', characters: 70, segments: 1 });
    expect(textSegments(`${'a'.repeat(71)}😀`)).toMatchObject({ encoding: 'UCS-2', segments: 2 });
  });
});

describe('texts without Twilio', () => {
  it('queues nothing and tells the owner texts are off', async () => {
    const off = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000' });
    try {
      const owner = await signedIn(off, { role: 'admin' });
      expect((await owner.call('GET', '/api/admin/text-settings')).json()).toMatchObject({ enabled: false });
      const [row] = await off.db.select().from(booking).limit(1);
      if (row)
        expect(
          await off.db.transaction((tx) =>
            queueBookingText({ tx, env: off.context.env }, { kind: 'booking.confirmed', row }),
          ),
        ).toBeNull();
      expect(await off.db.select().from(textOutbox)).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
