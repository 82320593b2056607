import type { ProfitAndLoss, TrialBalance } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booking, coursePurchase, expenseCategory, onlinePayment, voucher } from '../../db/schema.ts';
import { insertBooking, serviceOfType } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { giveBackCourseSession, useCourseSession } from '../courses/course-sessions.ts';
import { expireCourses } from '../courses/expire-courses.ts';
import { recordOnlinePayment } from '../payments/online-payments.ts';
import { applyStripeRefund, queueOnlineRefund, refundableOf } from '../payments/online-refunds.ts';
import { expireVouchers } from '../vouchers/expire-vouchers.ts';
import { giveBackVoucherSpending } from '../vouchers/spend-vouchers.ts';
import { courseNetOf } from './course-postings.ts';
import { postJournalEntry } from './ledger.service.ts';
import { noShowFeeEntry, stripeBalanceEntry } from './postings.ts';

/**
 * The books stay sound whatever the owner does: any sequence of bookings paid and refunded, invoices
 * issued, paid and credited, expenses recorded, edited and deleted, with VAT registration switched on and
 * off between them. After each sequence every entry balances, the trial balance nets to zero, and the
 * profit and loss report equals the income and expense accounts of the ledger.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let clientId: string;
let clientEmail: string;
let categoryIds: string[] = [];
/** The owner's add-ons (issue 24), taken on bookings by the sequences. */
const addOnIds: string[] = [];
let bookingCounter = 0;
/** The business's VAT registration as the last step left it (it outlives each sequence). */
let vatRegistered = false;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, { role: 'admin' });
  const client = await signedIn(t);
  clientId = client.id;
  clientEmail = client.email;
  categoryIds = (await t.db.select({ id: expenseCategory.id }).from(expenseCategory)).map((row) => row.id);
  for (const made of [
    { name: 'Hot stones', minutes: 15, pricePence: 1500, types: ['swedish', 'naturist'] },
    { name: 'Aromatherapy oil', minutes: 0, pricePence: 500, types: ['swedish', 'naturist'] },
    { name: 'Scalp massage', minutes: 10, pricePence: 999, types: ['swedish', 'naturist'] },
  ])
    addOnIds.push((await ok(await admin.call('POST', '/api/admin/add-ons', made), 'add-on')).id);
});
afterAll(() => t.close());

const method = fc.constantFrom('cash', 'card', 'bank_transfer');
const amount = fc.integer({ min: 100, max: 50_000 });
const share = fc.double({ min: 0.05, max: 1, noNaN: true });
const pick = fc.nat();
const pastDate = fc.integer({ min: 1, max: 300 }).map((daysAgo) => new Date(Date.now() - daysAgo * 86_400_000));

type Action =
  | { kind: 'paid booking'; type: 'swedish' | 'naturist'; amount: number; method: string; when: Date }
  | { kind: 'booking refund'; pick: number; share: number; method: string }
  | { kind: 'expense'; amount: number; vatShare: number; category: number; method: string; when: Date }
  | { kind: 'expense edit'; pick: number; amount: number }
  | { kind: 'expense delete'; pick: number }
  | { kind: 'invoice booking'; pick: number; share: number; method: string }
  | { kind: 'invoice by hand'; lines: { net: number; rate: number }[]; share: number; method: string }
  | { kind: 'credit note'; pick: number; refund: boolean; method: string }
  | { kind: 'vat registration'; registered: boolean }
  | { kind: 'online deposit'; type: 'swedish' | 'naturist'; amount: number; outcome: 'held' | 'completed' | 'no_show' }
  | { kind: 'stripe balance'; type: string; amount: number; fee: number; when: Date }
  | { kind: 'no-show fee'; amount: number; when: Date }
  | { kind: 'online refund'; pick: number; share: number }
  | { kind: 'voucher sale'; of: 'amount' | 'swedish' | 'naturist'; amount: number; method: string }
  | { kind: 'voucher redemption'; pick: number; share: number; type: 'swedish' | 'naturist' }
  | { kind: 'booking add-ons'; pick: number; addOns: number[] }
  | { kind: 'voucher expiry'; pick: number }
  | { kind: 'voucher given back'; pick: number }
  | { kind: 'course sale'; type: 'swedish' | 'naturist'; sessions: number; amount: number; method: string }
  | { kind: 'course session'; pick: number }
  | { kind: 'course session given back'; pick: number }
  | { kind: 'course adjustment'; pick: number; change: number }
  | { kind: 'course expiry'; pick: number };

