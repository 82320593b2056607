import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingBody, localIso, nextWeekday, serviceOfType } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { outboxSettled, startSmtpPeer, waitFor } from '../../test/smtp-peer.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';

let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp(
    { SMTP_URL: smtp.url, ADMIN_EMAIL: 'owner@example.test', AUTH_RATE_LIMIT_MAX: '1000' },
    { jobs: true },
  );
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/**
 * The UK's zone at an instant, by the law rather than by the code under test: BST from 01:00 UTC on the last Sunday
 * of March to 01:00 UTC on the last Sunday of October, GMT otherwise.
 */
function ukZoneAt(iso: string): 'GMT' | 'BST' {
  const at = new Date(iso);
  const lastSunday = (month: number) => {
    const last = new Date(Date.UTC(at.getUTCFullYear(), month + 1, 0, 1));
    return last.getTime() - last.getUTCDay() * 86_400_000;
  };
  return at.getTime() >= lastSunday(2) && at.getTime() < lastSunday(9) ? 'BST' : 'GMT';
}

const mailTo = (address: string, subject: RegExp) =>
  waitFor(() => smtp.received.find((m) => JSON.stringify(m.to).includes(address) && subject.test(m.subject ?? '')));

describe('booking emails over SMTP', () => {
  it('the client receives a confirmation with a calendar file, and the owner a notice', async () => {
    const client = await signedIn(t);
    const startsAt = localIso(nextWeekday(3), '15:00');
    const made = await client.call(
      'POST',
      '/api/bookings',
      bookingBody((await serviceOfType(t, 'swedish')).id, startsAt),
    );
    expect(made.statusCode).toBe(201);

    const confirmation = await mailTo(client.email, /^Your booking is confirmed/);
    // Exactly the zone of that date (known dates on both sides of a change: daylight-saving.test.ts).
    expect(confirmation.text).toContain(`at 15:00 ${ukZoneAt(startsAt)} (Europe/London)`);
    const attachment = confirmation.attachments.find((a) => a.filename === 'booking.ics');
    expect(attachment?.contentType).toBe('text/calendar');
    const vevent = new ICAL.Component(ICAL.parse(attachment?.content.toString() ?? '')).getFirstSubcomponent('vevent');
    if (!vevent) throw new Error('no VEVENT');
    expect(new ICAL.Event(vevent).startDate.toJSDate().toISOString()).toBe(startsAt);

    const notice = await mailTo('owner@example.test', /^New booking/);
    expect(notice.text).toContain(client.email);
  });

  it('a cancellation reaches the client once', async () => {
    const client = await signedIn(t);
    const made = (
      await client.call(
        'POST',
        '/api/bookings',
        bookingBody((await serviceOfType(t, 'swedish')).id, localIso(nextWeekday(4), '11:00')),
      )
    ).json();
    await client.call('POST', `/api/bookings/${made.id}/cancel`, { reason: '' });
    await mailTo(client.email, /^Booking cancelled/);
    await outboxSettled(t.db);
    expect(
      smtp.received.filter(
        (m) => JSON.stringify(m.to).includes(client.email) && m.subject?.startsWith('Booking cancelled'),
      ),
    ).toHaveLength(1);
  });
});
