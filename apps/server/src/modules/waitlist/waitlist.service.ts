// Joining and leaving the waitlist, the client's own list, and the owner's view of a day (decision 083).
import {
  type AdminWaitlistEntry,
  AppError,
  adminWaitlistQuery,
  joinWaitlistInput,
  offerWaitlistTimeInput,
  updateWaitlistSettingsInput,
  type WaitlistEntry,
  type WaitlistSettings,
} from '@app/shared';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { BookingDeps } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { service, user, waitlistEntry, waitlistOffer, waitlistSettings } from '../../db/schema.ts';
import { saveSingleRow } from '../../lib/single-row.ts';
import { parseInput } from '../../lib/validation.ts';
import { localDateOf } from '../../lib/zoned-time.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  type Actor,
  type InputRequest,
  type QueryRequest,
  type RowInputRequest,
  type RowRequest,
  requireRole,
  requireSignedIn,
} from '../auth/actor.ts';
import { listSlots } from '../availability/availability.service.ts';
import { offeredLength } from '../bookings/booking-questions.ts';
import { customerPolicyOf } from '../customers/customer-policy.ts';
import {
  localTimeOf,
  mailContextOf,
  makeOffer,
  offerExpiry,
  offerMinutesOf,
  openOffersOf,
  type WaitlistEntryRow,
  type WaitlistOfferRow,
} from './waitlist-offers.ts';

const clock = (deps: Pick<BookingDeps, 'now'>) => deps.now?.() ?? Date.now();

/** Entries a client may have waiting at once: enough for any real need, not a way to flood the owner's list. */
const MAX_WAITING = 10;

function offerView(offer: WaitlistOfferRow, serviceName: string) {
  return {
    id: offer.id,
    entryId: offer.entryId,
    startsAt: offer.startsAt.toISOString(),
    durationMinutes: offer.durationMinutes,
    serviceName,
    status: offer.status,
    expiresAt: offer.expiresAt.toISOString(),
    bookingId: offer.bookingId,
  };
}

function entryView(entry: WaitlistEntryRow, serviceName: string, offers: WaitlistOfferRow[]): WaitlistEntry {
  return {
    id: entry.id,
    serviceId: entry.serviceId,
    serviceName,
    durationMinutes: entry.durationMinutes,
    fromDate: entry.fromDate,
    toDate: entry.toDate,
    days: entry.days,
    fromTime: entry.fromTime,
    toTime: entry.toTime,
    status: entry.status,
    createdAt: entry.createdAt.toISOString(),
    offers: offers.filter((o) => o.entryId === entry.id).map((o) => offerView(o, serviceName)),
  };
}

/** A signed-in client joins the waitlist for a treatment they may book, over days that have not all passed. */
export async function joinWaitlist(
  deps: BookingDeps,
  request: { actor: Actor | null; input: unknown; showSensual: boolean },
): Promise<WaitlistEntry> {
  const actor = requireSignedIn(request.actor);
  const input = parseInput(joinWaitlistInput, request.input);
  const { chosen } = await offeredLength(deps.db, {
    serviceId: input.serviceId,
    minutes: input.durationMinutes,
    showSensual: request.showSensual,
    lengthRefusal: 'field',
  });
  const today = localDateOf(clock(deps), deps.env.BUSINESS_TIME_ZONE);
  if (input.toDate < today) throw new AppError('VALIDATION', 'toDate: These days have passed. Choose days to come.');
  return deps.db.transaction(async (tx) => {
    // A client the owner blocked cannot book online, so they are not offered times either.
    if ((await customerPolicyOf(tx, { userId: actor.id })) === 'blocked')
      throw new AppError(
        'CLIENT_BLOCKED',
        'We cannot take this online. Please get in touch with us by phone or email.',
      );
    const waiting = await tx
      .select({ id: waitlistEntry.id })
      .from(waitlistEntry)
      .where(and(eq(waitlistEntry.clientId, actor.id), eq(waitlistEntry.status, 'waiting')));
    if (waiting.length >= MAX_WAITING)
      throw new AppError('CONFLICT', `You are on the waitlist ${MAX_WAITING} times already. Leave one to add another.`);
    const [row] = await tx
      .insert(waitlistEntry)
      .values({
        clientId: actor.id,
        serviceId: chosen.id,
        durationMinutes: input.durationMinutes,
        // A range begun in the past waits from today.
        fromDate: [input.fromDate, today].sort()[1] ?? today,
        toDate: input.toDate,
        days: input.days,
        fromTime: input.fromTime,
        toTime: input.toTime,
      })
      .returning();
    if (!row) throw new Error('waitlist insert returned no row');
    return entryView(row, chosen.name, []);
  });
}

