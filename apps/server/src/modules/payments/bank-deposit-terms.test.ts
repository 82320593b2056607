// Deposits by bank transfer (decision 066), the leftovers of issue 30 part 1: the client's email on booking carries the
// account, amount, reference and deadline; the owner's booking sheet shows the deposit's state; a received deposit is
// settled by the cancellation terms a card deposit follows (kept after the free window, paid back as a bank payment
// before it or when the owner cancels and pays back, left held otherwise). Runs on PGlite and PostgreSQL.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankTransferDeposit, emailOutbox, payment } from '../../db/schema.ts';
import { bookingBody, localIso, nextWeekday, serviceOfType } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedIn>>;
let sensualId: string;
let sensualName: string;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '100000', API_RATE_LIMIT_MAX: '100000' });
  owner = await signedIn(t, { role: 'admin' });
  const sensual = await serviceOfType(t, 'sensual');
  sensualId = sensual.id;
  sensualName = sensual.name;
  const saved = await owner.call('PUT', '/api/admin/bank-transfers/settings', {
    deposit: { kind: 'deposit_fixed', amountPence: 2000 },
    holdHours: 48,
    accountName: 'Soothe Studio Ltd',
    sortCode: '12-34-56',
    accountNumber: '12345678',
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => t.close());

/** The free cancellation window: every booking below is at least ten days ahead, so 24 hours is early, 30 days late. */
async function freeWindowOf(hours: number) {
  const policy = await owner.call('PUT', '/api/admin/payments/policy', {
    therapeutic: { newClient: { kind: 'none' }, returningClient: { kind: 'none' } },
    sensual: { newClient: { kind: 'none' }, returningClient: { kind: 'none' } },
    freeCancellationHours: hours,
  });
  expect(policy.statusCode, policy.body).toBe(200);
}

let slot = 0;
function freeTime() {
  const n = slot++;
  return localIso(nextWeekday(1 + (n % 5), 10 + 7 * Math.floor(n / 20)), `${10 + 2 * (Math.floor(n / 5) % 4)}:00`);
}

/** A sensual booking whose £20 deposit the owner marked received: held in Deposits held. */
async function heldDeposit() {
  const client = await signedIn(t, { sensual: true });
  const made = await client.call('POST', '/api/bookings', bookingBody(sensualId, freeTime(), { adultConfirmed: true }));
  expect(made.statusCode, made.body).toBe(201);
  const id: string = made.json().id;
  const [deposit] = await t.db.select().from(bankTransferDeposit).where(eq(bankTransferDeposit.bookingId, id));
  const received = await owner.call('POST', `/api/admin/bank-transfers/${deposit?.id}/received`, {});
  expect(received.statusCode, received.body).toBe(200);
  return { client, id, depositId: deposit?.id ?? '' };
}

async function ledgerNet(): Promise<Record<string, number>> {
  const result = await t.db.execute<{ code: string; net: string }>(
    sql`select account_code as code, sum(debit_pence - credit_pence)::text as net from journal_line group by account_code`,
  );
  const rows = (result as unknown as { rows: { code: string; net: string }[] }).rows;
  return Object.fromEntries(rows.map((r) => [r.code, Number(r.net)]));
}
function change(before: Record<string, number>, after: Record<string, number>) {
  const codes = new Set([...Object.keys(before), ...Object.keys(after)]);
  return Object.fromEntries(
    [...codes].map((code) => [code, (after[code] ?? 0) - (before[code] ?? 0)]).filter(([, value]) => value !== 0),
  );
}
async function depositRow(id: string) {
  const [row] = await t.db.select().from(bankTransferDeposit).where(eq(bankTransferDeposit.id, id));
  return row;
}
async function cancellationEmail(email: string) {
  const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email));
  return mails.find((mail) => mail.kind === 'booking.cancelled')?.text ?? '';
}

