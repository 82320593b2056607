import { spawn } from 'node:child_process';
import { accountCodes, type InvoiceDetail } from '@app/shared';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, invoice, invoiceCounter, journalEntry, journalLine, payment } from '../../db/schema.ts';
import { insertBooking } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { startSmtpPeer, waitFor } from '../../test/smtp-peer.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import type { Actor } from '../auth/actor.ts';
import { createInvoice } from './invoice-drafts.service.ts';
import { issueCreditNote, issueInvoice } from './invoice-issue.service.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let client: Awaited<ReturnType<typeof signedIn>>;
let adminActor: Actor;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp(
    {
      AUTH_RATE_LIMIT_MAX: '100000',
      API_RATE_LIMIT_MAX: '100000',
      BUSINESS_NAME: 'Soothe Test Studio',
      BUSINESS_EMAIL: 'hello@soothe.example',
      BUSINESS_PHONE: '020 7946 0000',
      SMTP_URL: smtp.url,
    },
    { jobs: true },
  );
  admin = await signedIn(t, { role: 'admin' });
  client = await signedIn(t);
  adminActor = { id: admin.id, role: 'admin', email: admin.email, name: 'Admin', phone: null };
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function setVat(registered: boolean) {
  const saved = await admin.call('PUT', '/api/admin/invoices/settings', {
    vatRegistered: registered,
    vatNumber: registered ? 'GB123456789' : '',
    vatRatePercent: 20,
    invoiceDueDays: 14,
    invoiceFooter: 'Bank: 12-34-56 12345678. Thank you!',
  });
  expect(saved.statusCode).toBe(200);
}
beforeEach(() => setVat(true));

let bookingDay = 0;
/** A booking that took place some days ago, written straight to the diary. */
function pastBooking(type = 'swedish', status: 'completed' | 'confirmed' | 'pending' | 'cancelled' = 'completed') {
  const startsAt = new Date(Date.now() - (++bookingDay * 86_400_000 + 3_600_000));
  return insertBooking(t, { type, status, startsAt, client });
}

const handInvoice = (extra: Record<string, unknown> = {}) => ({
  billToName: 'Acme Wellness Ltd',
  billToEmail: 'accounts@acme.example',
  billToAddress: '1 High Street\nLondon',
  lines: [
    { description: 'Chair massage, office day', quantity: 2, unitPricePence: 5000, vatRatePercent: 20 },
    { description: 'Travel', quantity: 1, unitPricePence: 1000, vatRateBp: 0 },
  ],
  notes: 'Thank you for your custom',
  ...extra,
});

async function newDraft(extra: Record<string, unknown> = {}): Promise<InvoiceDetail> {
  const created = await admin.call('POST', '/api/admin/invoices', handInvoice(extra));
  expect(created.statusCode).toBe(201);
  return created.json();
}

async function issued(extra: Record<string, unknown> = {}): Promise<InvoiceDetail> {
  const draft = await newDraft(extra);
  const done = await admin.call('POST', `/api/admin/invoices/${draft.id}/issue`, {});
  expect(done.statusCode).toBe(200);
  return done.json();
}

/** The lines of the entries posted for a source, as account → debit minus credit. */
async function postedFor(sourceIds: string[]) {
  const lines = await t.db
    .select({ account: journalLine.accountCode, debit: journalLine.debitPence, credit: journalLine.creditPence })
    .from(journalLine)
    .innerJoin(journalEntry, eq(journalEntry.id, journalLine.entryId))
    .where(inArray(journalEntry.sourceId, sourceIds));
  const byAccount: Record<string, number> = {};
  for (const line of lines) byAccount[line.account] = (byAccount[line.account] ?? 0) + line.debit - line.credit;
  return byAccount;
}

async function entriesOf(sourceType: string, sourceId: string) {
  return t.db
    .select()
    .from(journalEntry)
    .where(and(eq(journalEntry.sourceType, sourceType as 'invoice'), eq(journalEntry.sourceId, sourceId)));
}

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

