import {
  AppError,
  type BillableBooking,
  createInvoiceInput,
  creditNoteInput,
  type InvoiceDetail,
  type InvoiceList,
  type InvoiceSettings,
  type InvoiceSummary,
  ISSUED_INVOICE_IMMUTABLE,
  invoiceLabel,
  invoicePaymentInput,
  invoiceRefundInput,
  invoiceSettingsInput,
  invoiceTotals,
  issueDateProblem,
  issueInvoiceInput,
  listInvoicesQuery,
  priceLine,
  updateInvoiceInput,
  vatInGross,
} from '@app/shared';
import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  booking,
  businessSettings,
  invoice,
  invoiceCounter,
  invoiceLine,
  payment,
  user,
  voucherRedemption,
} from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { containsPattern, parseInput } from '../../lib/validation.ts';
import { addDays, localDateOf } from '../../lib/zoned-time.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type Actor, requireRole } from '../auth/actor.ts';
import { businessDetailsOf } from '../business/business.service.ts';
import { postJournalEntry, salesVatRateBp } from '../ledger/ledger.service.ts';
import {
  creditNoteEntry,
  invoiceIssuedEntry,
  invoicePaymentEntry,
  invoiceRefundEntry,
  paymentAppliedToInvoiceEntry,
} from '../ledger/postings.ts';
import { assertOnlineMoneyInvoiceable } from '../payments/online-refunds.ts';
import { receivedSql } from '../payments/payments.service.ts';

/** What invoices need of the environment: the business's zone for accounting dates, its currency for messages. */
export type InvoiceEnv = Pick<
  Env,
  | 'BUSINESS_TIME_ZONE'
  | 'BUSINESS_CURRENCY'
  | 'BUSINESS_LOCALE'
  | 'BUSINESS_NAME'
  | 'BUSINESS_EMAIL'
  | 'BUSINESS_PHONE'
  | 'PUBLIC_URL'
  | 'PORT'
>;

type InvoiceRow = typeof invoice.$inferSelect;
type LineRow = typeof invoiceLine.$inferSelect;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The statuses in which an invoice is owed money. */
const openStatuses = ['issued', 'part_paid'] as const;

export function money(pence: number, env: Pick<Env, 'BUSINESS_LOCALE' | 'BUSINESS_CURRENCY'>): string {
  return new Intl.NumberFormat(env.BUSINESS_LOCALE, { style: 'currency', currency: env.BUSINESS_CURRENCY }).format(
    pence / 100,
  );
}

const today = (env: InvoiceEnv) => localDateOf(Date.now(), env.BUSINESS_TIME_ZONE);

/** Refunds paid back against each invoice, after a credit note. */
const refundedSql = sql<number>`(select coalesce(sum(${payment.amountPence}), 0) from ${payment} where ${payment.invoiceId} = ${invoice.id} and ${payment.kind} = 'refund')`;

