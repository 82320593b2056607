import { AppError, createInvoiceInput, invoiceLabel, updateInvoiceInput, vatInGross } from '@app/shared';
import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { booking, invoice, user } from '../../db/schema.ts';
import { parseInput, uuidPattern } from '../../lib/validation.ts';
import { addOnsOfBooking } from '../add-ons/booking-add-ons.ts';
import { type Actor, requireRole } from '../auth/actor.ts';
import { salesVatRateBp } from '../ledger/ledger.service.ts';
import { assertOnlineMoneyInvoiceable } from '../payments/online-refunds.ts';
import {
  auditInvoice,
  auditView,
  changeInvoice,
  clientExists,
  detailOf,
  findInvoice,
  type InvoiceDeps,
  type InvoiceEnv,
  type InvoiceRequest,
  type InvoiceRow,
  invoiceVerb,
  linesOf,
  type NewLine,
  requireDraft,
  requireVatAllowed,
  writeLines,
} from './invoice-state.ts';

// Drafts: made by hand or from a booking, edited and deleted freely, since a draft has no number yet.

/** Writes a new draft with its lines (totals computed here) and audits it. */
async function insertDraft(
  tx: DbOrTx,
  {
    admin,
    env,
    values,
    lines,
    audited = {},
  }: {
    admin: Actor;
    env: InvoiceEnv;
    values: Omit<typeof invoice.$inferInsert, 'kind' | 'series' | 'status' | 'createdBy'>;
    lines: NewLine[];
    audited?: Record<string, unknown>;
  },
) {
  const [row] = await tx
    .insert(invoice)
    .values({ kind: 'invoice', series: 'INV', status: 'draft', ...values, createdBy: admin.id })
    .returning();
  if (!row) throw new Error('invoice insert returned no row');
  await writeLines(tx, { invoiceId: row.id, lines });
  const detail = await detailOf(tx, { row: await findInvoice(tx, { id: row.id }), env });
  await auditInvoice(tx, {
    admin,
    action: 'invoice.created',
    id: row.id,
    before: null,
    after: { ...auditView(detail), ...audited },
  });
  return detail;
}

/** A draft typed by hand: no number yet, so deleting it later leaves no gap. */
export async function createInvoice({ db, env }: InvoiceDeps, { actor, input }: InvoiceRequest & { input: unknown }) {
  const admin = requireRole(actor, 'admin');
  const data = parseInput(createInvoiceInput, input);
  return db.transaction(async (tx) => {
    await requireVatAllowed(tx, { lines: data.lines });
    return insertDraft(tx, {
      admin,
      env,
      values: {
        clientId: await clientExists(tx, { clientId: data.clientId }),
        billToName: data.billToName,
        billToEmail: data.billToEmail,
        billToAddress: data.billToAddress,
        notes: data.notes,
      },
      lines: data.lines,
    });
  });
}

/**
 * "Swedish massage, 60 min on 3 March 2026", in the business's time zone. A sensual treatment reads "60-minute massage
 * on 3 March 2026", as gift vouchers do (decision 065): an invoice often goes to an employer or an accountant. The
 * owner may still word the line on the draft.
 */