/** The course steps, weighted so that a sale, its sessions and their giving back meet in one short sequence. */
const courseSteps = [
  {
    arbitrary: fc.record({
      kind: fc.constant('course sale' as const),
      type: fc.constantFrom('swedish' as const, 'naturist' as const),
      sessions: fc.integer({ min: 2, max: 6 }),
      amount: fc.integer({ min: 100, max: 100_000 }),
      method,
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('course session' as const), pick }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('course session given back' as const), pick }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('course adjustment' as const),
      pick,
      change: fc.integer({ min: -6, max: 6 }),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('course expiry' as const), pick }), weight: 1 },
];

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constant('paid booking' as const),
    type: fc.constantFrom('swedish' as const, 'naturist' as const),
    amount,
    method,
    when: pastDate,
  }),
  fc.record({ kind: fc.constant('booking refund' as const), pick, share, method }),
  fc.record({
    kind: fc.constant('expense' as const),
    amount,
    vatShare: fc.constantFrom(0, 1 / 6),
    category: pick,
    method: fc.constantFrom('cash', 'card', 'bank_transfer', 'owner'),
    when: pastDate,
  }),
  fc.record({ kind: fc.constant('expense edit' as const), pick, amount }),
  fc.record({ kind: fc.constant('expense delete' as const), pick }),
  fc.record({ kind: fc.constant('invoice booking' as const), pick, share, method }),
  fc.record({
    kind: fc.constant('invoice by hand' as const),
    lines: fc.array(fc.record({ net: amount, rate: fc.constantFrom(0, 5, 20) }), { minLength: 1, maxLength: 3 }),
    share,
    method,
  }),
  fc.record({ kind: fc.constant('credit note' as const), pick, refund: fc.boolean(), method }),
  fc.record({ kind: fc.constant('vat registration' as const), registered: fc.boolean() }),
  fc.record({ kind: fc.constant('online refund' as const), pick, share }),
  fc.record({
    kind: fc.constant('online deposit' as const),
    type: fc.constantFrom('swedish' as const, 'naturist' as const),
    amount,
    outcome: fc.constantFrom('held' as const, 'completed' as const, 'no_show' as const),
  }),
  // Stripe's fees, payouts and adjustments, as the daily job posts them (issue 13, decision 054).
  fc.record({
    kind: fc.constant('stripe balance' as const),
    type: fc.constantFrom('charge', 'refund', 'payout', 'stripe_fee', 'adjustment'),
    amount: fc.integer({ min: -50_000, max: 50_000 }),
    fee: fc.integer({ min: 0, max: 2_000 }),
    when: pastDate,
  }),
  fc.record({ kind: fc.constant('no-show fee' as const), amount, when: pastDate }),
  // Weighted so that a sale, its spending and its giving back meet in one short sequence often enough.
  {
    arbitrary: fc.record({
      kind: fc.constant('voucher sale' as const),
      of: fc.constantFrom('amount' as const, 'swedish' as const, 'naturist' as const),
      amount: fc.integer({ min: 500, max: 100_000 }),
      method,
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('voucher redemption' as const),
      pick,
      share,
      type: fc.constantFrom('swedish' as const, 'naturist' as const),
    }),
    weight: 3,
  },
  // Add-ons (issue 24, decision 079): the owner sets what a booking took before it is invoiced.
  {
    arbitrary: fc.record({ kind: fc.constant('booking add-ons' as const), pick, addOns: fc.subarray([0, 1, 2]) }),
    weight: 2,
  },
  fc.record({ kind: fc.constant('voucher expiry' as const), pick }),
  { arbitrary: fc.record({ kind: fc.constant('voucher given back' as const), pick }), weight: 3 },
  // Courses of sessions (issue 24, decision 081): sold, a session used by a booking and given back, adjusted, expired.
  ...courseSteps,
);
let voucherCounter = 0;
let stripeCounter = 0;
let onlineCounter = 0;
let refundCounter = 0;
/** How many online refunds the runs made, printed so a run that made none is seen. */
let onlineRefunds = 0;
/** Likewise for vouchers given back after being spent. */
let vouchersGivenBack = 0;