function summaryOf(row: InvoiceRow, refundedPence: number, todayDate: string): InvoiceSummary {
  const open = (openStatuses as readonly string[]).includes(row.status);
  const outstandingPence =
    row.kind === 'credit_note'
      ? 0
      : row.status === 'draft'
        ? row.totalPence
        : row.status === 'void'
          ? -(row.amountPaidPence - refundedPence)
          : Math.max(0, row.totalPence - row.amountPaidPence);
  return {
    id: row.id,
    kind: row.kind,
    series: row.series,
    number: row.number,
    label: invoiceLabel(row.series, row.number),
    status: row.status,
    bookingId: row.bookingId,
    clientId: row.clientId,
    billToName: row.billToName,
    billToEmail: row.billToEmail,
    billToAddress: row.billToAddress,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    subtotalPence: row.subtotalPence,
    vatPence: row.vatPence,
    totalPence: row.totalPence,
    amountPaidPence: row.amountPaidPence,
    refundedPence,
    outstandingPence,
    overdue: open && row.kind === 'invoice' && row.dueDate !== null && row.dueDate < todayDate,
    creditsInvoiceId: row.creditsInvoiceId,
    notes: row.notes,
    issuedAt: row.issuedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function lineView(line: LineRow) {
  return {
    id: line.id,
    position: line.position,
    description: line.description,
    quantity: line.quantity,
    unitPricePence: line.unitPricePence,
    vatRateBp: line.vatRateBp,
    netPence: line.netPence,
    vatPence: line.vatPence,
    style: line.style,
    serviceType: line.serviceType,
  };
}

/** Reads an invoice, locking its row when a change follows, so two changes to it run one after the other. */
async function findInvoice(tx: DbOrTx, id: string, lock = false): Promise<InvoiceRow> {
  if (!uuidPattern.test(id)) throw new AppError('NOT_FOUND', 'No such invoice.');
  const query = tx.select().from(invoice).where(eq(invoice.id, id));
  const [found] = lock ? await query.for('update') : await query;
  if (!found) throw new AppError('NOT_FOUND', 'No such invoice.');
  return found;
}

function requireDraft(row: InvoiceRow) {
  if (row.status !== 'draft') throw new AppError('CONFLICT', ISSUED_INVOICE_IMMUTABLE);
}

async function linesOf(tx: DbOrTx, invoiceId: string) {
  return tx.select().from(invoiceLine).where(eq(invoiceLine.invoiceId, invoiceId)).orderBy(asc(invoiceLine.position));
}

type NewLine = {
  description: string;
  quantity: number;
  unitPricePence: number;
  vatRateBp: number;
  style?: 'therapeutic' | 'sensual' | null;
  serviceType?: string | null;
};

/** Replaces a draft's lines and recomputes its totals here, whatever the caller believed they were. */
async function writeLines(tx: DbOrTx, invoiceId: string, lines: NewLine[]) {
  await tx.delete(invoiceLine).where(eq(invoiceLine.invoiceId, invoiceId));
  if (lines.length)
    await tx.insert(invoiceLine).values(
      lines.map((line, position) => ({
        invoiceId,
        position,
        description: line.description,
        quantity: line.quantity,
        unitPricePence: line.unitPricePence,
        vatRateBp: line.vatRateBp,
        style: line.style ?? null,
        serviceType: line.serviceType ?? null,
        ...priceLine(line),
      })),
    );
  const totals = invoiceTotals(lines);
  await tx.update(invoice).set(totals).where(eq(invoice.id, invoiceId));
  return totals;
}

/** A business that is not VAT registered must not charge VAT. */
async function requireVatAllowed(tx: DbOrTx, lines: { vatRateBp: number }[]) {
  if (lines.every((line) => line.vatRateBp === 0)) return;
  if ((await salesVatRateBp(tx)) === 0)
    throw new AppError(
      'VALIDATION',
      'The business is not VAT registered: charge no VAT (0 %), or register for VAT in the invoice settings.',
    );
}

async function clientExists(tx: DbOrTx, clientId: string | null | undefined) {
  if (!clientId) return null;
  const [found] = await tx.select({ id: user.id }).from(user).where(eq(user.id, clientId));
  if (!found) throw new AppError('VALIDATION', 'clientId: No such client.');
  return found.id;
}

export async function listInvoices(db: Db, actor: Actor | null, query: unknown, env: InvoiceEnv): Promise<InvoiceList> {
  requireRole(actor, 'admin');
  const q = parseInput(listInvoicesQuery, query);
  const todayDate = today(env);
  const conditions: SQL[] = [];
  if (q.status) conditions.push(eq(invoice.status, q.status));
  // Drafts have no issue date: a period filter falls back to the day they were made.
  const dateOf = sql`coalesce(${invoice.issueDate}, (${invoice.createdAt} at time zone ${env.BUSINESS_TIME_ZONE})::date)`;
  if (q.from) conditions.push(sql`${dateOf} >= ${q.from}`);
  if (q.to) conditions.push(sql`${dateOf} <= ${q.to}`);
  if (q.q) {
    const pattern = containsPattern(q.q.toLowerCase());
    conditions.push(
      sql`(lower(${invoice.billToName}) like ${pattern} or lower(coalesce(${invoice.billToEmail}, '')) like ${pattern}
           or lower(${invoice.series} || '-' || lpad(coalesce(${invoice.number}::text, ''), 6, '0')) like ${pattern})`,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select({
      row: invoice,
      refunded: refundedSql.mapWith(Number),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(invoice)
    .where(where)
    .orderBy(
      sql`${invoice.issueDate} desc nulls first`,
      desc(invoice.series),
      desc(invoice.number),
      desc(invoice.createdAt),
    )
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [owed] = await db
    .select({
      outstanding: sql<number>`coalesce(sum(${invoice.totalPence} - ${invoice.amountPaidPence}), 0)`.mapWith(Number),
      overdue:
        sql<number>`coalesce(sum(${invoice.totalPence} - ${invoice.amountPaidPence}) filter (where ${invoice.dueDate} < ${todayDate}), 0)`.mapWith(
          Number,
        ),
    })
    .from(invoice)
    .where(and(eq(invoice.kind, 'invoice'), inArray(invoice.status, [...openStatuses])));
  return {
    invoices: rows.map(({ row, refunded }) => summaryOf(row, refunded, todayDate)),
    total: rows[0]?.total ?? 0,
    totals: { outstandingPence: owed?.outstanding ?? 0, overduePence: owed?.overdue ?? 0 },
  };
}

async function detailOf(tx: DbOrTx, row: InvoiceRow, env: InvoiceEnv): Promise<InvoiceDetail> {
  const [lines, payments, [creditNote], [credited]] = await Promise.all([
    linesOf(tx, row.id),
    tx.select().from(payment).where(eq(payment.invoiceId, row.id)).orderBy(asc(payment.paidAt)),
    tx
      .select({ id: invoice.id, series: invoice.series, number: invoice.number })
      .from(invoice)
      .where(eq(invoice.creditsInvoiceId, row.id)),
    row.creditsInvoiceId
      ? tx
          .select({ id: invoice.id, series: invoice.series, number: invoice.number })
          .from(invoice)
          .where(eq(invoice.id, row.creditsInvoiceId))
      : Promise.resolve([]),
  ]);
  const refunded = payments.filter((p) => p.kind === 'refund').reduce((sum, p) => sum + p.amountPence, 0);
  return {
    ...summaryOf(row, refunded, today(env)),
    lines: lines.map(lineView),
    payments: payments.map((p) => ({
      id: p.id,
      kind: p.kind,
      amountPence: p.amountPence,
      method: p.method,
      paidAt: p.paidAt.toISOString(),
      note: p.note,
    })),
    creditNoteId: creditNote?.id ?? null,
    creditNoteLabel: creditNote ? invoiceLabel(creditNote.series, creditNote.number) : null,
    creditedInvoiceLabel: credited ? invoiceLabel(credited.series, credited.number) : null,
  };
}

export async function getInvoice(db: Db, actor: Actor | null, id: string, env: InvoiceEnv): Promise<InvoiceDetail> {
  requireRole(actor, 'admin');
  return detailOf(db, await findInvoice(db, id), env);
}

/** A draft typed by hand: no number yet, so deleting it later leaves no gap. */
export async function createInvoice(db: Db, actor: Actor | null, input: unknown, env: InvoiceEnv) {
  const admin = requireRole(actor, 'admin');
  const data = parseInput(createInvoiceInput, input);
  return db.transaction(async (tx) => {
    await requireVatAllowed(tx, data.lines);
    const [row] = await tx
      .insert(invoice)
      .values({
        kind: 'invoice',
        series: 'INV',
        status: 'draft',
        clientId: await clientExists(tx, data.clientId),
        billToName: data.billToName,
        billToEmail: data.billToEmail,
        billToAddress: data.billToAddress,
        notes: data.notes,
        createdBy: admin.id,
      })
      .returning();
    if (!row) throw new Error('invoice insert returned no row');
    await writeLines(tx, row.id, data.lines);
    const detail = await detailOf(tx, await findInvoice(tx, row.id), env);
    await recordAudit(tx, admin, 'invoice.created', 'invoice', row.id, null, auditView(detail));
    return detail;
  });
}

function auditView(detail: InvoiceDetail) {
  return {
    label: detail.label,
    status: detail.status,
    billToName: detail.billToName,
    totalPence: detail.totalPence,
    lines: detail.lines.map((line) => `${line.quantity} × ${line.description} @ ${line.unitPricePence}`),
  };
}

/** "Swedish massage, 60 min on 3 March 2026", in the business's time zone. */
function bookingLineText(found: typeof booking.$inferSelect, env: InvoiceEnv) {
  const day = new Intl.DateTimeFormat(env.BUSINESS_LOCALE, {
    timeZone: env.BUSINESS_TIME_ZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(found.startsAt);
  return `${found.serviceName}, ${found.durationMinutes} min on ${day}`;
}

/** Invoices of a booking that still stand (a voided one no longer does, so the booking may be invoiced again). */
const liveInvoiceOf = (bookingId: unknown) =>
  sql`exists (select 1 from ${invoice} where ${invoice.bookingId} = ${bookingId} and ${invoice.kind} = 'invoice' and ${invoice.status} <> 'void')`;

/**
 * A draft for a booking: the price the client pays is VAT inclusive, so when the business is VAT
 * registered the line's net is the price less the VAT inside it.
 */
export async function createInvoiceFromBooking(db: Db, actor: Actor | null, bookingId: string, env: InvoiceEnv) {
  const admin = requireRole(actor, 'admin');
  return db.transaction(async (tx) => {
    const [found] = uuidPattern.test(bookingId)
      ? await tx.select().from(booking).where(eq(booking.id, bookingId)).for('update')
      : [];
    if (!found) throw new AppError('NOT_FOUND', 'No such booking.');
    if (found.status !== 'completed' && found.status !== 'confirmed')
      throw new AppError('CONFLICT', 'Only a confirmed or completed booking can be invoiced.');
    await assertOnlineMoneyInvoiceable(tx, found.id);
    const [taken] = await tx
      .select({ id: invoice.id, series: invoice.series, number: invoice.number })
      .from(invoice)
      .where(and(eq(invoice.bookingId, bookingId), eq(invoice.kind, 'invoice'), ne(invoice.status, 'void')));
    if (taken)
      throw new AppError(
        'CONFLICT',
        `This booking is already on invoice ${invoiceLabel(taken.series, taken.number)}.`,
        {
          invoiceId: taken.id,
        },
      );
    const [client] = found.clientId
      ? await tx.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, found.clientId))
      : [];
    const rate = await salesVatRateBp(tx);
    const [row] = await tx
      .insert(invoice)
      .values({
        kind: 'invoice',
        series: 'INV',
        status: 'draft',
        bookingId: found.id,
        clientId: found.clientId,
        billToName: client?.name ?? found.clientName,
        billToEmail: client?.email ?? found.clientEmail,
        createdBy: admin.id,
      })
      .returning();
    if (!row) throw new Error('invoice insert returned no row');
    await writeLines(tx, row.id, [
      {
        description: bookingLineText(found, env),
        quantity: 1,
        unitPricePence: found.pricePence - vatInGross(found.pricePence, rate),
        vatRateBp: rate,
        style: found.style,
        serviceType: found.type,
      },
    ]);
    const detail = await detailOf(tx, await findInvoice(tx, row.id), env);
    await recordAudit(tx, admin, 'invoice.created', 'invoice', row.id, null, {
      ...auditView(detail),
      bookingId: found.id,
    });
    return detail;
  });
}

export async function updateInvoice(db: Db, actor: Actor | null, id: string, input: unknown, env: InvoiceEnv) {
  const admin = requireRole(actor, 'admin');
  const data = parseInput(updateInvoiceInput, input);
  return db.transaction(async (tx) => {
    const found = await findInvoice(tx, id, true);
    requireDraft(found);
    if (data.lines) await requireVatAllowed(tx, data.lines);
    const before = await detailOf(tx, found, env);
    const changes: Partial<InvoiceRow> = {};
    if (data.clientId !== undefined) changes.clientId = await clientExists(tx, data.clientId);
    if (data.billToName !== undefined) changes.billToName = data.billToName;
    if (data.billToEmail !== undefined) changes.billToEmail = data.billToEmail || null;
    if (data.billToAddress !== undefined) changes.billToAddress = data.billToAddress;
    if (data.notes !== undefined) changes.notes = data.notes;
    if (Object.keys(changes).length) await tx.update(invoice).set(changes).where(eq(invoice.id, id));
    if (data.lines) {
      // Lines from a booking keep their style and type (income analysis) unless the edit says otherwise.
      const previous = await linesOf(tx, id);
      await writeLines(
        tx,
        id,
        data.lines.map((line, index) => ({
          ...line,
          style: line.style !== undefined ? line.style : (previous[index]?.style ?? null),
          serviceType: line.serviceType !== undefined ? line.serviceType : (previous[index]?.serviceType ?? null),
        })),
      );
    }
    const after = await detailOf(tx, await findInvoice(tx, id), env);
    await recordAudit(tx, admin, 'invoice.updated', 'invoice', id, auditView(before), auditView(after));
    return after;
  });
}

export async function deleteInvoice(db: Db, actor: Actor | null, id: string) {
  const admin = requireRole(actor, 'admin');
  await db.transaction(async (tx) => {
    const found = await findInvoice(tx, id, true);
    requireDraft(found);
    await tx.delete(invoice).where(eq(invoice.id, id));
    await recordAudit(tx, admin, 'invoice.deleted', 'invoice', id, { billToName: found.billToName }, null);
  });
}

/**
 * The next number of a series. The UPDATE takes the counter row's lock until the transaction ends, so
 * concurrent issuers queue behind each other, and a rolled-back issue gives its number back: no gaps.
 */
async function nextNumber(tx: DbOrTx, series: 'INV' | 'CN'): Promise<number> {
  const [counter] = await tx
    .update(invoiceCounter)
    .set({ lastNumber: sql`${invoiceCounter.lastNumber} + 1` })
    .where(eq(invoiceCounter.series, series))
    .returning({ lastNumber: invoiceCounter.lastNumber });
  if (!counter) throw new Error(`invoice counter ${series} missing`);
  return counter.lastNumber;
}

function paidStatus(totalPence: number, paidPence: number): 'issued' | 'part_paid' | 'paid' {
  if (paidPence <= 0) return 'issued';
  return paidPence >= totalPence ? 'paid' : 'part_paid';
}

async function invoiceSettingsRow(tx: DbOrTx) {
  const [settings] = await tx.select().from(businessSettings).where(eq(businessSettings.id, 1));
  return settings;
}

/** Issues a draft: its number, dates and ledger posting; money already taken for its booking settles it. */
export async function issueInvoice(db: Db, actor: Actor | null, id: string, input: unknown, env: InvoiceEnv) {
  const admin = requireRole(actor, 'admin');
  const data = parseInput(issueInvoiceInput, input ?? {});
  const problem = data.issueDate ? issueDateProblem(data.issueDate, today(env)) : null;
  if (problem) throw new AppError('VALIDATION', problem);
  return db.transaction(async (tx) => {
    const found = await findInvoice(tx, id, true);
    if (found.status !== 'draft') throw new AppError('CONFLICT', 'This invoice is issued already.');
    const lines = await linesOf(tx, id);
    if (lines.length === 0 || found.totalPence <= 0)
      throw new AppError('VALIDATION', 'An invoice needs at least one line and a total above zero.');
    await requireVatAllowed(tx, lines);
    if (found.bookingId) {
      // A gift voucher's spending is already a sale (Dr 2310 / Cr sales, decision 051); an invoice would count it
      // again, and nothing yet applies a voucher to an invoice.
      const [spent] = await tx
        .select({ id: voucherRedemption.id })
        .from(voucherRedemption)
        .where(and(eq(voucherRedemption.bookingId, found.bookingId), isNull(voucherRedemption.returnedAt)))
        .limit(1);
      if (spent)
        throw new AppError(
          'CONFLICT',
          'A gift voucher paid towards this booking: its sale is already recorded, so it cannot be invoiced.',
        );
    }
    const issueDate = data.issueDate ?? today(env);
    const dueDays = (await invoiceSettingsRow(tx))?.invoiceDueDays ?? 14;
    const number = await nextNumber(tx, 'INV');
    const label = invoiceLabel('INV', number);
    await postJournalEntry(
      tx,
      invoiceIssuedEntry({
        invoiceId: id,
        date: issueDate,
        description: `Invoice ${label} to ${found.billToName}`,
        lines: lines.map((line) => ({
          netPence: line.netPence,
          vatPence: line.vatPence,
          style: line.style,
          serviceType: line.serviceType,
        })),
      }),
      admin.id,
    );
    let paid = 0;
    if (found.bookingId) {
      // The booking's lock is the one a payment on the booking takes: none slips in unlinked while this commits.
      const [owner] = await tx.select().from(booking).where(eq(booking.id, found.bookingId)).for('update');
      await assertOnlineMoneyInvoiceable(tx, found.bookingId);
      const prior = await tx
        .select()
        .from(payment)
        .where(and(eq(payment.bookingId, found.bookingId), isNull(payment.invoiceId), eq(payment.kind, 'payment')))
        .orderBy(asc(payment.paidAt))
        .for('update');
      const rate = await salesVatRateBp(tx);
      for (const taken of prior) {
        await tx.update(payment).set({ invoiceId: id }).where(eq(payment.id, taken.id));
        await postJournalEntry(
          tx,
          paymentAppliedToInvoiceEntry({
            paymentId: taken.id,
            date: issueDate,
            amountPence: taken.amountPence,
            sale: { style: owner?.style ?? null, serviceType: owner?.type ?? null, vatRateBp: rate },
            description: `Payment taken on the day applied to invoice ${label}`,
          }),
          admin.id,
        );
        paid += taken.amountPence;
      }
    }
    await tx
      .update(invoice)
      .set({
        number,
        status: paidStatus(found.totalPence, paid),
        issueDate,
        dueDate: addDays(issueDate, dueDays),
        amountPaidPence: paid,
        issuedAt: new Date(),
      })
      .where(eq(invoice.id, id));
    const detail = await detailOf(tx, await findInvoice(tx, id), env);
    await recordAudit(tx, admin, 'invoice.issued', 'invoice', id, { status: 'draft' }, auditView(detail));
    return detail;
  });
}

/** Money received against an issued invoice, fully or in part; never more than is outstanding. */
export async function recordInvoicePayment(db: Db, actor: Actor | null, id: string, input: unknown, env: InvoiceEnv) {
  const admin = requireRole(actor, 'admin');
  const data = parseInput(invoicePaymentInput, input);
  return db.transaction(async (tx) => {
    const found = await findInvoice(tx, id, true);
    if (found.kind !== 'invoice' || !(openStatuses as readonly string[]).includes(found.status))
      throw new AppError(
        'CONFLICT',
        found.status === 'draft'
          ? 'Issue the invoice before recording a payment.'
          : found.status === 'paid'
            ? 'This invoice is paid in full.'
            : 'This invoice takes no payment.',
      );
    const outstanding = found.totalPence - found.amountPaidPence;
    if (data.amountPence > outstanding)
      throw new AppError('VALIDATION', `Only ${money(outstanding, env)} is outstanding.`);
    const paidAt = data.paidAt ? new Date(data.paidAt) : new Date();
    const [row] = await tx
      .insert(payment)
      .values({
        bookingId: found.bookingId,
        clientId: found.clientId,
        invoiceId: id,
        kind: 'payment',
        amountPence: data.amountPence,
        method: data.method,
        paidAt,
        note: data.note,
        recordedBy: admin.id,
      })
      .returning();
    if (!row) throw new Error('payment insert returned no row');
    const label = invoiceLabel(found.series, found.number);
    await postJournalEntry(
      tx,
      invoicePaymentEntry({
        paymentId: row.id,
        date: localDateOf(paidAt.getTime(), env.BUSINESS_TIME_ZONE),
        amountPence: row.amountPence,
        method: row.method,
        description: `Payment of invoice ${label}`,
      }),
      admin.id,
    );
    const amountPaidPence = found.amountPaidPence + row.amountPence;
    await tx
      .update(invoice)
      .set({ amountPaidPence, status: paidStatus(found.totalPence, amountPaidPence) })
      .where(eq(invoice.id, id));
    await recordAudit(
      tx,
      admin,
      'invoice.payment',
      'invoice',
      id,
      { amountPaidPence: found.amountPaidPence },
      {
        amountPaidPence,
        amountPence: row.amountPence,
        method: row.method,
      },
    );
    return detailOf(tx, await findInvoice(tx, id), env);
  });
}

/**
 * Cancels an issued invoice the only lawful way: a credit note with its own number in the CN series,
 * mirroring the invoice's lines; the invoice becomes void. Money paid on it is then owed back.
 */
export async function issueCreditNote(db: Db, actor: Actor | null, id: string, input: unknown, env: InvoiceEnv) {
  const admin = requireRole(actor, 'admin');
  const data = parseInput(creditNoteInput, input);
  return db.transaction(async (tx) => {
    const found = await findInvoice(tx, id, true);
    if (found.kind !== 'invoice') throw new AppError('CONFLICT', 'A credit note cannot itself be credited.');
    if (found.status === 'draft') throw new AppError('CONFLICT', 'A draft has no number: delete it instead.');
    if (found.status === 'void') throw new AppError('CONFLICT', 'This invoice is cancelled already.');
    const lines = await linesOf(tx, id);
    const number = await nextNumber(tx, 'CN');
    const label = invoiceLabel('CN', number);
    const issueDate = today(env);
    const [note] = await tx
      .insert(invoice)
      .values({
        kind: 'credit_note',
        series: 'CN',
        number,
        status: 'issued',
        clientId: found.clientId,
        billToName: found.billToName,
        billToEmail: found.billToEmail,
        billToAddress: found.billToAddress,
        issueDate,
        subtotalPence: found.subtotalPence,
        vatPence: found.vatPence,
        totalPence: found.totalPence,
        creditsInvoiceId: found.id,
        notes: data.reason,
        issuedAt: new Date(),
        createdBy: admin.id,
      })
      .returning();
    if (!note) throw new Error('credit note insert returned no row');
    await tx
      .insert(invoiceLine)
      .values(lines.map(({ id: _id, invoiceId: _invoiceId, ...line }) => ({ ...line, invoiceId: note.id })));
    await postJournalEntry(
      tx,
      creditNoteEntry({
        creditNoteId: note.id,
        date: issueDate,
        description: `Credit note ${label} cancelling invoice ${invoiceLabel(found.series, found.number)}`,
        lines: lines.map((line) => ({
          netPence: line.netPence,
          vatPence: line.vatPence,
          style: line.style,
          serviceType: line.serviceType,
        })),
      }),
      admin.id,
    );
    await tx.update(invoice).set({ status: 'void' }).where(eq(invoice.id, id));
    await recordAudit(
      tx,
      admin,
      'invoice.credited',
      'invoice',
      id,
      { status: found.status },
      {
        status: 'void',
        creditNote: label,
        reason: data.reason,
      },
    );
    await recordAudit(tx, admin, 'invoice.issued', 'invoice', note.id, null, { label, credits: found.id });
    return detailOf(tx, await findInvoice(tx, note.id), env);
  });
}

/** Money paid back on a cancelled invoice: at most what was paid on it less what was refunded already. */
export async function recordInvoiceRefund(db: Db, actor: Actor | null, id: string, input: unknown, env: InvoiceEnv) {
  const admin = requireRole(actor, 'admin');
  const data = parseInput(invoiceRefundInput, input);
  return db.transaction(async (tx) => {
    const found = await findInvoice(tx, id, true);
    if (found.kind !== 'invoice' || found.status !== 'void')
      throw new AppError('CONFLICT', 'Issue a credit note before refunding an invoice.');
    const [refunded] = await tx
      .select({ sum: sql<number>`coalesce(sum(${payment.amountPence}), 0)`.mapWith(Number) })
      .from(payment)
      .where(and(eq(payment.invoiceId, id), eq(payment.kind, 'refund')));
    const refundable = found.amountPaidPence - (refunded?.sum ?? 0);
    if (data.amountPence > refundable)
      throw new AppError(
        'VALIDATION',
        refundable > 0 ? `At most ${money(refundable, env)} can be refunded.` : 'Nothing is owed back on this invoice.',
      );
    const paidAt = data.paidAt ? new Date(data.paidAt) : new Date();
    const [row] = await tx
      .insert(payment)
      .values({
        bookingId: found.bookingId,
        clientId: found.clientId,
        invoiceId: id,
        kind: 'refund',
        amountPence: data.amountPence,
        method: data.method,
        paidAt,
        note: data.note,
        recordedBy: admin.id,
      })
      .returning();
    if (!row) throw new Error('refund insert returned no row');
    await postJournalEntry(
      tx,
      invoiceRefundEntry({
        refundId: row.id,
        date: localDateOf(paidAt.getTime(), env.BUSINESS_TIME_ZONE),
        amountPence: row.amountPence,
        method: row.method,
        description: `Refund on cancelled invoice ${invoiceLabel(found.series, found.number)}`,
      }),
      admin.id,
    );
    await recordAudit(tx, admin, 'invoice.refund', 'invoice', id, null, {
      amountPence: row.amountPence,
      method: row.method,
    });
    return detailOf(tx, await findInvoice(tx, id), env);
  });
}

/** Completed bookings of the last 90 days that no standing invoice covers yet. */
export async function listBillableBookings(db: Db, actor: Actor | null): Promise<{ bookings: BillableBooking[] }> {
  requireRole(actor, 'admin');
  const since = new Date(Date.now() - 90 * 86_400_000);
  const rows = await db
    .select({
      id: booking.id,
      clientName: booking.clientName,
      clientEmail: booking.clientEmail,
      serviceName: booking.serviceName,
      durationMinutes: booking.durationMinutes,
      pricePence: booking.pricePence,
      startsAt: booking.startsAt,
      status: booking.status,
      paidPence: receivedSql().mapWith(Number),
    })
    .from(booking)
    .where(
      and(
        eq(booking.status, 'completed'),
        gte(booking.startsAt, since),
        lte(booking.startsAt, new Date()),
        sql`not ${liveInvoiceOf(booking.id)}`,
      ),
    )
    .orderBy(desc(booking.startsAt))
    .limit(200);
  return {
    bookings: rows.map((row) => ({
      ...row,
      status: row.status as BillableBooking['status'],
      startsAt: row.startsAt.toISOString(),
    })),
  };
}

function settingsView(row: Awaited<ReturnType<typeof invoiceSettingsRow>>): InvoiceSettings {
  return {
    vatRegistered: row?.vatRegistered ?? false,
    vatNumber: row?.vatNumber ?? '',
    vatRatePercent: (row?.vatRateBp ?? 2000) / 100,
    invoiceDueDays: row?.invoiceDueDays ?? 14,
    invoiceFooter: row?.invoiceFooter ?? '',
  };
}

export async function getInvoiceSettings(db: Db, actor: Actor | null): Promise<InvoiceSettings> {
  requireRole(actor, 'admin');
  return settingsView(await invoiceSettingsRow(db));
}

export async function updateInvoiceSettings(db: Db, actor: Actor | null, input: unknown): Promise<InvoiceSettings> {
  const admin = requireRole(actor, 'admin');
  const data = parseInput(invoiceSettingsInput, input);
  return db.transaction(async (tx) => {
    const before = await invoiceSettingsRow(tx);
    if (!before) throw new AppError('NOT_FOUND', 'The business settings are missing.');
    await tx
      .update(businessSettings)
      .set({
        vatRegistered: data.vatRegistered,
        vatNumber: data.vatNumber,
        vatRateBp: Math.round(data.vatRatePercent * 100),
        invoiceDueDays: data.invoiceDueDays,
        invoiceFooter: data.invoiceFooter,
      })
      .where(eq(businessSettings.id, 1));
    const after = settingsView(await invoiceSettingsRow(tx));
    await recordAudit(
      tx,
      admin,
      'invoice-settings.updated',
      'setting',
      'invoice-settings',
      settingsView(before),
      after,
    );
    return after;
  });
}

/** The invoice and what the PDF prints around it. */
export async function invoiceForDocument(tx: DbOrTx, id: string, env: InvoiceEnv) {
  const found = await findInvoice(tx, id);
  const [detail, settings] = await Promise.all([detailOf(tx, found, env), invoiceSettingsRow(tx)]);
  const business = businessDetailsOf(settings, { ...env, BUSINESS_AREA: '' });
  return { detail, settings: settingsView(settings), streetAddress: business.streetAddress, business };
}
