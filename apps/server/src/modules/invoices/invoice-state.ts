import {
  AppError,
  type InvoiceDetail,
  type InvoiceSettings,
  type InvoiceSummary,
  ISSUED_INVOICE_IMMUTABLE,
  invoiceLabel,
  invoiceTotals,
  priceLine,
} from '@app/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { businessSettings, invoice, invoiceCounter, invoiceLine, payment, user } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { uuidPattern } from '../../lib/validation.ts';
import { localDateOf } from '../../lib/zoned-time.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type Actor, requireRole } from '../auth/actor.ts';
import { salesVatRateBp } from '../ledger/ledger.service.ts';

// The state of an invoice, below its verbs (drafts, issuing, money against it, reading): the reads and writes of the
// invoice tables that more than one verb shares. Only the invoices module writes `invoice`, `invoice_line` and
// `invoice_counter`.

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

/** What an invoice verb works with: the database and the environment's business settings. */
export type InvoiceDeps = { db: Db; env: InvoiceEnv };

/** The request of every invoice verb: who asks, and for which invoice or with what input. */
export type InvoiceRequest = { actor: Actor | null };

export type InvoiceRow = typeof invoice.$inferSelect;
type LineRow = typeof invoiceLine.$inferSelect;

/** The statuses in which an invoice is owed money. */
export const openStatuses = ['issued', 'part_paid'] as const;

export const today = (env: InvoiceEnv) => localDateOf(Date.now(), env.BUSINESS_TIME_ZONE);

/** Refunds paid back against each invoice, after a credit note. */
export const refundedSql = sql<number>`(select coalesce(sum(${payment.amountPence}), 0) from ${payment} where ${payment.invoiceId} = ${invoice.id} and ${payment.kind} = 'refund')`;