/** What the sequence has made so far, to pick targets from. */
type World = {
  paidBookings: { id: string; paid: number }[];
  unbilledBookings: string[];
  expenses: string[];
  invoices: string[];
  /** Online payments made by the sequence, to pay back part of (issue 13). */
  onlinePayments: string[];
  vouchers: { id: string; code: string; balance: number }[];
  /** Bookings a voucher paid towards, not yet given back. */
  voucherSpends: { bookingId: string; voucher: { id: string; code: string; balance: number } }[];
  /** Courses sold by the sequence, and the bookings a session of one paid for (not given back). */
  courses: string[];
  courseSessions: string[];
};

async function ok(response: Awaited<ReturnType<typeof admin.call>>, what: string) {
  if (response.statusCode >= 300) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return response.json();
}

function insertCompletedBooking(type: string, when: Date) {
  // A minute of its own per booking: completed bookings hold no diary time, but keep them apart anyway.
  const startsAt = new Date(when.getTime() - (bookingCounter++ % 600) * 60_000);
  return insertBooking(t, { type, status: 'completed', startsAt, client: { id: clientId, email: clientEmail } });
}

async function run(step: Action, world: World) {
  const from = <T>(list: T[], index: number) => (list.length ? list[index % list.length] : undefined);
  switch (step.kind) {
    case 'paid booking': {
      const made = await insertCompletedBooking(step.type, step.when);
      await ok(
        await admin.call('POST', `/api/admin/bookings/${made.id}/payments`, {
          amountPence: step.amount,
          method: step.method,
          paidAt: step.when.toISOString(),
        }),
        'booking payment',
      );
      world.paidBookings.push({ id: made.id, paid: step.amount });
      world.unbilledBookings.push(made.id);
      // A second booking left unpaid, for invoicing without money taken first.
      world.unbilledBookings.push((await insertCompletedBooking(step.type, step.when)).id);
      return;
    }
    case 'booking refund': {
      const target = from(world.paidBookings, step.pick);
      if (!target || target.paid < 1 || !world.unbilledBookings.includes(target.id)) return;
      const refund = Math.max(1, Math.floor(target.paid * step.share));
      await ok(
        await admin.call('POST', `/api/admin/bookings/${target.id}/refunds`, {
          amountPence: refund,
          method: step.method,
        }),
        'booking refund',
      );
      target.paid -= refund;
      return;
    }
    case 'expense': {
      const created = await ok(
        await admin.call('POST', '/api/admin/expenses', {
          date: step.when.toISOString().slice(0, 10),
          supplier: 'Oils & Co',
          categoryId: from(categoryIds, step.category),
          amountPence: step.amount,
          vatPence: Math.floor(step.amount * step.vatShare),
          paymentMethod: step.method,
        }),
        'expense',
      );
      world.expenses.push(created.id);
      return;
    }
    case 'expense edit': {
      const id = from(world.expenses, step.pick);
      if (id)
        await ok(
          await admin.call('PATCH', `/api/admin/expenses/${id}`, { amountPence: step.amount, vatPence: 0 }),
          'edit',
        );
      return;
    }
    case 'expense delete': {
      const id = from(world.expenses, step.pick);
      if (!id) return;
      await ok(await admin.call('DELETE', `/api/admin/expenses/${id}`), 'delete');
      world.expenses = world.expenses.filter((other) => other !== id);
      return;
    }
    case 'invoice booking': {
      const bookingId = from(world.unbilledBookings, step.pick);
      if (!bookingId) return;
      world.unbilledBookings = world.unbilledBookings.filter((other) => other !== bookingId);
      const draft = await ok(await admin.call('POST', `/api/admin/invoices/from-booking/${bookingId}`), 'from booking');
      await issueAndPay(draft.id, step.share, step.method);
      world.invoices.push(draft.id);
      return;
    }
    case 'invoice by hand': {
      const draft = await ok(
        await admin.call('POST', '/api/admin/invoices', {
          billToName: 'Acme Wellness Ltd',
          lines: step.lines.map((line) => ({
            description: 'Chair massage',
            quantity: 1,
            unitPricePence: line.net,
            // Unregistered businesses charge no VAT: the server refuses a rate then.
            vatRatePercent: vatRegistered ? line.rate : 0,
          })),
        }),
        'hand invoice',
      );
      await issueAndPay(draft.id, step.share, step.method);
      world.invoices.push(draft.id);
      return;
    }
    case 'credit note': {
      const id = from(world.invoices, step.pick);
      if (!id) return;
      world.invoices = world.invoices.filter((other) => other !== id);
      await ok(await admin.call('POST', `/api/admin/invoices/${id}/credit-note`, { reason: 'Cancelled' }), 'credit');
      const voided = await ok(await admin.call('GET', `/api/admin/invoices/${id}`), 'voided');
      if (step.refund && voided.amountPaidPence > 0)
        await ok(
          await admin.call('POST', `/api/admin/invoices/${id}/refunds`, {
            amountPence: voided.amountPaidPence,
            method: step.method,
          }),
          'invoice refund',
        );
      return;
    }
    case 'online deposit': {
      // Taken through Stripe (issue 13): held, then the sale when completed or other income after a no-show.
      const startsAt = new Date(Date.now() - 400 * 86_400_000 + onlineCounter++ * 2 * 3_600_000);
      const made = await insertBooking(t, {
        type: step.type,
        status: 'confirmed',
        startsAt,
        client: { id: clientId, email: clientEmail },
      });
      await t.db.transaction(async (tx) => {
        const [held] = await tx
          .insert(onlinePayment)
          .values({
            bookingId: made.id,
            purpose: 'deposit',
            amountPence: step.amount,
            currency: 'GBP',
            intentId: `pi_books_${made.id}`,
            holdExpiresAt: startsAt,
          })
          .returning();
        if (!held) throw new Error('online payment insert returned no row');
        const intent = { id: `pi_books_${made.id}`, amount_received: step.amount };
        await recordOnlinePayment(tx, {
          timeZone: 'Europe/London',
          row: made,
          held,
          intent,
          at: startsAt.getTime(),
        });
        world.onlinePayments.push(held.id);
      });
      if (step.outcome !== 'held')
        await ok(
          await admin.call('POST', `/api/admin/bookings/${made.id}/outcome`, { status: step.outcome }),
          'outcome',
        );
      return;
    }
    case 'stripe balance': {
      const draft = stripeBalanceEntry({
        transaction: { id: `txn_books_${stripeCounter++}`, type: step.type, amount: step.amount, fee: step.fee },
        date: step.when.toISOString().slice(0, 10),
        description: 'Stripe balance',
      });
      if (draft) await t.db.transaction((tx) => postJournalEntry(tx, { draft, createdBy: null }));
      return;
    }
    case 'no-show fee': {
      // Charged to a saved card after a no-show: other income with VAT at the sales rate while registered.
      const draft = noShowFeeEntry({
        paymentId: `no-show-${stripeCounter++}`,
        date: step.when.toISOString().slice(0, 10),
        amountPence: step.amount,
        vatRateBp: vatRegistered ? 2000 : 0,
        description: 'No-show fee',
      });
      await t.db.transaction((tx) => postJournalEntry(tx, { draft, createdBy: null }));
      return;
    }
    case 'online refund': {
      // Paid back through Stripe, whatever the money had become (held, the sale, kept): Stripe's answer that it
      // succeeded is applied as the refund flow applies it (decision 053).
      const id = from(world.onlinePayments, step.pick);
      if (!id) return;
      await t.db.transaction(async (tx) => {
        const [held] = await tx.select().from(onlinePayment).where(eq(onlinePayment.id, id)).for('update');
        if (!held) return;
        const left = await refundableOf(tx, held);
        if (left < 1) return;
        const amount = Math.max(1, Math.floor(left * step.share));
        const asked = await queueOnlineRefund(tx, { held, amountPence: amount, reason: 'Goodwill', requestedBy: null });
        const refund = {
          id: `re_books_${refundCounter++}`,
          status: 'succeeded' as const,
          amount,
          failure_reason: null,
        };
        await applyStripeRefund({ ...t.context, tx }, { row: asked, refund });
        onlineRefunds++;
      });
      return;
    }
    case 'voucher sale': {
      const sold = await ok(
        await admin.call('POST', '/api/admin/vouchers', {
          ...(step.of === 'amount'
            ? { kind: 'amount', amountPence: step.amount }
            : {
                kind: 'treatment',
                serviceId: (await serviceOfType(t, step.of)).id,
                durationMinutes: 60,
              }),
          method: step.method,
          buyerName: `Voucher buyer ${voucherCounter++}`,
        }),
        'voucher sale',
      );
      world.vouchers.push({ id: sold.id, code: sold.code, balance: sold.balancePence });
      return;
    }
    case 'voucher redemption': {
      const target = from(
        world.vouchers.filter((v) => v.balance > 0),
        step.pick,
      );
      if (!target) return;
      const spend = Math.max(1, Math.floor(target.balance * step.share));
      const made = await insertCompletedBooking(step.type, new Date(Date.now() - 86_400_000));
      const after = await ok(
        await admin.call('POST', '/api/admin/vouchers/redeem', {
          code: target.code,
          bookingId: made.id,
          amountPence: spend,
        }),
        'voucher redemption',
      );
      target.balance = after.balancePence;
      world.voucherSpends.push({ bookingId: made.id, voucher: target });
      return;
    }
    case 'voucher given back': {
      // The booking is cancelled with the voucher given back (issue 13): onto the voucher, or released at once if
      // it has expired meanwhile.
      const spent = from(world.voucherSpends, step.pick);
      if (!spent) return;
      world.voucherSpends = world.voucherSpends.filter((s) => s !== spent);
      const [row] = await t.db.select().from(booking).where(eq(booking.id, spent.bookingId));
      if (!row) throw new Error('voucher-paid booking missing');
      await t.db.transaction((tx) => giveBackVoucherSpending({ ...t.context, tx }, { bookingRow: row, by: null }));
      vouchersGivenBack++;
      const [after] = await t.db.select().from(voucher).where(eq(voucher.id, spent.voucher.id));
      spent.voucher.balance = after?.balancePence ?? 0;
      return;
    }
    case 'booking add-ons': {
      // Taken on a booking not yet invoiced: its price, and so the invoice's lines and their postings, move with them.
      const bookingId = from(world.unbilledBookings, step.pick);
      if (!bookingId) return;
      const sheet = await ok(await admin.call('GET', `/api/admin/bookings/${bookingId}`), 'sheet');
      await ok(
        await admin.call('PUT', `/api/admin/bookings/${bookingId}/add-ons`, {
          addOnIds: step.addOns.map((index) => addOnIds[index]),
          version: sheet.booking.version,
        }),
        'add-ons',
      );
      return;
    }
    case 'voucher expiry': {
      const target = from(world.vouchers, step.pick);
      if (!target) return;
      // Its last valid day has passed: the daily job closes it.
      await t.db
        .update(voucher)
        .set({ expiresOn: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10) })
        .where(eq(voucher.id, target.id));
      await expireVouchers(t.context);
      target.balance = 0;
      return;
    }
    case 'course sale':
    case 'course session':
    case 'course session given back':
    case 'course adjustment':
    case 'course expiry':
      return runCourseStep(step, world);
    case 'vat registration':
      await ok(
        await admin.call('PUT', '/api/admin/invoices/settings', {
          vatRegistered: step.registered,
          vatNumber: step.registered ? 'GB123456789' : '',
          vatRatePercent: 20,
          invoiceDueDays: 14,
          invoiceFooter: '',
        }),
        'settings',
      );
      vatRegistered = step.registered;
      return;
  }
}