describe('invoice numbers', () => {
  it('gives 50 invoices issued at once 50 consecutive numbers, none repeated and none skipped', async () => {
    const [before] = await t.db.select().from(invoiceCounter).where(eq(invoiceCounter.series, 'INV'));
    const drafts = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        createInvoice(
          { db: t.db, env: t.context.env },
          { actor: adminActor, input: handInvoice({ billToName: `Client ${i}` }) },
        ),
      ),
    );
    const results = await Promise.all(
      drafts.map((draft) =>
        issueInvoice({ db: t.db, env: t.context.env }, { actor: adminActor, id: draft.id, input: {} }),
      ),
    );
    const start = before?.lastNumber ?? 0;
    const numbers = results.map((r) => r.number).sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => start + i + 1));
    expect(results.every((r) => r.status === 'issued' && /^INV-\d{6}$/.test(r.label))).toBe(true);
  });

  it('gives 30 credit notes issued at once 30 consecutive CN numbers, and one invoice credited twice at once one note', async () => {
    const invoices = [];
    for (let i = 0; i < 31; i++) {
      const draft = await createInvoice(
        { db: t.db, env: t.context.env },
        { actor: adminActor, input: handInvoice({ billToName: `Credited ${i}` }) },
      );
      invoices.push(
        await issueInvoice({ db: t.db, env: t.context.env }, { actor: adminActor, id: draft.id, input: {} }),
      );
    }
    const [before] = await t.db.select().from(invoiceCounter).where(eq(invoiceCounter.series, 'CN'));
    const twice = invoices.pop() as InvoiceDetail;
    const settled = await Promise.allSettled([
      ...invoices.map((done) =>
        issueCreditNote(
          { db: t.db, env: t.context.env },
          { actor: adminActor, id: done.id, input: { reason: 'Issued in error' } },
        ),
      ),
      issueCreditNote(
        { db: t.db, env: t.context.env },
        { actor: adminActor, id: twice.id, input: { reason: 'First' } },
      ),
      issueCreditNote(
        { db: t.db, env: t.context.env },
        { actor: adminActor, id: twice.id, input: { reason: 'Second' } },
      ),
    ]);
    const notes = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    // Thirty invoices and one of the two notes for the same invoice; the other is refused, not numbered.
    expect(notes).toHaveLength(31);
    expect(settled.filter((result) => result.status === 'rejected')).toHaveLength(1);
    const start = before?.lastNumber ?? 0;
    const numbers = notes.map((note) => note.number ?? 0).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 31 }, (_, i) => start + i + 1));
    expect(notes.every((note) => note.kind === 'credit_note' && /^CN-\d{6}$/.test(note.label))).toBe(true);
    const [after] = await t.db.select().from(invoiceCounter).where(eq(invoiceCounter.series, 'CN'));
    expect(after?.lastNumber).toBe(start + 31);
    const ofTwice = await t.db.select().from(invoice).where(eq(invoice.creditsInvoiceId, twice.id));
    expect(ofTwice).toHaveLength(1);
  });

  it('gives back the number of an issue that fails, so the next invoice takes it', async () => {
    const [before] = await t.db.select().from(invoiceCounter).where(eq(invoiceCounter.series, 'INV'));
    // A ledger failure in the middle of issuing (after the number was drawn) rolls the whole issue back.
    // A date within the year an invoice may be dated back, that nothing else in this file uses.
    const failDate = new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10);
    await t.db.execute(sql`create function test_refuse_2001() returns trigger language plpgsql as $$
      begin if new.date = '${sql.raw(failDate)}' then raise exception 'ledger unavailable'; end if; return new; end $$`);
    await t.db.execute(
      sql`create trigger test_refuse_2001 before insert on journal_entry for each row execute function test_refuse_2001()`,
    );
    try {
      const draft = await newDraft();
      const failed = await admin.call('POST', `/api/admin/invoices/${draft.id}/issue`, { issueDate: failDate });
      expect(failed.statusCode).toBe(500);
      const still = (await admin.call('GET', `/api/admin/invoices/${draft.id}`)).json();
      expect(still).toMatchObject({ status: 'draft', number: null });
      const next = await admin.call('POST', `/api/admin/invoices/${draft.id}/issue`, {});
      expect(next.json().number).toBe((before?.lastNumber ?? 0) + 1);
    } finally {
      await t.db.execute(sql`drop trigger test_refuse_2001 on journal_entry`);
      await t.db.execute(sql`drop function test_refuse_2001()`);
    }
  });

  it('leaves no gap when a draft is deleted, since drafts have no number', async () => {
    const [before] = await t.db.select().from(invoiceCounter).where(eq(invoiceCounter.series, 'INV'));
    const draft = await newDraft();
    expect(draft).toMatchObject({ number: null, label: 'Draft', status: 'draft' });
    expect((await admin.call('DELETE', `/api/admin/invoices/${draft.id}`)).statusCode).toBe(204);
    expect((await admin.call('GET', `/api/admin/invoices/${draft.id}`)).statusCode).toBe(404);
    const next = await issued();
    expect(next.number).toBe((before?.lastNumber ?? 0) + 1);
  });
});

