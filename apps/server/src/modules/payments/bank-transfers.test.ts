// Deposits by bank transfer for sensual bookings (decision 066): asked on booking, matched from an imported bank
// statement or marked received, held in the books until the appointment, released with an email when unpaid by the
// owner's deadline. Runs on PGlite and PostgreSQL.
import { accountCodes } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankTransferDeposit, booking, emailOutbox, onlinePayment, payment } from '../../db/schema.ts';
import { bookingBody, localIso, nextWeekday, serviceOfType } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import {
  BANK_HOLD_RELEASE_REASON,
  BANK_HOLD_RELEASED_BY_OWNER,
  releaseExpiredBankDeposits,
} from './bank-transfer-deposits.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedIn>>;
let sensualId: string;
let swedishId: string;
const settingsUrl = '/api/admin/bank-transfers/settings';
const account = { accountName: 'Soothe Studio Ltd', sortCode: '12-34-56', accountNumber: '12345678' };

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '100000', API_RATE_LIMIT_MAX: '100000' });
  owner = await signedIn(t, { role: 'admin' });
  sensualId = (await serviceOfType(t, 'sensual')).id;
  swedishId = (await serviceOfType(t, 'swedish')).id;
  const saved = await owner.call('PUT', settingsUrl, {
    deposit: { kind: 'deposit_fixed', amountPence: 2000 },
    holdHours: 48,
    ...account,
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => t.close());

let slot = 0;
function freeTime() {
  const n = slot++;
  return localIso(nextWeekday(1 + (n % 5), 12 + 7 * Math.floor(n / 20)), `${10 + 2 * (Math.floor(n / 5) % 4)}:00`);
}

async function sensualBooking() {
  const client = await signedIn(t, { sensual: true });
  const made = await client.call('POST', '/api/bookings', bookingBody(sensualId, freeTime(), { adultConfirmed: true }));
  expect(made.statusCode, made.body).toBe(201);
  return { client, booking: made.json() };
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
async function statusOf(id: string) {
  const [row] = await t.db.select({ status: booking.status }).from(booking).where(eq(booking.id, id));
  return row?.status;
}
const statement = (lines: string[]) => `Date,Description,Reference,Paid out,Paid in\n${lines.join('\n')}\n`;

describe('the bank-transfer settings', () => {
  it('refuse a deposit without the account to pay it into, naming each missing field', async () => {
    const refused = await owner.call('PUT', settingsUrl, {
      deposit: { kind: 'deposit_percent', percent: 25 },
      holdHours: 24,
      accountName: '',
      sortCode: '',
      accountNumber: '1234',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('accountNumber: An account number has 8 digits');
    expect(refused.json().error.message).toContain('accountName: Needed for clients to pay the deposit');
    const kept = (await owner.call('GET', '/api/admin/bank-transfers')).json().settings;
    expect(kept).toMatchObject({ deposit: { kind: 'deposit_fixed', amountPence: 2000 }, sortCode: '123456' });
  });
});

describe('a sensual booking with a deposit by bank transfer', () => {
  it('is told before booking, then shows the account and a unique reference and holds the time as set', async () => {
    const asker = await signedIn(t, { sensual: true });
    const upfront = await asker.call('GET', `/api/bookings/upfront?serviceId=${sensualId}&duration=60`);
    expect(upfront.json()).toMatchObject({ due: { kind: 'none' }, bankDepositPence: 2000 });
    const before = Date.now();
    const { booking: made } = await sensualBooking();
    const { booking: other } = await sensualBooking();
    expect(made).toMatchObject({
      status: 'awaiting_payment',
      payment: null,
      bankTransfer: { amountPence: 2000, status: 'awaiting', ...account, sortCode: '123456' },
    });
    expect(made.bankTransfer.reference).toMatch(/^DEP[A-Z2-9]{7}$/);
    expect(other.bankTransfer.reference).not.toBe(made.bankTransfer.reference);
    const holdMs = Date.parse(made.bankTransfer.holdExpiresAt) - before;
    expect(holdMs).toBeGreaterThanOrEqual(48 * 3_600_000);
    expect(holdMs).toBeLessThan(49 * 3_600_000);
    expect(await t.db.select().from(onlinePayment).where(eq(onlinePayment.bookingId, made.id))).toEqual([]);
    // The time is held: nobody else can book it.
    const rival = await signedIn(t, { sensual: true });
    const clash = await rival.call(
      'POST',
      '/api/bookings',
      bookingBody(sensualId, made.startsAt, { adultConfirmed: true }),
    );
    expect(clash.statusCode).toBe(409);
  });

  it('is matched from an imported statement by reference and amount, once, held, then the sale when completed', async () => {
    const { client, booking: made } = await sensualBooking();
    const reference = made.bankTransfer.reference;
    const before = await ledgerNet();
    // A line with the wrong amount and an unrelated one are not matched.
    const wrongAmount = statement([`03/03/2026,S CLIENT,${reference},,19.00`, '03/03/2026,TESCO,,12.40,']);
    expect((await owner.call('POST', '/api/admin/bank-transfers/match', { csv: wrongAmount })).json()).toEqual({
      matched: [],
    });
    const csv = statement([`04/03/2026,S CLIENT,${reference.toLowerCase().replace('DEP', 'dep ')},,20.00`]);
    const matched = await owner.call('POST', '/api/admin/bank-transfers/match', { csv });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json()).toEqual({ matched: [{ reference, amountPence: 2000, line: 2 }] });
    expect((await owner.call('POST', '/api/admin/bank-transfers/match', { csv })).json()).toEqual({ matched: [] });

    // A new client's sensual booking then waits for the owner, as without a deposit; the client is emailed now, after
    // the email with the account and reference sent on booking.
    expect(await statusOf(made.id)).toBe('pending');
    const kinds = (await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, client.email))).map(
      (e) => e.kind,
    );
    expect(kinds).toEqual(['booking.bank-deposit', 'booking.pending']);
    const [money] = await t.db.select().from(payment).where(eq(payment.bookingId, made.id));
    expect(money).toMatchObject({ kind: 'payment', method: 'bank_transfer', amountPence: 2000 });
    expect(change(before, await ledgerNet())).toEqual({
      [accountCodes.bank]: 2000,
      [accountCodes.depositsHeld]: -2000,
    });

    expect((await owner.call('POST', `/api/admin/bookings/${made.id}/approve`, {})).statusCode).toBe(200);
    const past = new Date(Date.now() - 40 * 86_400_000 - slot * 3 * 3_600_000);
    await t.db
      .update(booking)
      .set({
        startsAt: past,
        endsAt: new Date(past.getTime() + 3_600_000),
        occupiedUntil: new Date(past.getTime() + 4_500_000),
      })
      .where(eq(booking.id, made.id));
    const beforeDone = await ledgerNet();
    const done = await owner.call('POST', `/api/admin/bookings/${made.id}/outcome`, { status: 'completed' });
    expect(done.statusCode, done.body).toBe(200);
    const moved = change(beforeDone, await ledgerNet());
    expect(moved[accountCodes.depositsHeld]).toBe(2000);
    expect(-(moved[accountCodes.salesSensual] ?? 0) - (moved[accountCodes.vat] ?? 0)).toBe(2000);
    const [row] = await t.db.select().from(bankTransferDeposit).where(eq(bankTransferDeposit.bookingId, made.id));
    expect(row).toMatchObject({ status: 'received', settlement: 'recognised', matchedBy: 'statement' });
  });

  it('may be marked received by the owner, and paid back as a bank payment while held', async () => {
    const { booking: made } = await sensualBooking();
    const [deposit] = await t.db.select().from(bankTransferDeposit).where(eq(bankTransferDeposit.bookingId, made.id));
    const id = deposit?.id ?? '';
    const before = await ledgerNet();
    const received = await owner.call('POST', `/api/admin/bank-transfers/${id}/received`, {});
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().deposits.find((d: { id: string }) => d.id === id)).toMatchObject({
      status: 'received',
      settlement: 'held',
      matchedBy: 'owner',
    });
    const twice = await owner.call('POST', `/api/admin/bank-transfers/${id}/received`, {});
    expect(twice.statusCode).toBe(409);
    // Paid back by hand on the booking it would come out of sales it never entered: refused while held.
    const byHand = await owner.call('POST', `/api/admin/bookings/${made.id}/refunds`, {
      amountPence: 2000,
      method: 'bank_transfer',
    });
    expect(byHand.statusCode).toBe(409);
    const refunded = await owner.call('POST', `/api/admin/bank-transfers/${id}/refund`, {});
    expect(refunded.statusCode, refunded.body).toBe(200);
    const rows = await t.db.select().from(payment).where(eq(payment.bookingId, made.id));
    expect(rows.map((r) => [r.kind, r.method, r.amountPence]).sort()).toEqual([
      ['payment', 'bank_transfer', 2000],
      ['refund', 'bank_transfer', 2000],
    ]);
    expect(change(before, await ledgerNet())).toEqual({});
    expect((await owner.call('POST', `/api/admin/bank-transfers/${id}/refund`, {})).statusCode).toBe(409);
  });

  it('releases the time when the deposit has not arrived by the deadline, and tells the client', async () => {
    const { client, booking: made } = await sensualBooking();
    const deadline = Date.parse(made.bankTransfer.holdExpiresAt);
    expect(await releaseExpiredBankDeposits({ ...t.context, now: () => deadline - 60_000 })).toBe(0);
    expect(await statusOf(made.id)).toBe('awaiting_payment');
    expect(await releaseExpiredBankDeposits({ ...t.context, now: () => deadline + 60_000 })).toBeGreaterThan(0);
    expect(await statusOf(made.id)).toBe('cancelled');
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, client.email));
    const mail = mails.find((m) => m.kind === 'booking.cancelled');
    expect(mail?.text).toContain(BANK_HOLD_RELEASE_REASON);
    // The time is free again, and a late transfer is no longer matched.
    const other = await signedIn(t, { sensual: true });
    const again = await other.call(
      'POST',
      '/api/bookings',
      bookingBody(sensualId, made.startsAt, { adultConfirmed: true }),
    );
    expect(again.statusCode, again.body).toBe(201);
    const csv = statement([`05/03/2026,LATE,${made.bankTransfer.reference},,20.00`]);
    expect((await owner.call('POST', '/api/admin/bank-transfers/match', { csv })).json()).toEqual({ matched: [] });
  });

  it('is released by the owner who gives up waiting, freeing the time and telling the client', async () => {
    const { client, booking: made } = await sensualBooking();
    const [deposit] = await t.db.select().from(bankTransferDeposit).where(eq(bankTransferDeposit.bookingId, made.id));
    const released = await owner.call('POST', `/api/admin/bank-transfers/${deposit?.id}/release`, {});
    expect(released.statusCode, released.body).toBe(200);
    expect(await statusOf(made.id)).toBe('cancelled');
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, client.email));
    expect(mails.find((m) => m.kind === 'booking.cancelled')?.text).toContain(BANK_HOLD_RELEASED_BY_OWNER);
    expect((await owner.call('POST', `/api/admin/bank-transfers/${deposit?.id}/release`, {})).statusCode).toBe(409);
    expect((await owner.call('POST', `/api/admin/bank-transfers/${deposit?.id}/received`, {})).statusCode).toBe(409);
  });

  it('is not asked of a therapeutic booking', async () => {
    const client = await signedIn(t);
    const made = await client.call('POST', '/api/bookings', bookingBody(swedishId, freeTime()));
    expect(made.json()).toMatchObject({ status: 'confirmed', bankTransfer: null });
  });
});
