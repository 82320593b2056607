// Claiming an offered time (decision 084): through the one booking placement (createBooking), so its diary lock,
// its no-overlap constraint and the payment policy decide; the first claim books it, every later one is told the
// time has gone and stays on the waitlist.
import { AppError, type Booking, claimWaitlistOfferInput } from '@app/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { BookingDeps } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { service, user, waitlistEntry, waitlistOffer } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';
import { formatForClient } from '../../lib/zoned-time.ts';
import { type Actor, type RowInputRequest, type RowRequest, requireSignedIn } from '../auth/actor.ts';
import { publicUrlOf } from '../auth/auth.ts';
import { createBooking } from '../bookings/place-booking.ts';
import { htmlFromText } from '../emails/templates.ts';
import { mailContextOf, type WaitlistOfferRow } from './waitlist-offers.ts';

export const GONE_MESSAGE =
  'Sorry, this time has gone: someone else booked it first. You stay on the waitlist for the next one.';
const EXPIRED_MESSAGE = 'This offer has closed. You stay on the waitlist for the next time that comes free.';

const clock = (deps: Pick<BookingDeps, 'now'>) => deps.now?.() ?? Date.now();

async function ownOffer(db: DbOrTx, request: { actor: Actor; id: string }) {
  if (!/^[0-9a-f-]{36}$/i.test(request.id)) throw new AppError('NOT_FOUND', 'No such offer.');
  const [offer] = await db.select().from(waitlistOffer).where(eq(waitlistOffer.id, request.id));
  if (!offer || offer.clientId !== request.actor.id) throw new AppError('NOT_FOUND', 'No such offer.');
  return offer;
}

async function settle(db: DbOrTx, offer: WaitlistOfferRow, status: 'gone' | 'expired', at: number) {
  await db
    .update(waitlistOffer)
    .set({ status, settledAt: new Date(at) })
    .where(and(eq(waitlistOffer.id, offer.id), eq(waitlistOffer.status, 'offered')));
}

/** The offer as its page shows it: the time, and whether it can still be booked. */
export async function getOffer(deps: BookingDeps, request: RowRequest) {
  const actor = requireSignedIn(request.actor);
  const offer = await ownOffer(deps.db, { actor, id: request.id });
  const [entry] = await deps.db.select().from(waitlistEntry).where(eq(waitlistEntry.id, offer.entryId));
  const [svc] = entry ? await deps.db.select().from(service).where(eq(service.id, entry.serviceId)) : [];
  const open = offer.status === 'offered' && offer.expiresAt.getTime() > clock(deps);
  return {
    serviceName: svc?.name ?? '',
    /** The booking needs a phone number the account does not have yet: the page asks it with the claim. */
    phoneNeeded: !actor.phone,
    style: svc?.style ?? 'therapeutic',
    id: offer.id,
    entryId: offer.entryId,
    serviceId: entry?.serviceId ?? '',
    startsAt: offer.startsAt.toISOString(),
    durationMinutes: offer.durationMinutes,
    expiresAt: offer.expiresAt.toISOString(),
    status: open || offer.status !== 'offered' ? offer.status : 'expired',
    bookingId: offer.bookingId,
  };
}

/**
 * The others offered an overlapping time are told it has gone, in the claim's transaction (the emails leave after
 * the commit, from the outbox). Their entries stay waiting.
 */