describe('drafts and issued invoices', () => {
  it('computes each line and the totals on the server, VAT per line at its own rate', async () => {
    const draft = await newDraft({
      lines: [
        { description: 'Massage', quantity: 3, unitPricePence: 3333, vatRatePercent: 20 },
        { description: 'Oil', quantity: 1, unitPricePence: 999, vatRatePercent: 5 },
      ],
    });
    expect(draft.lines.map((l) => [l.netPence, l.vatPence, l.vatRateBp])).toEqual([
      [9999, 2000, 2000],
      [999, 50, 500],
    ]);
    expect(draft).toMatchObject({ subtotalPence: 10998, vatPence: 2050, totalPence: 13048 });
    const edited = await admin.call('PATCH', `/api/admin/invoices/${draft.id}`, {
      lines: [{ description: 'Massage', quantity: 1, unitPricePence: 6000, vatRatePercent: 0 }],
      billToName: 'Acme Renamed',
    });
    expect(edited.json()).toMatchObject({ billToName: 'Acme Renamed', totalPence: 6000, vatPence: 0 });
  });

  it('refuses to edit or delete an issued invoice: a credit note is the only way to cancel it', async () => {
    const done = await issued();
    const message = 'An issued invoice cannot be changed: issue a credit note instead.';
    const edit = await admin.call('PATCH', `/api/admin/invoices/${done.id}`, { billToName: 'Someone else' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toBe(message);
    const removal = await admin.call('DELETE', `/api/admin/invoices/${done.id}`);
    expect(removal.statusCode).toBe(409);
    expect((await admin.call('POST', `/api/admin/invoices/${done.id}/issue`, {})).statusCode).toBe(409);
    const after = (await admin.call('GET', `/api/admin/invoices/${done.id}`)).json();
    expect(after).toMatchObject({ billToName: 'Acme Wellness Ltd', number: done.number, status: 'issued' });
  });

  it('issues with today’s date and a due date the settings’ number of days later, and posts receivables, income and VAT', async () => {
    const done = await issued();
    expect(done.issueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const due = new Date(Date.parse(`${done.issueDate}T00:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10);
    expect(done.dueDate).toBe(due);
    // 2 × £50 at 20 % and £10 at 0 %: £110 net, £20 VAT.
    expect(await postedFor([done.id])).toEqual({
      [accountCodes.receivables]: 13000,
      [accountCodes.otherIncome]: -11000,
      [accountCodes.vat]: -2000,
    });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, done.id));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['invoice.created', 'invoice.issued']));
  });

  it('refuses VAT on any line while the business is not VAT registered', async () => {
    const draft = await newDraft();
    await setVat(false);
    const refused = await admin.call('POST', '/api/admin/invoices', handInvoice());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/not VAT registered/);
    expect((await admin.call('POST', `/api/admin/invoices/${draft.id}/issue`, {})).statusCode).toBe(400);
    const zeroRated = await admin.call('PATCH', `/api/admin/invoices/${draft.id}`, {
      lines: [{ description: 'Massage', quantity: 1, unitPricePence: 5000, vatRatePercent: 0 }],
    });
    expect(zeroRated.statusCode).toBe(200);
    const done = await admin.call('POST', `/api/admin/invoices/${draft.id}/issue`, {});
    expect(done.json()).toMatchObject({ status: 'issued', vatPence: 0, totalPence: 5000 });
  });

  it('refuses to issue an invoice whose total is zero', async () => {
    const draft = await newDraft({ lines: [{ description: 'Free taster', quantity: 1, unitPricePence: 0 }] });
    const refused = await admin.call('POST', `/api/admin/invoices/${draft.id}/issue`, {});
    expect(refused.statusCode).toBe(400);
    expect((await admin.call('GET', `/api/admin/invoices/${draft.id}`)).json().status).toBe('draft');
  });
});

describe('invoicing a booking', () => {
  it('without VAT registration: one line at the full price and no VAT', async () => {
    await setVat(false);
    const made = await pastBooking('swedish');
    const created = await admin.call('POST', `/api/admin/invoices/from-booking/${made.id}`);
    expect(created.statusCode).toBe(201);
    const draft: InvoiceDetail = created.json();
    expect(draft).toMatchObject({ bookingId: made.id, billToEmail: client.email, totalPence: 7000, vatPence: 0 });
    expect(draft.lines).toHaveLength(1);
    expect(draft.lines[0]).toMatchObject({
      quantity: 1,
      unitPricePence: 7000,
      vatRateBp: 0,
      style: 'therapeutic',
      serviceType: 'swedish',
    });
    expect(draft.lines[0]?.description).toMatch(/^Swedish massage, 60 min on \d{1,2} \w+ \d{4}$/);
  });

  it('when VAT registered: the price the client paid includes VAT at the business rate', async () => {
    const made = await pastBooking('sensual');
    const draft: InvoiceDetail = (await admin.call('POST', `/api/admin/invoices/from-booking/${made.id}`)).json();
    // £120 includes £20 VAT.
    expect(draft.lines[0]).toMatchObject({ unitPricePence: 10000, vatRateBp: 2000, vatPence: 2000, style: 'sensual' });
    expect(draft.totalPence).toBe(12000);
    const done = (await admin.call('POST', `/api/admin/invoices/${draft.id}/issue`, {})).json();
    expect(await postedFor([done.id])).toEqual({
      [accountCodes.receivables]: 12000,
      [accountCodes.salesSensual]: -10000,
      [accountCodes.vat]: -2000,
    });
  });

  it('refuses a booking not yet confirmed, a cancelled one, and one already on an invoice', async () => {
    const pending = await pastBooking('swedish', 'pending');
    expect((await admin.call('POST', `/api/admin/invoices/from-booking/${pending.id}`)).statusCode).toBe(409);
    const cancelled = await pastBooking('swedish', 'cancelled');
    expect((await admin.call('POST', `/api/admin/invoices/from-booking/${cancelled.id}`)).statusCode).toBe(409);
    const made = await pastBooking('swedish');
    expect((await admin.call('POST', `/api/admin/invoices/from-booking/${made.id}`)).statusCode).toBe(201);
    const twice = await admin.call('POST', `/api/admin/invoices/from-booking/${made.id}`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toMatch(/already on invoice/);
    expect((await admin.call('POST', '/api/admin/invoices/from-booking/not-a-uuid')).statusCode).toBe(400);
  });

  it('applies money taken on the day to the invoice, so the income is counted once and the invoice is paid', async () => {
    const made = await pastBooking('swedish');
    const paid = await admin.call('POST', `/api/admin/bookings/${made.id}/payments`, {
      amountPence: 7000,
      method: 'card',
    });
    expect(paid.statusCode).toBe(201);
    const draft: InvoiceDetail = (await admin.call('POST', `/api/admin/invoices/from-booking/${made.id}`)).json();
    const done: InvoiceDetail = (await admin.call('POST', `/api/admin/invoices/${draft.id}/issue`, {})).json();
    expect(done).toMatchObject({ status: 'paid', amountPaidPence: 7000, outstandingPence: 0 });
    expect(done.payments.map((p) => p.amountPence)).toEqual([7000]);
    const paymentId = paid.json().id;
    expect(await entriesOf('payment_applied', paymentId)).toHaveLength(1);
    // Payment, invoice and application together: one sale of £58.33 + £11.67 VAT, money in the card account.
    expect(await postedFor([paymentId, done.id])).toEqual({
      [accountCodes.cardClearing]: 7000,
      [accountCodes.salesTherapeutic]: -5833,
      [accountCodes.vat]: -1167,
      [accountCodes.receivables]: 0,
    });
    // From now on the money of this booking is taken on the invoice.
    const more = await admin.call('POST', `/api/admin/bookings/${made.id}/payments`, {
      amountPence: 100,
      method: 'cash',
    });
    expect(more.statusCode).toBe(409);
  });

  it('lists completed bookings of the last 90 days that no invoice covers', async () => {
    const open = await pastBooking('deeptissue');
    const invoiced = await pastBooking('deeptissue');
    await admin.call('POST', `/api/admin/invoices/from-booking/${invoiced.id}`);
    const list = (await admin.call('GET', '/api/admin/invoices/billable-bookings')).json();
    const ids = list.bookings.map((b: { id: string }) => b.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(invoiced.id);
  });
});

describe('payments, credit notes and refunds', () => {
  it('takes part payments, then the rest, and refuses more than is outstanding', async () => {
    const done = await issued();
    const tooMuch = await admin.call('POST', `/api/admin/invoices/${done.id}/payments`, {
      amountPence: 20000,
      method: 'cash',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.message).toBe('Only £130.00 is outstanding.');
    const part = await admin.call('POST', `/api/admin/invoices/${done.id}/payments`, {
      amountPence: 2000,
      method: 'cash',
    });
    expect(part.statusCode).toBe(201);
    expect(part.json()).toMatchObject({ status: 'part_paid', amountPaidPence: 2000, outstandingPence: 11000 });
    const rest = await admin.call('POST', `/api/admin/invoices/${done.id}/payments`, {
      amountPence: 11000,
      method: 'bank_transfer',
      note: 'Transfer ref ACME',
    });
    expect(rest.json()).toMatchObject({ status: 'paid', amountPaidPence: 13000, outstandingPence: 0 });
    const ids = (rest.json() as InvoiceDetail).payments.map((p) => p.id);
    expect(await postedFor(ids)).toEqual({
      [accountCodes.cash]: 2000,
      [accountCodes.bank]: 11000,
      [accountCodes.receivables]: -13000,
    });
    const afterPaid = await admin.call('POST', `/api/admin/invoices/${done.id}/payments`, {
      amountPence: 1,
      method: 'cash',
    });
    expect(afterPaid.statusCode).toBe(409);
  });

  it('refuses a payment on a draft', async () => {
    const draft = await newDraft();
    const refused = await admin.call('POST', `/api/admin/invoices/${draft.id}/payments`, {
      amountPence: 100,
      method: 'cash',
    });
    expect(refused.statusCode).toBe(409);
  });

  it('cancels an invoice with a credit note of its own CN number that mirrors it, then refunds what was paid', async () => {
    const done = await issued();
    await admin.call('POST', `/api/admin/invoices/${done.id}/payments`, { amountPence: 5000, method: 'card' });
    const [cnBefore] = await t.db.select().from(invoiceCounter).where(eq(invoiceCounter.series, 'CN'));
    const noReason = await admin.call('POST', `/api/admin/invoices/${done.id}/credit-note`, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    const credit = await admin.call('POST', `/api/admin/invoices/${done.id}/credit-note`, { reason: 'Wrong client' });
    expect(credit.statusCode).toBe(201);
    const note: InvoiceDetail = credit.json();
    const cnNumber = (cnBefore?.lastNumber ?? 0) + 1;
    expect(note).toMatchObject({
      kind: 'credit_note',
      series: 'CN',
      number: cnNumber,
      label: `CN-${String(cnNumber).padStart(6, '0')}`,
      status: 'issued',
      creditsInvoiceId: done.id,
      totalPence: done.totalPence,
      creditedInvoiceLabel: done.label,
    });
    expect(note.lines.map((l) => l.description)).toEqual(done.lines.map((l) => l.description));
    expect(await postedFor([note.id])).toEqual({
      [accountCodes.receivables]: -13000,
      [accountCodes.otherIncome]: 11000,
      [accountCodes.vat]: 2000,
    });
    const original: InvoiceDetail = (await admin.call('GET', `/api/admin/invoices/${done.id}`)).json();
    expect(original).toMatchObject({ status: 'void', creditNoteId: note.id, outstandingPence: -5000 });
    expect(
      (await admin.call('POST', `/api/admin/invoices/${done.id}/credit-note`, { reason: 'again' })).statusCode,
    ).toBe(409);
    expect(
      (await admin.call('POST', `/api/admin/invoices/${done.id}/payments`, { amountPence: 100, method: 'cash' }))
        .statusCode,
    ).toBe(409);

    const tooMuch = await admin.call('POST', `/api/admin/invoices/${done.id}/refunds`, {
      amountPence: 5001,
      method: 'card',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.message).toBe('At most £50.00 can be refunded.');
    const refund = await admin.call('POST', `/api/admin/invoices/${done.id}/refunds`, {
      amountPence: 5000,
      method: 'card',
    });
    expect(refund.statusCode).toBe(201);
    const refunded: InvoiceDetail = refund.json();
    expect(refunded).toMatchObject({ refundedPence: 5000, outstandingPence: 0 });
    const refundRow = refunded.payments.find((p) => p.kind === 'refund');
    expect(await postedFor([refundRow?.id ?? ''])).toEqual({
      [accountCodes.receivables]: 5000,
      [accountCodes.cardClearing]: -5000,
    });
    // Everything about this invoice nets to nothing owed either way.
    const all = await postedFor([done.id, note.id, ...refunded.payments.map((p) => p.id)]);
    expect(all[accountCodes.receivables]).toBe(0);
    expect(
      (await admin.call('POST', `/api/admin/invoices/${done.id}/refunds`, { amountPence: 1, method: 'card' }))
        .statusCode,
    ).toBe(400);
  });

  it('refuses a refund on an invoice that was not cancelled, and a credit note on a draft', async () => {
    const done = await issued();
    expect(
      (await admin.call('POST', `/api/admin/invoices/${done.id}/refunds`, { amountPence: 100, method: 'cash' }))
        .statusCode,
    ).toBe(409);
    const draft = await newDraft();
    expect((await admin.call('POST', `/api/admin/invoices/${draft.id}/credit-note`, { reason: 'x' })).statusCode).toBe(
      409,
    );
  });

  it('lets a booking be invoiced again once its invoice is cancelled', async () => {
    const made = await pastBooking('swedish');
    const draft = (await admin.call('POST', `/api/admin/invoices/from-booking/${made.id}`)).json();
    await admin.call('POST', `/api/admin/invoices/${draft.id}/issue`, {});
    await admin.call('POST', `/api/admin/invoices/${draft.id}/credit-note`, { reason: 'Wrong price' });
    expect((await admin.call('POST', `/api/admin/invoices/from-booking/${made.id}`)).statusCode).toBe(201);
  });
});

describe('the PDF', () => {
  it('prints the business, the number, the client, the lines and the totals', async () => {
    await t.db.execute(sql`update business_settings set street_address = '12 Example Street, London' where id = 1`);
    const done = await issued();
    await admin.call('POST', `/api/admin/invoices/${done.id}/payments`, { amountPence: 3000, method: 'cash' });
    const response = await admin.call('GET', `/api/admin/invoices/${done.id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${done.label}.pdf"`);
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      'Soothe Test Studio',
      '12 Example Street, London',
      'hello@soothe.example',
      '020 7946 0000',
      'VAT number: GB123456789',
      'Invoice',
      done.label,
      'Acme Wellness Ltd',
      'accounts@acme.example',
      'Chair massage, office day',
      'Travel',
      '£50.00',
      '£110.00', // subtotal
      'VAT at 20 % on £100.00',
      '£130.00', // total
      '£30.00', // paid
      '£100.00', // due
      'Amount due',
      'Bank: 12-34-56 12345678. Thank you!',
    ])
      expect(text).toContain(expected);
  });

  it('marks a draft DRAFT, with no number', async () => {
    const draft = await newDraft();
    const response = await admin.call('GET', `/api/admin/invoices/${draft.id}/pdf`);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('DRAFT');
    expect(text).not.toMatch(/INV-\d{6}/);
  });

  it('prints a credit note as such, naming the invoice it cancels', async () => {
    const done = await issued();
    const note = (
      await admin.call('POST', `/api/admin/invoices/${done.id}/credit-note`, { reason: 'Duplicate' })
    ).json();
    const text = await pdfText((await admin.call('GET', `/api/admin/invoices/${note.id}/pdf`)).rawPayload);
    expect(text).toContain('Credit note');
    expect(text).toContain(note.label);
    expect(text).toContain(`Cancels invoice ${done.label}`);
  });
});

describe('emailing an invoice', () => {
  it('queues the email in the outbox with the PDF attached, and a subject that names no service', async () => {
    const made = await pastBooking('sensual');
    const draft = (await admin.call('POST', `/api/admin/invoices/from-booking/${made.id}`)).json();
    const notYet = await admin.call('POST', `/api/admin/invoices/${draft.id}/send`);
    expect(notYet.statusCode).toBe(409);
    const done: InvoiceDetail = (await admin.call('POST', `/api/admin/invoices/${draft.id}/issue`, {})).json();
    const sent = await admin.call('POST', `/api/admin/invoices/${done.id}/send`);
    expect(sent.statusCode).toBe(200);
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, sent.json().emailId));
    expect(mail?.recipient).toBe(client.email);
    expect(mail?.kind).toBe('invoice');
    expect(mail?.subject).toBe(`Massage invoice ${done.label} from Soothe Test Studio`);
    expect(mail?.subject).not.toMatch(/sensual/i);
    expect(mail?.text).toContain('£120.00');
    const attachment = mail?.attachments[0];
    expect(attachment).toMatchObject({ filename: `${done.label}.pdf`, contentType: 'application/pdf' });
    const text = await pdfText(Buffer.from(attachment?.contentBase64 ?? '', 'base64'));
    expect(text).toContain(done.label);
    expect(text).toContain(done.billToName);

    // And it really leaves: the SMTP server receives it with the PDF.
    const received = await waitFor(() => smtp.received.find((m) => m.subject === mail?.subject));
    expect(received.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`${done.label}.pdf`, 'application/pdf'],
    ]);
    expect(await pdfText(received.attachments[0]?.content ?? Buffer.alloc(0))).toContain('Soothe Test Studio');
  });

  it('refuses to email an invoice with no email address', async () => {
    const done = await issued({ billToEmail: '' });
    const refused = await admin.call('POST', `/api/admin/invoices/${done.id}/send`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/no email address/);
  });
});

