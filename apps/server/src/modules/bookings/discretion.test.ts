import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customer, emailOutbox } from '../../db/schema.ts';
import { bookingBody, localIso, nextWeekday, serviceOfType } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL: 'owner@example.test', AUTH_RATE_LIMIT_MAX: '1000' });
});
afterAll(() => t.close());

const DISCREET = 'Massage appointment — Soothe London';

function vevent(ics: string) {
  const event = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent');
  if (!event) throw new Error('no VEVENT');
  return {
    summary: String(event.getFirstPropertyValue('summary')),
    description: String(event.getFirstPropertyValue('description') ?? ''),
  };
}

function icsOfEmail(email: { attachments: { filename: string; contentBase64: string }[] }) {
  const file = email.attachments.find((a) => a.filename === 'booking.ics');
  if (!file) throw new Error('no calendar file attached');
  return Buffer.from(file.contentBase64, 'base64').toString('utf8');
}

/** The hidden first line of the HTML part: what a phone previews under the subject. */
function preheaderOf(html: string | null) {
  return /^<div style="display:none[^>]*>([^&<]*)/.exec(html ?? '')?.[1];
}

async function trustedClient() {
  const client = await signedIn(t, { sensual: true });
  await t.db.insert(customer).values({ userId: client.id, policy: 'trusted' });
  return client;
}

async function emailsTo(recipient: string) {
  return t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, recipient));
}

const types = [
  { type: 'sensual', hour: '11:00' },
  { type: 'naturist', hour: '14:00' },
  { type: 'bodytobody', hour: '17:00' },
];

describe('discretion by default', () => {
  for (const { type, hour } of types)
    it(`never names a ${type} booking in its calendar file, subject or preview line`, async () => {
      const treatment = await serviceOfType(t, type);
      const client = await trustedClient();
      const made = await client.call(
        'POST',
        '/api/bookings',
        bookingBody(treatment.id, localIso(nextWeekday(2), hour), { adultConfirmed: true }),
      );
      expect(made.json().status).toBe('confirmed');

      const [confirmation] = (await emailsTo(client.email)).filter((e) => e.kind === 'booking.confirmed');
      if (!confirmation) throw new Error('no confirmation');
      expect(confirmation.subject).not.toContain(treatment.name);
      expect(preheaderOf(confirmation.html)).toBe(DISCREET);
      expect(confirmation.text).not.toContain(treatment.name);
      expect(confirmation.html).not.toContain(treatment.name);
      const attached = vevent(icsOfEmail(confirmation));
      expect(attached.summary).toBe(DISCREET);
      expect(attached.description).not.toContain(treatment.name);

      const downloaded = await client.call('GET', `/api/bookings/${made.json().id}/calendar.ics`);
      expect(vevent(downloaded.body).summary).toBe(DISCREET);
      expect(downloaded.body).not.toContain(treatment.name);

      // The owner's own notice says what was booked in its text, not in its subject or preview.
      const [notice] = (await emailsTo('owner@example.test')).filter(
        (e) => e.kind === 'booking.admin-new' && e.text.includes(client.email),
      );
      expect(notice?.subject).not.toContain(treatment.name);
      expect(preheaderOf(notice?.html ?? null)).toBe(DISCREET);
      expect(notice?.text).toContain(treatment.name);
    });

  it('keeps a request waiting for approval discreet too, and names a therapeutic treatment as it is', async () => {
    const sensual = await serviceOfType(t, 'sensual');
    const client = await signedIn(t, { sensual: true });
    const made = await client.call(
      'POST',
      '/api/bookings',
      bookingBody(sensual.id, localIso(nextWeekday(3), '12:00'), { adultConfirmed: true }),
    );
    expect(made.json().status).toBe('pending');
    const [pending] = (await emailsTo(client.email)).filter((e) => e.kind === 'booking.pending');
    expect(preheaderOf(pending?.html ?? null)).toBe(DISCREET);
    expect(pending?.text).not.toContain(sensual.name);
    const ics = vevent((await client.call('GET', `/api/bookings/${made.json().id}/calendar.ics`)).body);
    expect(ics).toEqual({ summary: DISCREET, description: 'Awaiting confirmation.' });

    const swedish = await serviceOfType(t, 'swedish');
    const other = await signedIn(t);
    const therapeutic = await other.call(
      'POST',
      '/api/bookings',
      bookingBody(swedish.id, localIso(nextWeekday(3), '16:00')),
    );
    const [confirmation] = (await emailsTo(other.email)).filter((e) => e.kind === 'booking.confirmed');
    expect(preheaderOf(confirmation?.html ?? null)).toBe(`${swedish.name} — Soothe London`);
    expect(vevent((await other.call('GET', `/api/bookings/${therapeutic.json().id}/calendar.ics`)).body).summary).toBe(
      `${swedish.name} — Soothe London`,
    );
  });
});