async function issueAndPay(id: string, share: number, method: string) {
  const issued = await ok(await admin.call('POST', `/api/admin/invoices/${id}/issue`, {}), 'issue');
  const outstanding = issued.totalPence - issued.amountPaidPence;
  const part = Math.floor(outstanding * share);
  if (part > 0)
    await ok(await admin.call('POST', `/api/admin/invoices/${id}/payments`, { amountPence: part, method }), 'pay');
}

let courseCounter = 0;
/** How many course sessions were used and given back across the runs, printed so a run that made none is seen. */
let courseSessionsGivenBack = 0;

async function runCourseStep(step: Extract<Action, { kind: `course ${string}` }>, world: World) {
  const pickFrom = <T>(list: T[], index: number) => (list.length ? list[index % list.length] : undefined);
  const courseOf = async (id: string | undefined) =>
    id ? (await t.db.select().from(coursePurchase).where(eq(coursePurchase.id, id)))[0] : undefined;
  switch (step.kind) {
    case 'course sale': {
      const service = await serviceOfType(t, step.type);
      const product = await ok(
        await admin.call('POST', '/api/admin/course-products', {
          serviceId: service.id,
          durationMinutes: 60,
          sessions: step.sessions,
          pricePence: step.amount,
          expiryMonths: 1 + (courseCounter++ % 12),
        }),
        'course product',
      );
      const sold = await ok(
        await admin.call('POST', '/api/admin/courses', { productId: product.id, clientId, method: step.method }),
        'course sale',
      );
      world.courses.push(sold.id);
      return;
    }
    case 'course session': {
      const row = await courseOf(pickFrom(world.courses, step.pick));
      if (row?.status !== 'active' || row.sessionsLeft === 0) return;
      const made = await insertCompletedBooking(row.serviceType, new Date(Date.now() - 86_400_000));
      await t.db.transaction((tx) =>
        useCourseSession(
          { ...t.context, tx },
          {
            session: { course: row, coveredPence: made.pricePence },
            coveredPence: made.pricePence,
            bookingRow: made,
            by: null,
          },
        ),
      );
      world.courseSessions.push(made.id);
      return;
    }
    case 'course session given back': {
      const bookingId = pickFrom(world.courseSessions, step.pick);
      if (!bookingId) return;
      world.courseSessions = world.courseSessions.filter((id) => id !== bookingId);
      const [row] = await t.db.select().from(booking).where(eq(booking.id, bookingId));
      if (!row) throw new Error('course-paid booking missing');
      // The business cancels it: the session goes back onto the course (or nothing, if the course has expired).
      await t.db.transaction((tx) =>
        giveBackCourseSession({ ...t.context, tx }, { bookingRow: row, at: Date.now(), by: 'business', actorId: null }),
      );
      courseSessionsGivenBack++;
      return;
    }
    case 'course adjustment': {
      const row = await courseOf(pickFrom(world.courses, step.pick));
      if (row?.status !== 'active') return;
      const change = Math.max(-row.sessionsLeft, Math.min(row.sessions - row.sessionsLeft, step.change));
      if (change === 0) return;
      await ok(
        await admin.call('POST', `/api/admin/courses/${row.id}/adjust`, { change, reason: 'Property test' }),
        'course adjustment',
      );
      return;
    }
    case 'course expiry': {
      const id = pickFrom(world.courses, step.pick);
      if (!id) return;
      await t.db
        .update(coursePurchase)
        .set({ expiresOn: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10) })
        .where(eq(coursePurchase.id, id));
      await expireCourses(t.context);
      return;
    }
  }
}