/** The client's own entries still waiting or of days to come, with the offers open for them. */
export async function listMyWaitlist(deps: BookingDeps, request: { actor: Actor | null }) {
  const actor = requireSignedIn(request.actor);
  const today = localDateOf(clock(deps), deps.env.BUSINESS_TIME_ZONE);
  const rows = await deps.db
    .select({ entry: waitlistEntry, serviceName: service.name })
    .from(waitlistEntry)
    .innerJoin(service, eq(service.id, waitlistEntry.serviceId))
    .where(
      and(eq(waitlistEntry.clientId, actor.id), eq(waitlistEntry.status, 'waiting'), gte(waitlistEntry.toDate, today)),
    )
    .orderBy(asc(waitlistEntry.fromDate), asc(waitlistEntry.createdAt));
  const offers = await openOffersOf(deps.db, { entryIds: rows.map((r) => r.entry.id), at: clock(deps) });
  return { entries: rows.map((r) => entryView(r.entry, r.serviceName, offers)) };
}

/** One entry of the client's, for the page the email's leave link opens. */
export async function getMyWaitlistEntry(deps: BookingDeps, request: RowRequest) {
  const actor = requireSignedIn(request.actor);
  const row = await ownEntry(deps.db, { actor, id: request.id });
  const [svc] = await deps.db.select({ name: service.name }).from(service).where(eq(service.id, row.serviceId));
  return entryView(row, svc?.name ?? '', await openOffersOf(deps.db, { entryIds: [row.id], at: clock(deps) }));
}

async function ownEntry(db: DbOrTx, request: { actor: Actor; id: string }) {
  if (!/^[0-9a-f-]{36}$/i.test(request.id)) throw new AppError('NOT_FOUND', 'No such waitlist entry.');
  const [row] = await db.select().from(waitlistEntry).where(eq(waitlistEntry.id, request.id));
  if (!row || (row.clientId !== request.actor.id && request.actor.role !== 'admin'))
    throw new AppError('NOT_FOUND', 'No such waitlist entry.');
  return row;
}

/** Leaves the waitlist in one tap: the entry stops waiting and its open offers close. Leaving twice is fine. */
export async function leaveWaitlist(deps: BookingDeps, request: RowRequest) {
  const actor = requireSignedIn(request.actor);
  const row = await ownEntry(deps.db, { actor, id: request.id });
  const at = new Date(clock(deps));
  await deps.db.transaction(async (tx) => {
    await tx
      .update(waitlistEntry)
      .set({ status: 'left', leftAt: at })
      .where(and(eq(waitlistEntry.id, row.id), eq(waitlistEntry.status, 'waiting')));
    await tx
      .update(waitlistOffer)
      .set({ status: 'expired', settledAt: at })
      .where(and(eq(waitlistOffer.entryId, row.id), eq(waitlistOffer.status, 'offered')));
  });
}