describe('cancelling a booking whose bank deposit is held', () => {
  it('keeps it when the client cancels after the free window: out of Deposits held into income, no refund', async () => {
    await freeWindowOf(720);
    const { client, id, depositId } = await heldDeposit();
    const before = await ledgerNet();
    const cancelled = await client.call('POST', `/api/bookings/${id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await depositRow(depositId)).toMatchObject({ status: 'received', settlement: 'kept', refundId: null });
    const moved = change(before, await ledgerNet());
    expect(moved['2300']).toBe(2000);
    expect((moved['4090'] ?? 0) + (moved['2200'] ?? 0)).toBe(-2000);
    expect(Object.keys(moved).sort()).not.toContain('1010');
    const refunds = await t.db.select().from(payment).where(eq(payment.bookingId, id));
    expect(refunds.filter((row) => row.kind === 'refund')).toEqual([]);
    expect(await cancellationEmail(client.email)).toContain('Your £20 deposit is kept');
  });

  it('pays it back as a bank payment when the client cancels inside the free window', async () => {
    await freeWindowOf(24);
    const { client, id, depositId } = await heldDeposit();
    const before = await ledgerNet();
    const cancelled = await client.call('POST', `/api/bookings/${id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const row = await depositRow(depositId);
    expect(row).toMatchObject({ status: 'received', settlement: 'refunded' });
    const [refund] = await t.db
      .select()
      .from(payment)
      .where(eq(payment.id, row?.refundId ?? ''));
    expect(refund).toMatchObject({ kind: 'refund', method: 'bank_transfer', amountPence: 2000 });
    expect(change(before, await ledgerNet())).toEqual({ '2300': 2000, '1010': -2000 });
    expect(await cancellationEmail(client.email)).toContain(
      'Your £20 deposit will be paid back to you by bank transfer.',
    );
  });

  it('pays it back once when the owner cancels and pays back, and leaves it held when they do not', async () => {
    await freeWindowOf(720);
    const paidBack = await heldDeposit();
    const before = await ledgerNet();
    const cancelled = await owner.call('POST', `/api/admin/bookings/${paidBack.id}/cancel`, {
      reason: 'Unwell',
      refund: true,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Paid back by the deposit's terms alone: not a second time as money taken by hand (which would undo a sale).
    expect(change(before, await ledgerNet())).toEqual({ '2300': 2000, '1010': -2000 });
    expect(await depositRow(paidBack.depositId)).toMatchObject({ settlement: 'refunded' });
    const rows = await t.db.select().from(payment).where(eq(payment.bookingId, paidBack.id));
    expect(rows.filter((row) => row.kind === 'refund')).toHaveLength(1);

    const kept = await heldDeposit();
    const beforeKept = await ledgerNet();
    const plain = await owner.call('POST', `/api/admin/bookings/${kept.id}/cancel`, {
      reason: 'Unwell',
      refund: false,
    });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(change(beforeKept, await ledgerNet())).toEqual({});
    expect(await depositRow(kept.depositId)).toMatchObject({ settlement: 'held' });
    // The owner may still pay it back later, from the bank-transfers list.
    expect((await owner.call('POST', `/api/admin/bank-transfers/${kept.depositId}/refund`, {})).statusCode).toBe(200);
    expect(await depositRow(kept.depositId)).toMatchObject({ settlement: 'refunded' });
  });
});

describe('a booking waiting for its deposit by bank transfer', () => {
  it('emails the client the account, amount, reference and deadline, never naming the treatment', async () => {
    const client = await signedIn(t, { sensual: true });
    const made = await client.call(
      'POST',
      '/api/bookings',
      bookingBody(sensualId, freeTime(), { adultConfirmed: true }),
    );
    expect(made.statusCode, made.body).toBe(201);
    const { reference } = made.json().bankTransfer;
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, client.email));
    expect(mails.map((mail) => mail.kind)).toEqual(['booking.bank-deposit']);
    const [mail] = mails;
    expect(mail?.text).toContain('Account name: Soothe Studio Ltd');
    expect(mail?.text).toContain('Sort code: 12-34-56');
    expect(mail?.text).toContain('Account number: 12345678');
    expect(mail?.text).toContain(`Reference: ${reference}`);
    expect(mail?.text).toContain('a deposit of £20.00 by bank transfer');
    expect(mail?.text).toMatch(/We hold the time until \S.+ for a deposit/);
    expect(`${mail?.subject} ${mail?.text} ${mail?.html}`).not.toContain(sensualName);
  });

  it('shows the owner the deposit on the booking sheet: awaiting with its deadline, then received and held', async () => {
    const client = await signedIn(t, { sensual: true });
    const made = await client.call(
      'POST',
      '/api/bookings',
      bookingBody(sensualId, freeTime(), { adultConfirmed: true }),
    );
    const id: string = made.json().id;
    const sheet = (await owner.call('GET', `/api/admin/bookings/${id}`)).json();
    expect(sheet.bankDeposit).toMatchObject({
      reference: made.json().bankTransfer.reference,
      amountPence: 2000,
      status: 'awaiting',
      settlement: null,
      holdExpiresAt: made.json().bankTransfer.holdExpiresAt,
      receivedAt: null,
    });
    const received = await owner.call('POST', `/api/admin/bank-transfers/${sheet.bankDeposit.id}/received`, {});
    expect(received.statusCode, received.body).toBe(200);
    const after = (await owner.call('GET', `/api/admin/bookings/${id}`)).json();
    expect(after.bankDeposit).toMatchObject({ status: 'received', settlement: 'held', matchedBy: 'owner' });
    expect(after.bankDeposit.receivedAt).toEqual(expect.any(String));
    // A booking that asked no deposit has none on its sheet.
    const therapeutic = await serviceOfType(t, 'swedish');
    const plain = await client.call('POST', '/api/bookings', bookingBody(therapeutic.id, freeTime()));
    expect((await owner.call('GET', `/api/admin/bookings/${plain.json().id}`)).json().bankDeposit).toBeNull();
  });
});
