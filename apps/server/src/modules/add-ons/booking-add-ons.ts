// What a booking takes of the add-ons: chosen and checked when it is placed (or its free times asked), written as a
// snapshot beside it (decision 079). Low in the server's floors: the booking verbs and the slot questions call it.
import { AppError, addOnTotals, type BookingAddOn } from '@app/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { addOn, bookingAddOn, service } from '../../db/schema.ts';
import { salesVatRateBp } from '../ledger/ledger.service.ts';

export type ChosenAddOn = BookingAddOn;

/**
 * The add-ons asked for, as they are now, each checked to be offered with a treatment of this type. An unknown,
 * archived or unsuitable one is refused with the field's name, so the form can say which.
 */
export async function chosenAddOns(
  db: DbOrTx,
  request: { ids: readonly string[]; type: string; field?: string },
): Promise<ChosenAddOn[]> {
  if (request.ids.length === 0) return [];
  const field = request.field ?? 'addOnIds';
  const rows = await db
    .select()
    .from(addOn)
    .where(inArray(addOn.id, [...request.ids]));
  const chosen: ChosenAddOn[] = [];
  for (const id of request.ids) {
    const row = rows.find((r) => r.id === id);
    if (!row || row.archivedAt) throw new AppError('VALIDATION', `${field}: This add-on is no longer offered.`);
    if (!row.types.includes(request.type))
      throw new AppError('VALIDATION', `${field}: ${row.name} is not offered with this treatment.`);
    chosen.push({ addOnId: row.id, name: row.name, minutes: row.minutes, pricePence: row.pricePence });
  }
  return chosen;
}

/** Writes what a booking took, with the treatment's VAT rate of the moment. */
export async function recordBookingAddOns(tx: DbOrTx, request: { bookingId: string; chosen: readonly ChosenAddOn[] }) {
  if (request.chosen.length === 0) return;
  const vatRateBp = await salesVatRateBp(tx);
  await tx.insert(bookingAddOn).values(request.chosen.map((a) => ({ ...a, bookingId: request.bookingId, vatRateBp })));
}

/** What one booking took, as booked. */
export async function addOnsOfBooking(db: DbOrTx, { bookingId }: { bookingId: string }) {
  return db
    .select({
      addOnId: bookingAddOn.addOnId,
      name: bookingAddOn.name,
      minutes: bookingAddOn.minutes,
      pricePence: bookingAddOn.pricePence,
      vatRateBp: bookingAddOn.vatRateBp,
    })
    .from(bookingAddOn)
    .where(eq(bookingAddOn.bookingId, bookingId))
    .orderBy(asc(bookingAddOn.createdAt), asc(bookingAddOn.name));
}

/** What several bookings took, by booking id (the lists and the diary read them at once). */
export async function addOnsOfBookings(db: DbOrTx, { bookingIds }: { bookingIds: readonly string[] }) {
  const byBooking = new Map<string, BookingAddOn[]>();
  if (bookingIds.length === 0) return byBooking;
  const rows = await db
    .select()
    .from(bookingAddOn)
    .where(inArray(bookingAddOn.bookingId, [...bookingIds]))
    .orderBy(asc(bookingAddOn.createdAt), asc(bookingAddOn.name));
  for (const row of rows) {
    const list = byBooking.get(row.bookingId) ?? [];
    list.push({ addOnId: row.addOnId, name: row.name, minutes: row.minutes, pricePence: row.pricePence });
    byBooking.set(row.bookingId, list);
  }
  return byBooking;
}

/**
 * A treatment's length and price with the chosen add-ons in (decision 079): what the slots are computed for, what the
 * payment policy asks of, and what the booking costs.
 */
export async function withAddOns(
  db: DbOrTx,
  request: {
    chosen: { type: string };
    duration: { minutes: number; pricePence: number };
    ids: readonly string[] | undefined;
    field?: string;
  },
) {
  const addOns = await chosenAddOns(db, { ids: request.ids ?? [], type: request.chosen.type, field: request.field });
  const extra = addOnTotals(addOns);
  return {
    minutes: request.duration.minutes + extra.minutes,
    pricePence: request.duration.pricePence + extra.pricePence,
    addOns,
  };
}

/** The extra minutes of the add-ons asked with a service's free times; an unknown service adds none (it is refused later). */
export async function addOnMinutesFor(db: DbOrTx, request: { serviceId: string; ids: readonly string[] | undefined }) {
  if (!request.ids?.length) return 0;
  const [found] = await db.select({ type: service.type }).from(service).where(eq(service.id, request.serviceId));
  if (!found) return 0;
  const addOns = await chosenAddOns(db, { ids: request.ids, type: found.type, field: 'addOns' });
  return addOnTotals(addOns).minutes;
}