describe('the list and the settings', () => {
  it('filters by status and searches by client or number, with the amounts outstanding and overdue', async () => {
    const mine = await issued({ billToName: 'Zebra Findable Ltd' });
    await admin.call('POST', `/api/admin/invoices/${mine.id}/payments`, { amountPence: 1000, method: 'cash' });
    const found = (await admin.call('GET', '/api/admin/invoices?q=zebra findable')).json();
    expect(found.invoices.map((i: InvoiceDetail) => i.id)).toEqual([mine.id]);
    expect(found.total).toBe(1);
    const byNumber = (await admin.call('GET', `/api/admin/invoices?q=${mine.label}`)).json();
    expect(byNumber.invoices.map((i: InvoiceDetail) => i.id)).toContain(mine.id);
    const partPaid = (await admin.call('GET', '/api/admin/invoices?status=part_paid&pageSize=200')).json();
    expect(partPaid.invoices.every((i: InvoiceDetail) => i.status === 'part_paid')).toBe(true);
    expect(partPaid.invoices.map((i: InvoiceDetail) => i.id)).toContain(mine.id);

    // An invoice issued 30 days ago is overdue after 14.
    const old = await newDraft({ billToName: 'Overdue Co' });
    const longAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const late: InvoiceDetail = (
      await admin.call('POST', `/api/admin/invoices/${old.id}/issue`, { issueDate: longAgo })
    ).json();
    expect(late.overdue).toBe(true);
    const list = (await admin.call('GET', '/api/admin/invoices')).json();
    const [sums] = await t.db
      .select({ owed: sql<number>`sum(total_pence - amount_paid_pence)`.mapWith(Number) })
      .from(invoice)
      .where(and(eq(invoice.kind, 'invoice'), inArray(invoice.status, ['issued', 'part_paid'])));
    expect(list.totals.outstandingPence).toBe(sums?.owed);
    expect(list.totals.overduePence).toBeGreaterThanOrEqual(late.totalPence);
    expect((await admin.call('GET', '/api/admin/invoices?status=lost')).statusCode).toBe(400);
  });

  it('saves the VAT registration, rate, due days and footer, audited', async () => {
    const saved = await admin.call('PUT', '/api/admin/invoices/settings', {
      vatRegistered: true,
      vatNumber: 'GB999',
      vatRatePercent: 5,
      invoiceDueDays: 30,
      invoiceFooter: 'Pay by transfer',
    });
    expect(saved.json()).toMatchObject({ vatRegistered: true, vatRatePercent: 5, invoiceDueDays: 30 });
    expect((await admin.call('GET', '/api/admin/invoices/settings')).json()).toMatchObject({ vatNumber: 'GB999' });
    const made = await pastBooking('swedish');
    const draft: InvoiceDetail = (await admin.call('POST', `/api/admin/invoices/from-booking/${made.id}`)).json();
    expect(draft.lines[0]).toMatchObject({ vatRateBp: 500, unitPricePence: 6667 });
    const refused = await admin.call('PUT', '/api/admin/invoices/settings', {
      vatRegistered: true,
      vatNumber: '',
      vatRatePercent: 20,
      invoiceDueDays: 14,
    });
    expect(refused.statusCode).toBe(400);
    expect((await admin.call('GET', '/api/admin/invoices/settings')).json().vatNumber).toBe('GB999');
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, 'invoice-settings'));
    expect(audit.length).toBeGreaterThan(0);
  });
});