async function checkTheBooks() {
  const unbalanced = (await t.db.execute(
    sql`select entry_id from journal_line group by entry_id having sum(debit_pence) <> sum(credit_pence) or count(*) < 2`,
  )) as { rows: unknown[] };
  expect(unbalanced.rows).toEqual([]);

  const trial: TrialBalance = await ok(await admin.call('GET', '/api/admin/ledger/trial-balance'), 'trial');
  expect(trial.totalDebitPence).toBe(trial.totalCreditPence);
  expect(trial.accounts.reduce((sum, account) => sum + account.balancePence, 0)).toBe(0);

  const income = 0 - trial.accounts.filter((a) => a.kind === 'income').reduce((sum, a) => sum + a.balancePence, 0);
  const expenses = trial.accounts.filter((a) => a.kind === 'expense').reduce((sum, a) => sum + a.balancePence, 0);
  const today = new Date().toISOString().slice(0, 10);
  const pnl: ProfitAndLoss = await ok(
    await admin.call('GET', `/api/admin/finances/profit-and-loss?from=2024-01-01&to=${today}&granularity=quarter`),
    'p&l',
  );
  expect(pnl.totals.income.total).toBe(income);
  expect(pnl.totals.expenses.total).toBe(expenses);
  expect(pnl.totals.net).toBe(income - expenses);
  expect(pnl.periods.reduce((sum, period) => sum + period.net, 0)).toBe(pnl.totals.net);
  // Deposits held is exactly what online payments still hold, summed in SQL on both sides.
  const held = (await t.db.execute(sql`
    select (select coalesce(sum(op.amount_pence - coalesce((select sum(r.amount_pence) from online_refund r
              where r.online_payment_id = op.id and r.status = 'succeeded'), 0)), 0)
            from online_payment op where op.settlement = 'held')::text as held,
           (select coalesce(sum(credit_pence - debit_pence), 0) from journal_line where account_code = '2300')::text as owed`)) as {
    rows: { held: string; owed: string }[];
  };
  expect(Number(held.rows[0]?.owed)).toBe(Number(held.rows[0]?.held));
  // Vouchers outstanding is what active vouchers still hold (net of the VAT a treatment paid at sale), both in SQL.
  const vouchers = (await t.db.execute(sql`
    select (select coalesce(sum(case when kind = 'amount' then balance_pence
                                     else round(balance_pence * 10000.0 / (10000 + vat_rate_bp)) end), 0)
              from voucher where status = 'active')::bigint::text as held,
           (select coalesce(sum(credit_pence - debit_pence), 0) from journal_line where account_code = '2310')::text as owed`)) as {
    rows: { held: string; owed: string }[];
  };
  expect(Number(vouchers.rows[0]?.owed)).toBe(Number(vouchers.rows[0]?.held));
  // Course sessions outstanding is the net of the sessions left on every active course (decision 081).
  const open = await t.db.select().from(coursePurchase).where(eq(coursePurchase.status, 'active'));
  const courses = (await t.db.execute(
    sql`select coalesce(sum(credit_pence - debit_pence), 0)::text as owed from journal_line where account_code = '2320'`,
  )) as { rows: { owed: string }[] };
  expect(Number(courses.rows[0]?.owed)).toBe(open.reduce((sum, row) => sum + courseNetOf(row, row.sessionsLeft), 0));
  const byStyle = pnl.totals.income.byStyle;
  expect(byStyle.therapeutic + byStyle.sensual + byStyle.other).toBe(income);
}

