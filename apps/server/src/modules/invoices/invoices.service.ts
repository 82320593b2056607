import {
  AppError,
  type BillableBooking,
  type InvoiceDetail,
  type InvoiceList,
  type InvoiceSettings,
  invoiceSettingsInput,
  listInvoicesQuery,
} from '@app/shared';
import { and, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { booking, businessSettings, invoice } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { containsPattern, parseInput } from '../../lib/validation.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { requireRole } from '../auth/actor.ts';
import { receivedSql } from '../payments/payments.service.ts';
import {
  detailOf,
  findInvoice,
  type InvoiceDeps,
  type InvoiceRequest,
  invoiceSettingsRow,
  openStatuses,
  refundedSql,
  settingsView,
  summaryOf,
  today,
} from './invoice-state.ts';

// Reading invoices, and the settings every invoice is issued under.

/** An amount in the business's currency, as its clients read it (messages, documents, emails). */
export function money(pence: number, env: Pick<Env, 'BUSINESS_LOCALE' | 'BUSINESS_CURRENCY'>): string {
  return new Intl.NumberFormat(env.BUSINESS_LOCALE, { style: 'currency', currency: env.BUSINESS_CURRENCY }).format(
    pence / 100,
  );
}

export async function listInvoices(
  { db, env }: InvoiceDeps,
  { actor, query }: InvoiceRequest & { query: unknown },
): Promise<InvoiceList> {
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

export async function getInvoice(
  { db, env }: InvoiceDeps,
  { actor, id }: InvoiceRequest & { id: string },
): Promise<InvoiceDetail> {
  requireRole(actor, 'admin');
  return detailOf(db, { row: await findInvoice(db, { id }), env });
}

/** Invoices of a booking that still stand (a voided one no longer does, so the booking may be invoiced again). */
const liveInvoiceOf = (bookingId: unknown) =>
  sql`exists (select 1 from ${invoice} where ${invoice.bookingId} = ${bookingId} and ${invoice.kind} = 'invoice' and ${invoice.status} <> 'void')`;

/** Completed bookings of the last 90 days that no standing invoice covers yet. */
export async function listBillableBookings(
  { db }: Pick<InvoiceDeps, 'db'>,
  { actor }: InvoiceRequest,
): Promise<{ bookings: BillableBooking[] }> {
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

export async function getInvoiceSettings(
  { db }: Pick<InvoiceDeps, 'db'>,
  { actor }: InvoiceRequest,
): Promise<InvoiceSettings> {
  requireRole(actor, 'admin');
  return settingsView(await invoiceSettingsRow(db));
}

export async function updateInvoiceSettings(
  { db }: Pick<InvoiceDeps, 'db'>,
  { actor, input }: InvoiceRequest & { input: unknown },
): Promise<InvoiceSettings> {
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
    await recordAudit(tx, {
      actor: admin,
      action: 'invoice-settings.updated',
      entityType: 'setting',
      entityId: 'invoice-settings',
      before: settingsView(before),
      after,
    });
    return after;
  });
}