/** The owner's view of one day: every client waiting for it, in the order they joined, with their open offers. */
export async function adminWaitlistOfDay(
  deps: BookingDeps,
  request: QueryRequest,
): Promise<{ date: string; entries: AdminWaitlistEntry[] }> {
  requireRole(request.actor, 'admin');
  const { date } = parseInput(adminWaitlistQuery, request.query);
  const rows = await deps.db
    .select({ entry: waitlistEntry, serviceName: service.name, clientName: user.name, clientEmail: user.email })
    .from(waitlistEntry)
    .innerJoin(service, eq(service.id, waitlistEntry.serviceId))
    .innerJoin(user, eq(user.id, waitlistEntry.clientId))
    .where(and(eq(waitlistEntry.status, 'waiting'), lte(waitlistEntry.fromDate, date), gte(waitlistEntry.toDate, date)))
    .orderBy(asc(waitlistEntry.createdAt));
  const fits = rows.filter((r) => {
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    return r.entry.days === 'any' || (r.entry.days === 'weekends') === weekend;
  });
  const offers = await openOffersOf(deps.db, { entryIds: fits.map((r) => r.entry.id), at: clock(deps) });
  return {
    date,
    entries: fits.map((r) => ({
      ...entryView(r.entry, r.serviceName, offers),
      clientName: r.clientName,
      clientEmail: r.clientEmail,
    })),
  };
}

/** The owner offers a free time by hand to one waiting client; the time must be free for the entry's treatment. */
export async function offerTimeByHand(deps: BookingDeps, request: RowInputRequest) {
  const actor = requireRole(request.actor, 'admin');
  const { startsAt } = parseInput(offerWaitlistTimeInput, request.input);
  const entry = await ownEntry(deps.db, { actor, id: request.id });
  if (entry.status !== 'waiting') throw new AppError('CONFLICT', 'This client is no longer on the waitlist.');
  const at = clock(deps);
  const start = Date.parse(startsAt);
  const timeZone = deps.env.BUSINESS_TIME_ZONE;
  const date = localDateOf(start, timeZone);
  const minutes = entry.durationMinutes;
  const slots = await listSlots(deps.db, {
    timeZone,
    query: { serviceId: entry.serviceId, duration: minutes, durationMinutes: minutes, from: date, to: date },
    now: at,
  });
  const free = slots.days.some((d) => d.slots.some((s) => Date.parse(s) === start));
  if (!free)
    throw new AppError(
      'VALIDATION',
      `startsAt: ${localTimeOf(start, timeZone)} on ${date} is not free for ${minutes} minutes. Choose a free time.`,
    );
  const context = await mailContextOf(deps);
  const expiresAt = offerExpiry({
    at,
    startsAt: start,
    offerMinutes: await offerMinutesOf(deps.db),
    minNoticeMinutes: context.minNoticeMinutes,
  });
  if (expiresAt <= at) throw new AppError('VALIDATION', 'startsAt: This time is too soon to offer.');
  const offer = await deps.db.transaction(async (tx) => {
    const made = await makeOffer(
      { ...deps, tx },
      { entry, startsAt: start, expiresAt, freedId: null, offeredBy: 'owner', mail: context.mail },
    );
    if (made)
      await recordAudit(tx, {
        actor,
        action: 'waitlist.offered',
        entityType: 'customer',
        entityId: entry.clientId,
        before: null,
        after: { waitlistEntryId: entry.id, startsAt, expiresAt: new Date(expiresAt).toISOString() },
      });
    return made;
  });
  if (!offer) throw new AppError('CONFLICT', 'This client has been offered this time already.');
  return { id: offer.id, startsAt: offer.startsAt.toISOString(), expiresAt: offer.expiresAt.toISOString() };
}

export async function readWaitlistSettings(db: DbOrTx, request: { actor: Actor | null }): Promise<WaitlistSettings> {
  requireRole(request.actor, 'admin');
  return { offerMinutes: await offerMinutesOf(db) };
}

export async function updateWaitlistSettings(db: DbOrTx, request: InputRequest): Promise<WaitlistSettings> {
  const actor = requireRole(request.actor, 'admin');
  const input = parseInput(updateWaitlistSettingsInput, request.input);
  return db.transaction(async (tx) => {
    const before = await offerMinutesOf(tx);
    await saveSingleRow(tx, waitlistSettings, { offerMinutes: input.offerMinutes });
    await recordAudit(tx, {
      actor,
      action: 'waitlist.settings',
      entityType: 'setting',
      entityId: 'waitlist',
      before: { offerMinutes: before },
      after: input,
    });
    return { offerMinutes: input.offerMinutes };
  });
}