describe('who may and what is refused', () => {
  it('refuses every invoice endpoint to anonymous visitors and to clients', async () => {
    const draft = await newDraft();
    const endpoints: ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string][] = [
      ['GET', '/api/admin/invoices'],
      ['POST', '/api/admin/invoices'],
      ['GET', '/api/admin/invoices/settings'],
      ['PUT', '/api/admin/invoices/settings'],
      ['GET', '/api/admin/invoices/billable-bookings'],
      ['POST', `/api/admin/invoices/from-booking/${draft.id}`],
      ['GET', `/api/admin/invoices/${draft.id}`],
      ['PATCH', `/api/admin/invoices/${draft.id}`],
      ['DELETE', `/api/admin/invoices/${draft.id}`],
      ['POST', `/api/admin/invoices/${draft.id}/issue`],
      ['POST', `/api/admin/invoices/${draft.id}/payments`],
      ['POST', `/api/admin/invoices/${draft.id}/credit-note`],
      ['POST', `/api/admin/invoices/${draft.id}/refunds`],
      ['GET', `/api/admin/invoices/${draft.id}/pdf`],
      ['POST', `/api/admin/invoices/${draft.id}/send`],
    ];
    for (const [method, url] of endpoints) {
      expect((await t.app.inject({ method, url, payload: {} })).statusCode, `${method} ${url}`).toBe(401);
      expect((await client.call(method, url, {})).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await admin.call('GET', `/api/admin/invoices/${draft.id}`)).json().status).toBe('draft');
  });

  it('changes nothing when the input is invalid', async () => {
    const countOf = async () => (await t.db.select({ n: count() }).from(invoice))[0]?.n;
    const entries = async () => (await t.db.select({ n: count() }).from(journalEntry))[0]?.n;
    const payments = async () => (await t.db.select({ n: count() }).from(payment))[0]?.n;
    const [invoicesBefore, entriesBefore, paymentsBefore] = [await countOf(), await entries(), await payments()];
    const bad = [
      handInvoice({ lines: [] }),
      handInvoice({ billToName: '' }),
      handInvoice({ billToEmail: 'not an email' }),
      handInvoice({ lines: [{ description: 'x', quantity: 0, unitPricePence: 100 }] }),
      handInvoice({ lines: [{ description: 'x', quantity: 1, unitPricePence: 1.5 }] }),
      handInvoice({ lines: [{ description: 'x', quantity: 1, unitPricePence: 100, vatRatePercent: 120 }] }),
    ];
    for (const body of bad) expect((await admin.call('POST', '/api/admin/invoices', body)).statusCode).toBe(400);
    const done = await issued();
    const afterIssue = [await countOf(), await entries()];
    for (const body of [{ amountPence: 0, method: 'cash' }, { amountPence: 100, method: 'cheque' }, {}])
      expect((await admin.call('POST', `/api/admin/invoices/${done.id}/payments`, body)).statusCode).toBe(400);
    expect(
      (await admin.call('POST', `/api/admin/invoices/${done.id}/issue`, { issueDate: '2026-02-30' })).statusCode,
    ).toBe(400);
    expect([await countOf(), await entries()]).toEqual(afterIssue);
    expect(afterIssue).toEqual([(invoicesBefore ?? 0) + 1, (entriesBefore ?? 0) + 1]);
    expect(await payments()).toBe(paymentsBefore);
    const draft = await newDraft();
    const badIssue = await admin.call('POST', `/api/admin/invoices/${draft.id}/issue`, { issueDate: '30/02/2026' });
    expect(badIssue.statusCode).toBe(400);
    expect((await admin.call('GET', `/api/admin/invoices/${draft.id}`)).json().number).toBeNull();
  });
});