async function tellOthersItHasGone(
  deps: Pick<BookingDeps, 'env' | 'outbox'> & { tx: DbOrTx },
  request: { offer: WaitlistOfferRow; at: number; business: string; brand: Parameters<typeof htmlFromText>[2] },
) {
  const { tx, env } = deps;
  const { offer, at } = request;
  const endsAt = new Date(offer.startsAt.getTime() + offer.durationMinutes * 60_000);
  const gone = await tx
    .update(waitlistOffer)
    .set({ status: 'gone', settledAt: new Date(at) })
    .where(
      and(
        eq(waitlistOffer.status, 'offered'),
        ne(waitlistOffer.id, offer.id),
        sql`${waitlistOffer.startsAt} < ${endsAt}`,
        sql`${waitlistOffer.startsAt} + make_interval(mins => ${waitlistOffer.durationMinutes}) > ${offer.startsAt}`,
      ),
    )
    .returning();
  for (const other of gone) {
    const [client] = await tx.select().from(user).where(eq(user.id, other.clientId));
    if (!client) continue;
    const when = formatForClient(other.startsAt, env.BUSINESS_TIME_ZONE, env.BUSINESS_LOCALE);
    const text = [
      `Hello ${client.name.trim().split(/\s+/)[0] || 'there'},`,
      '',
      `The time we offered you on ${when} has gone: someone else booked it first.`,
      'You stay on the waitlist, and we will write again when another time comes free.',
      '',
      `Your waitlist: ${publicUrlOf(env)}/bookings`,
      '',
      request.business,
    ].join('\n');
    await deps.outbox.enqueue(tx, {
      to: client.email,
      kind: 'waitlist.gone',
      subject: `The time on ${when} has gone`,
      text,
      html: htmlFromText(text, 'Someone else booked it first.', request.brand),
      dedupeKey: `waitlist-gone:${other.id}`,
    });
  }
  return gone.length;
}

/**
 * The client claims their offer. The booking is placed as any online booking is (the same checks, and the same
 * payment step when the policy asks money up front); the offer and its entry are marked after it stands.
 */
export async function claimOffer(
  deps: BookingDeps,
  request: RowInputRequest,
): Promise<{ booking: Booking; created: boolean }> {
  const actor = requireSignedIn(request.actor);
  const input = parseInput(claimWaitlistOfferInput, request.input ?? {});
  const offer = await ownOffer(deps.db, { actor, id: request.id });
  const at = clock(deps);
  if (offer.status === 'gone') throw new AppError('SLOT_UNAVAILABLE', GONE_MESSAGE, { alternatives: [] });
  if (offer.status === 'expired' || (offer.status === 'offered' && offer.expiresAt.getTime() <= at)) {
    await settle(deps.db, offer, 'expired', at);
    throw new AppError('CONFLICT', EXPIRED_MESSAGE);
  }
  const [entry] = await deps.db.select().from(waitlistEntry).where(eq(waitlistEntry.id, offer.entryId));
  if (!entry) throw new AppError('NOT_FOUND', 'No such offer.');
  let result: { booking: Booking; created: boolean };
  try {
    result = await createBooking(deps, {
      actor,
      // The client joined for this treatment, sensual ones only from the sensual link: the offer carries that access.
      showSensual: true,
      input: {
        serviceId: entry.serviceId,
        durationMinutes: offer.durationMinutes,
        startsAt: offer.startsAt.toISOString(),
        name: actor.name || actor.email,
        phone: input.phone || actor.phone || '',
        notes: '',
        adultConfirmed: input.adultConfirmed,
        noShowFeeConsent: input.noShowFeeConsent,
        idempotencyKey: input.idempotencyKey,
      },
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'SLOT_UNAVAILABLE') {
      await settle(deps.db, offer, 'gone', at);
      throw new AppError('SLOT_UNAVAILABLE', GONE_MESSAGE, { alternatives: [] });
    }
    throw error;
  }
  const { mail } = await mailContextOf(deps);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(waitlistOffer)
      .set({ status: 'claimed', bookingId: result.booking.id, settledAt: new Date(at) })
      .where(eq(waitlistOffer.id, offer.id));
    await tx
      .update(waitlistEntry)
      .set({ status: 'booked', bookingId: result.booking.id })
      .where(and(eq(waitlistEntry.id, entry.id), eq(waitlistEntry.status, 'waiting')));
    await tellOthersItHasGone({ ...deps, tx }, { offer, at, business: mail.business, brand: mail.brand });
  });
  return result;
}