describe('the owner’s choice', () => {
  it('only an admin reads or changes it, bad input changes nothing', async () => {
    const client = await signedIn(t);
    expect((await client.call('GET', '/api/admin/email-settings')).statusCode).toBe(403);
    expect((await client.call('PUT', '/api/admin/email-settings', { nameSensualTreatments: true })).statusCode).toBe(
      403,
    );
    const admin = await signedIn(t, { role: 'admin' });
    const bad = await admin.call('PUT', '/api/admin/email-settings', { nameSensualTreatments: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION');
    expect(bad.json().error.message).toContain('nameSensualTreatments');
    expect((await admin.call('GET', '/api/admin/email-settings')).json()).toEqual({ nameSensualTreatments: false });
  });

  it('names sensual treatments once the owner chooses so, and the change is in the audit log', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    // The owner's own subject line with the treatment in it.
    await admin.call('PUT', '/api/admin/email-templates/booking.confirmed', {
      subject: '{{service}} confirmed: {{when}}',
      body: 'Hello {{clientName}}, your {{service}} is confirmed for {{when}}.',
    });
    const treatment = await serviceOfType(t, 'naturist');
    const before = await trustedClient();
    await before.call(
      'POST',
      '/api/bookings',
      bookingBody(treatment.id, localIso(nextWeekday(4), '11:00'), { adultConfirmed: true }),
    );
    const [discreet] = (await emailsTo(before.email)).filter((e) => e.kind === 'booking.confirmed');
    expect(discreet?.subject).toMatch(/^Massage appointment confirmed: /);

    const saved = await admin.call('PUT', '/api/admin/email-settings', { nameSensualTreatments: true });
    expect(saved.json()).toEqual({ nameSensualTreatments: true });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'email-settings.saved'), eq(auditLog.entityId, 'email-settings')));
    expect(audit).toMatchObject({
      before: { nameSensualTreatments: false },
      after: { nameSensualTreatments: true },
    });

    const client = await trustedClient();
    const made = await client.call(
      'POST',
      '/api/bookings',
      bookingBody(treatment.id, localIso(nextWeekday(4), '15:00'), { adultConfirmed: true }),
    );
    const [named] = (await emailsTo(client.email)).filter((e) => e.kind === 'booking.confirmed');
    if (!named) throw new Error('no confirmation');
    expect(named.subject).toMatch(new RegExp(`^${treatment.name} confirmed: `));
    expect(preheaderOf(named.html)).toBe(`${treatment.name} — Soothe London`);
    expect(vevent(icsOfEmail(named)).summary).toBe(`${treatment.name} — Soothe London`);
    expect(vevent((await client.call('GET', `/api/bookings/${made.json().id}/calendar.ics`)).body).summary).toBe(
      `${treatment.name} — Soothe London`,
    );
    await admin.call('PUT', '/api/admin/email-settings', { nameSensualTreatments: false });
    await admin.call('DELETE', '/api/admin/email-templates/booking.confirmed');
  });
});

describe('whether a booking waits for approval', () => {
  it('is asked before booking: a new client’s sensual request does, a trusted client’s or a therapeutic one does not', async () => {
    const fresh = await signedIn(t, { sensual: true });
    expect((await fresh.call('GET', '/api/bookings/approval?style=sensual')).json()).toEqual({
      approvalRequired: true,
    });
    expect((await fresh.call('GET', '/api/bookings/approval?style=therapeutic')).json()).toEqual({
      approvalRequired: false,
    });
    const trusted = await trustedClient();
    expect((await trusted.call('GET', '/api/bookings/approval?style=sensual')).json()).toEqual({
      approvalRequired: false,
    });
    const bad = await fresh.call('GET', '/api/bookings/approval?style=tantric');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('style');
    expect((await t.app.inject({ method: 'GET', url: '/api/bookings/approval?style=sensual' })).statusCode).toBe(401);
  });
});
