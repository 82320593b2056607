import { spawn } from 'node:child_process';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox } from '../../db/schema.ts';
import { bookingBody, localIso, nextWeekday, serviceOfType } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    AUTH_RATE_LIMIT_MAX: '10000',
    BUSINESS_NAME: 'Env Studio',
    BUSINESS_AREA: 'Camden',
    BUSINESS_PHONE: '020 7000 0001',
    BUSINESS_EMAIL: 'env@example.test',
  });
});
afterAll(() => t.close());

const config = async () => (await t.app.inject({ method: 'GET', url: '/api/config' })).json();

const owned = {
  businessName: 'Owner Studio',
  phone: '+44 20 7946 0999',
  email: 'desk@owner.example',
  streetAddress: '7 Quiet Mews, London',
  area: 'Islington',
};

function pdfText(bytes: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('pdftotext', ['-', '-']);
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`pdftotext exited ${code}`))));
    child.stdin.end(bytes);
  });
}

// The tests run in order: the first sees the environment's defaults, the next ones the owner's details.
describe('business details', () => {
  it('fall back to the environment until the owner sets them, and say that no mail server is set up', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const details = (await admin.call('GET', '/api/admin/business')).json();
    expect(details).toEqual({
      businessName: 'Env Studio',
      area: 'Camden',
      phone: '020 7000 0001',
      email: 'env@example.test',
      streetAddress: '',
    });
    const publicConfig = await config();
    expect(publicConfig.businessName).toBe('Env Studio');
    expect(publicConfig.area).toBe('Camden');
    expect(publicConfig.contact).toEqual({ phone: '020 7000 0001', email: 'env@example.test' });
    expect(publicConfig.emailEnabled).toBe(false);
  });

  it('refuses bad input naming the field, and anyone but an admin, changing nothing', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const client = await signedIn(t);
    const badEmail = await admin.call('PUT', '/api/admin/business', { ...owned, email: 'not an email' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error.message).toContain('email');
    const badPhone = await admin.call('PUT', '/api/admin/business', { ...owned, phone: 'call me maybe' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().error.message).toContain('phone');
    const noName = await admin.call('PUT', '/api/admin/business', { ...owned, businessName: ' ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.message).toContain('businessName');
    expect((await client.call('PUT', '/api/admin/business', owned)).statusCode).toBe(403);
    expect((await client.call('GET', '/api/admin/business')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/business', payload: owned })).statusCode).toBe(401);
    expect((await config()).businessName).toBe('Env Studio');
  });

  it('are kept in the database, audit-logged, and shown on the public site', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const saved = await admin.call('PUT', '/api/admin/business', owned);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(owned);
    expect((await admin.call('GET', '/api/admin/business')).json()).toEqual(owned);
    const publicConfig = await config();
    expect(publicConfig.businessName).toBe('Owner Studio');
    expect(publicConfig.area).toBe('Islington');
    expect(publicConfig.contact).toEqual({ phone: '+44 20 7946 0999', email: 'desk@owner.example' });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'business-details.updated'))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(entry?.actorEmail).toBe(admin.email);
    expect(entry?.before).toMatchObject({ businessName: 'Env Studio', phone: '020 7000 0001' });
    expect(entry?.after).toMatchObject({ businessName: 'Owner Studio', phone: '+44 20 7946 0999' });
  });

  it('are what emails and the invoice PDF print', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    await admin.call('PUT', '/api/admin/business', owned);
    const client = await signedIn(t);
    const swedish = await serviceOfType(t, 'swedish');
    const made = await client.call(
      'POST',
      '/api/bookings',
      bookingBody(swedish.id, localIso(nextWeekday(2, 20), '11:00'), { name: 'Business Test' }),
    );
    expect(made.statusCode).toBe(201);
    const sent = await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, client.email));
    expect(sent.length).toBeGreaterThan(0);
    for (const email of sent) {
      expect(email.text).toContain('Owner Studio');
      expect(email.text).not.toContain('Env Studio');
    }

    const draft = await admin.call('POST', '/api/admin/invoices', {
      billToName: 'Acme Wellness Ltd',
      billToEmail: 'accounts@acme.example',
      lines: [{ description: 'Chair massage', quantity: 1, unitPricePence: 5000, vatRatePercent: 0 }],
    });
    expect(draft.statusCode).toBe(201);
    const pdf = await admin.call('GET', `/api/admin/invoices/${draft.json().id}/pdf`);
    const text = await pdfText(pdf.rawPayload);
    for (const expected of ['Owner Studio', '7 Quiet Mews, London', 'desk@owner.example', '+44 20 7946 0999'])
      expect(text).toContain(expected);
    expect(text).not.toContain('Env Studio');
  });
});

describe('setup checklist', () => {
  it('shows what a new install still needs, counts emails kept unsent, and can be dismissed', async () => {
    const fresh = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000' });
    try {
      const admin = await signedIn(fresh, { role: 'admin' });
      const before = (await admin.call('GET', '/api/admin/setup')).json();
      expect(before.steps.map((s: { id: string; done: boolean }) => [s.id, s.done])).toEqual([
        ['contact', false],
        ['hours', false],
        ['prices', false],
        ['email', false],
        ['vat', false],
      ]);
      expect(before.dismissed).toBe(false);
      expect(before.emailEnabled).toBe(false);
      for (const step of before.steps) expect(step.to).toMatch(/^\/[a-z_]+/);

      await admin.call('PUT', '/api/admin/business', { ...owned });
      await admin.call('PATCH', '/api/admin/booking-rules', { bufferMinutes: 10 });
      const { services } = (await admin.call('GET', '/api/admin/services')).json();
      await admin.call('PATCH', `/api/admin/services/${services[0].id}`, { active: true });
      await fresh.db.insert(emailOutbox).values([
        { recipient: 'a@example.test', subject: 'Kept', text: 'x', kind: 'custom', status: 'captured' },
        { recipient: 'b@example.test', subject: 'Kept', text: 'x', kind: 'custom', status: 'captured' },
      ]);
      const after = (await admin.call('GET', '/api/admin/setup')).json();
      expect(after.steps.filter((s: { done: boolean }) => s.done).map((s: { id: string }) => s.id)).toEqual([
        'contact',
        'hours',
        'prices',
      ]);
      expect(after.emailsKept).toBeGreaterThanOrEqual(2);

      expect((await (await signedIn(fresh)).call('GET', '/api/admin/setup')).statusCode).toBe(403);
      expect((await admin.call('POST', '/api/admin/setup/dismiss')).statusCode).toBe(204);
      expect((await admin.call('GET', '/api/admin/setup')).json().dismissed).toBe(true);
    } finally {
      await fresh.close();
    }
  });

  it('counts email as done, and tells the web that email is sent, when a mail server is configured', async () => {
    const withSmtp = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', SMTP_URL: 'smtp://127.0.0.1:2' });
    try {
      const admin = await signedIn(withSmtp, { role: 'admin' });
      const status = (await admin.call('GET', '/api/admin/setup')).json();
      expect(status.emailEnabled).toBe(true);
      expect(status.steps.find((s: { id: string }) => s.id === 'email').done).toBe(true);
      expect((await withSmtp.app.inject({ method: 'GET', url: '/api/config' })).json().emailEnabled).toBe(true);
    } finally {
      await withSmtp.close();
    }
  });
});
