import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateOf } from '../lib/zoned-time.ts';
import { insertBooking } from '../test/booking-helpers.ts';
import { signedIn } from '../test/clients.ts';
import { createTestApp, type TestApp } from '../test/test-context.ts';

// Issue 9, defect 7: rules the browser enforced are enforced by the server too. A payment or refund
// dated in the future is refused; an invoice is dated neither after today nor more than a year back.
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let client: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp({ API_RATE_LIMIT_MAX: '100000' });
  admin = await signedIn(t, { role: 'admin' });
  client = await signedIn(t);
});
afterAll(() => t.close());

const tomorrow = () => new Date(Date.now() + 26 * 3_600_000).toISOString();
const daysFromToday = (days: number) => localDateOf(Date.now() + days * 86_400_000, 'Europe/London');

async function pastBooking(daysAgo: number) {
  return insertBooking(t, {
    type: 'swedish',
    status: 'completed',
    startsAt: new Date(Date.now() - daysAgo * 86_400_000),
    client: { id: client.id, email: client.email },
  });
}

async function issuedInvoice() {
  const draft = (
    await admin.call('POST', '/api/admin/invoices', {
      billToName: 'Ada Invoice',
      lines: [{ description: 'Massage', quantity: 1, unitPricePence: 5000 }],
    })
  ).json();
  return draft as { id: string };
}

describe('money is dated when it was taken, never ahead', () => {
  it('refuses a booking payment or refund dated tomorrow, and records none', async () => {
    const made = await pastBooking(3);
    const future = await admin.call('POST', `/api/admin/bookings/${made.id}/payments`, {
      amountPence: 1000,
      method: 'cash',
      paidAt: tomorrow(),
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.message).toContain('paidAt');
    const paid = await admin.call('POST', `/api/admin/bookings/${made.id}/payments`, {
      amountPence: 1000,
      method: 'cash',
    });
    expect(paid.statusCode).toBe(201);
    const refund = await admin.call('POST', `/api/admin/bookings/${made.id}/refunds`, {
      amountPence: 500,
      method: 'cash',
      paidAt: tomorrow(),
    });
    expect(refund.statusCode).toBe(400);
    expect(refund.json().error.message).toContain('paidAt');
    const detail = (await admin.call('GET', `/api/admin/bookings/${made.id}`)).json();
    expect(detail.booking.paidPence).toBe(1000);
  });

  it('refuses an invoice payment dated in the future', async () => {
    const draft = await issuedInvoice();
    expect((await admin.call('POST', `/api/admin/invoices/${draft.id}/issue`, {})).statusCode).toBe(200);
    const future = await admin.call('POST', `/api/admin/invoices/${draft.id}/payments`, {
      amountPence: 1000,
      method: 'card',
      paidAt: tomorrow(),
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.message).toContain('paidAt');
  });
});

describe('an invoice is dated between a year back and today', () => {
  it.each([
    ['tomorrow', 1],
    ['two years back', -730],
  ])('refuses an issue date %s and leaves the draft a draft', async (_label, days) => {
    const draft = await issuedInvoice();
    const refused = await admin.call('POST', `/api/admin/invoices/${draft.id}/issue`, {
      issueDate: daysFromToday(days),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('issueDate');
    expect((await admin.call('GET', `/api/admin/invoices/${draft.id}`)).json()).toMatchObject({ status: 'draft' });
  });

  it('accepts one dated a month back', async () => {
    const draft = await issuedInvoice();
    const issued = await admin.call('POST', `/api/admin/invoices/${draft.id}/issue`, { issueDate: daysFromToday(-30) });
    expect(issued.statusCode).toBe(200);
    expect(issued.json().issueDate).toBe(daysFromToday(-30));
  });
});