function bookingLineText(found: typeof booking.$inferSelect, env: InvoiceEnv) {
  const day = new Intl.DateTimeFormat(env.BUSINESS_LOCALE, {
    timeZone: env.BUSINESS_TIME_ZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(found.startsAt);
  if (found.style === 'sensual') return `${found.durationMinutes}-minute massage on ${day}`;
  return `${found.serviceName}, ${found.durationMinutes} min on ${day}`;
}

/**
 * The treatment's line, then one per add-on the booking took (decision 079), each at the treatment's VAT rate and
 * style: the booking's price is their sum, so the invoice's total is the booking's.
 */
async function bookingLines(
  tx: DbOrTx,
  { found, rate, env }: { found: typeof booking.$inferSelect; rate: number; env: InvoiceEnv },
) {
  const addOns = await addOnsOfBooking(tx, { bookingId: found.id });
  const treatmentPence = found.pricePence - addOns.reduce((sum, a) => sum + a.pricePence, 0);
  const line = (description: string, grossPence: number) => ({
    description,
    quantity: 1,
    unitPricePence: grossPence - vatInGross(grossPence, rate),
    vatRateBp: rate,
    style: found.style,
    serviceType: found.type,
  });
  return [
    line(bookingLineText(found, env), treatmentPence),
    ...addOns.map((a) => line(a.minutes > 0 ? `${a.name} (+${a.minutes} min)` : a.name, a.pricePence)),
  ];
}

/**
 * A draft for a booking: the price the client pays is VAT inclusive, so when the business is VAT
 * registered the line's net is the price less the VAT inside it.
 */
export async function createInvoiceFromBooking(
  { db, env }: InvoiceDeps,
  { actor, bookingId }: InvoiceRequest & { bookingId: string },
) {
  const admin = requireRole(actor, 'admin');
  return db.transaction(async (tx) => {
    const [found] = uuidPattern.test(bookingId)
      ? await tx.select().from(booking).where(eq(booking.id, bookingId)).for('update')
      : [];
    if (!found) throw new AppError('NOT_FOUND', 'No such booking.');
    if (found.status !== 'completed' && found.status !== 'confirmed')
      throw new AppError('CONFLICT', 'Only a confirmed or completed booking can be invoiced.');
    await assertOnlineMoneyInvoiceable(tx, { bookingId: found.id });
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
    return insertDraft(tx, {
      admin,
      env,
      values: {
        bookingId: found.id,
        clientId: found.clientId,
        billToName: client?.name ?? found.clientName,
        billToEmail: client?.email ?? found.clientEmail,
      },
      lines: await bookingLines(tx, { found, rate, env }),
      audited: { bookingId: found.id },
    });
  });
}
export const updateInvoice = invoiceVerb(
  (raw) => parseInput(updateInvoiceInput, raw),
  async (tx, { admin, data, found, env, id }) => {
    requireDraft(found);
    if (data.lines) await requireVatAllowed(tx, { lines: data.lines });
    const before = await detailOf(tx, { row: found, env });
    const changes: Partial<InvoiceRow> = {};
    if (data.clientId !== undefined) changes.clientId = await clientExists(tx, { clientId: data.clientId });
    if (data.billToName !== undefined) changes.billToName = data.billToName;
    if (data.billToEmail !== undefined) changes.billToEmail = data.billToEmail || null;
    if (data.billToAddress !== undefined) changes.billToAddress = data.billToAddress;
    if (data.notes !== undefined) changes.notes = data.notes;
    if (Object.keys(changes).length) await tx.update(invoice).set(changes).where(eq(invoice.id, id));
    if (data.lines) {
      // Lines from a booking keep their style and type (income analysis) unless the edit says otherwise.
      const previous = await linesOf(tx, { invoiceId: id });
      await writeLines(tx, {
        invoiceId: id,
        lines: data.lines.map((line, index) => ({
          ...line,
          style: line.style !== undefined ? line.style : (previous[index]?.style ?? null),
          serviceType: line.serviceType !== undefined ? line.serviceType : (previous[index]?.serviceType ?? null),
        })),
      });
    }
    const after = await detailOf(tx, { row: await findInvoice(tx, { id }), env });
    await auditInvoice(tx, {
      admin,
      action: 'invoice.updated',
      id,
      before: auditView(before),
      after: auditView(after),
    });
    return after;
  },
);

export async function deleteInvoice({ db }: Pick<InvoiceDeps, 'db'>, { actor, id }: InvoiceRequest & { id: string }) {
  await changeInvoice(
    { db },
    {
      actor,
      id,
      parse: () => null,
      change: async (tx, { admin, found }) => {
        requireDraft(found);
        await tx.delete(invoice).where(eq(invoice.id, id));
        await auditInvoice(tx, {
          admin,
          action: 'invoice.deleted',
          id,
          before: { billToName: found.billToName },
          after: null,
        });
      },
    },
  );
}