describe('the books', () => {
  it('balance when a booking with add-ons is paid, invoiced with a line per add-on, and credited', async () => {
    // The sequences below take add-ons at random; this one always does, so the case is never left out of a run.
    const world = {
      paidBookings: [],
      unbilledBookings: [],
      expenses: [],
      invoices: [],
      onlinePayments: [],
      vouchers: [],
      voucherSpends: [],
      courses: [],
      courseSessions: [],
    } as World;
    const steps: Action[] = [
      {
        kind: 'paid booking',
        type: 'swedish',
        amount: 9000,
        method: 'card',
        when: new Date(Date.now() - 5 * 86_400_000),
      },
      { kind: 'booking add-ons', pick: 0, addOns: [0, 2] },
      { kind: 'invoice booking', pick: 0, share: 1, method: 'card' },
      { kind: 'booking add-ons', pick: 0, addOns: [1] },
      { kind: 'invoice booking', pick: 0, share: 0.5, method: 'cash' },
      { kind: 'credit note', pick: 1, refund: true, method: 'cash' },
    ];
    for (const step of steps) await run(step, world);
    const lines = await Promise.all(
      world.invoices.map(
        async (id) => (await ok(await admin.call('GET', `/api/admin/invoices/${id}`), 'invoice')).lines,
      ),
    );
    expect(lines.flat().map((line: { description: string }) => line.description)).toEqual(
      expect.arrayContaining(['Hot stones (+15 min)', 'Scalp massage (+10 min)']),
    );
    await checkTheBooks();
  });

  it('balance, net to zero and agree with the profit and loss after any sequence of money events', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 12 }), async (steps) => {
        const world: World = {
          paidBookings: [],
          unbilledBookings: [],
          expenses: [],
          invoices: [],
          onlinePayments: [],
          vouchers: [],
          voucherSpends: [],
          courses: [],
          courseSessions: [],
        };
        for (const step of steps) await run(step, world);
        await checkTheBooks();
      }),
      { numRuns: 12 },
    );
    console.info(
      `books property: ${onlineRefunds} online refunds, ${vouchersGivenBack} vouchers and ${courseSessionsGivenBack} course sessions given back across the runs`,
    );
  });

  it('balance with 2320 owing exactly the sessions left after any sequence of course events, VAT switched between', async () => {
    const courseAction: fc.Arbitrary<Action> = fc.oneof(
      ...courseSteps,
      fc.record({ kind: fc.constant('vat registration' as const), registered: fc.boolean() }),
    );
    const before = courseSessionsGivenBack;
    await fc.assert(
      fc.asyncProperty(fc.array(courseAction, { minLength: 3, maxLength: 12 }), async (steps) => {
        const world: World = {
          paidBookings: [],
          unbilledBookings: [],
          expenses: [],
          invoices: [],
          onlinePayments: [],
          vouchers: [],
          voucherSpends: [],
          courses: [],
          courseSessions: [],
        };
        for (const step of steps) await run(step, world);
        await checkTheBooks();
      }),
      { numRuns: 8 },
    );
    console.info(`books property (courses): ${courseSessionsGivenBack - before} course sessions given back`);
  });
});