export function summaryOf(row: InvoiceRow, refundedPence: number, todayDate: string): InvoiceSummary {
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

/**
 * The owner's change to one invoice: the actor is checked and the input parsed before anything is read, then one
 * transaction reads the invoice with its row locked, so two changes to it run one after the other.
 */
export async function changeInvoice<D, T>(
  { db }: Pick<InvoiceDeps, 'db'>,
  {
    actor,
    id,
    input,
    parse,
    change,
  }: InvoiceRequest & {
    id: string;
    input?: unknown;
    parse: (input: unknown) => D;
    change: (tx: DbOrTx, step: { admin: Actor; data: D; found: InvoiceRow }) => Promise<T>;
  },
): Promise<T> {
  const admin = requireRole(actor, 'admin');
  const data = parse(input);
  return db.transaction(async (tx) => change(tx, { admin, data, found: await findInvoice(tx, { id, lock: true }) }));
}

/**
 * An invoice verb taking `(deps, { actor, id, input })`: the owner's input parsed by `parse`, then `change` run as
 * `changeInvoice` runs it, with the environment and the invoice's id at hand.
 */
export function invoiceVerb<D, T>(
  parse: (input: unknown, env: InvoiceEnv) => D,
  change: (tx: DbOrTx, step: { admin: Actor; data: D; found: InvoiceRow; env: InvoiceEnv; id: string }) => Promise<T>,
) {
  return ({ db, env }: InvoiceDeps, { actor, id, input }: InvoiceRequest & { id: string; input?: unknown }) =>
    changeInvoice(
      { db },
      { actor, id, input, parse: (raw) => parse(raw, env), change: (tx, step) => change(tx, { ...step, env, id }) },
    );
}

/** The audit row of an owner's change to one invoice. */
export function auditInvoice(
  tx: DbOrTx,
  { admin, action, id, before, after }: { admin: Actor; action: string; id: string; before: unknown; after: unknown },
) {
  return recordAudit(tx, { actor: admin, action, entityType: 'invoice', entityId: id, before, after });
}

/** Reads an invoice, locking its row when a change follows, so two changes to it run one after the other. */
export async function findInvoice(
  tx: DbOrTx,
  { id, lock = false }: { id: string; lock?: boolean },
): Promise<InvoiceRow> {
  if (!uuidPattern.test(id)) throw new AppError('NOT_FOUND', 'No such invoice.');
  const query = tx.select().from(invoice).where(eq(invoice.id, id));
  const [found] = lock ? await query.for('update') : await query;
  if (!found) throw new AppError('NOT_FOUND', 'No such invoice.');
  return found;
}

export function requireDraft(row: InvoiceRow) {
  if (row.status !== 'draft') throw new AppError('CONFLICT', ISSUED_INVOICE_IMMUTABLE);
}

export async function linesOf(tx: DbOrTx, { invoiceId }: { invoiceId: string }) {
  return tx.select().from(invoiceLine).where(eq(invoiceLine.invoiceId, invoiceId)).orderBy(asc(invoiceLine.position));
}

export type NewLine = {
  description: string;
  quantity: number;
  unitPricePence: number;
  vatRateBp: number;
  style?: 'therapeutic' | 'sensual' | null;
  serviceType?: string | null;
};

/** Replaces a draft's lines and recomputes its totals here, whatever the caller believed they were. */
export async function writeLines(tx: DbOrTx, { invoiceId, lines }: { invoiceId: string; lines: NewLine[] }) {
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
export async function requireVatAllowed(tx: DbOrTx, { lines }: { lines: { vatRateBp: number }[] }) {
  if (lines.every((line) => line.vatRateBp === 0)) return;
  if ((await salesVatRateBp(tx)) === 0)
    throw new AppError(
      'VALIDATION',
      'The business is not VAT registered: charge no VAT (0 %), or register for VAT in the invoice settings.',
    );
}

export async function clientExists(tx: DbOrTx, { clientId }: { clientId: string | null | undefined }) {
  if (!clientId) return null;
  const [found] = await tx.select({ id: user.id }).from(user).where(eq(user.id, clientId));
  if (!found) throw new AppError('VALIDATION', 'clientId: No such client.');
  return found.id;
}

export async function detailOf(tx: DbOrTx, { row, env }: { row: InvoiceRow; env: InvoiceEnv }): Promise<InvoiceDetail> {
  const [lines, payments, [creditNote], [credited]] = await Promise.all([
    linesOf(tx, { invoiceId: row.id }),
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

export function auditView(detail: InvoiceDetail) {
  return {
    label: detail.label,
    status: detail.status,
    billToName: detail.billToName,
    totalPence: detail.totalPence,
    lines: detail.lines.map((line) => `${line.quantity} × ${line.description} @ ${line.unitPricePence}`),
  };
}

/**
 * The next number of a series. The UPDATE takes the counter row's lock until the transaction ends, so
 * concurrent issuers queue behind each other, and a rolled-back issue gives its number back: no gaps.
 */
export async function nextNumber(tx: DbOrTx, { series }: { series: 'INV' | 'CN' }): Promise<number> {
  const [counter] = await tx
    .update(invoiceCounter)
    .set({ lastNumber: sql`${invoiceCounter.lastNumber} + 1` })
    .where(eq(invoiceCounter.series, series))
    .returning({ lastNumber: invoiceCounter.lastNumber });
  if (!counter) throw new Error(`invoice counter ${series} missing`);
  return counter.lastNumber;
}

export function paidStatus(totalPence: number, paidPence: number): 'issued' | 'part_paid' | 'paid' {
  if (paidPence <= 0) return 'issued';
  return paidPence >= totalPence ? 'paid' : 'part_paid';
}

export async function invoiceSettingsRow(tx: DbOrTx) {
  const [settings] = await tx.select().from(businessSettings).where(eq(businessSettings.id, 1));
  return settings;
}

export function settingsView(row: Awaited<ReturnType<typeof invoiceSettingsRow>>): InvoiceSettings {
  return {
    vatRegistered: row?.vatRegistered ?? false,
    vatNumber: row?.vatNumber ?? '',
    vatRatePercent: (row?.vatRateBp ?? 2000) / 100,
    invoiceDueDays: row?.invoiceDueDays ?? 14,
    invoiceFooter: row?.invoiceFooter ?? '',
  };
}
