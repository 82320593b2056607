// What the owner knows of the client behind a request, before accepting it (screening a new client).
import { AppError, entityIdSchema, type KnownAboutClient } from '@app/shared';
import { and, asc, eq, ne } from 'drizzle-orm';
import { booking, customer, user } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';
import { type Actor, requireRole } from '../auth/actor.ts';
import type { RecordsDeps } from './health-records.service.ts';
import { privateReasonsOf, screeningAnswersOf } from './screening.ts';

export async function whatIsKnown(
  deps: RecordsDeps,
  { actor, bookingId }: { actor: Actor | null; bookingId: string },
): Promise<KnownAboutClient> {
  requireRole(actor, 'admin');
  const id = parseInput(entityIdSchema, bookingId);
  const [found] = await deps.db
    .select({ clientId: booking.clientId, clientPhone: booking.clientPhone })
    .from(booking)
    .where(eq(booking.id, id));
  if (!found) throw new AppError('NOT_FOUND', 'There is no such booking.');
  const screeningAnswers = await screeningAnswersOf(deps.db, id);
  const privateReasons = await privateReasonsOf(deps.db, { clientId: found.clientId, bookingId: id });
  const none = { completed: 0, upcoming: 0, cancelledByClient: 0, cancelledByBusiness: 0, noShow: 0 };
  if (!found.clientId)
    return {
      hasAccount: false,
      emailVerified: false,
      phone: found.clientPhone,
      policy: null,
      privateNotes: '',
      otherBookings: none,
      firstBookedAt: null,
      screeningAnswers,
      privateReasons,
    };
  const [person] = await deps.db
    .select({ emailVerified: user.emailVerified, phone: user.phone })
    .from(user)
    .where(eq(user.id, found.clientId));
  const [profile] = await deps.db.select().from(customer).where(eq(customer.userId, found.clientId));
  const others = await deps.db
    .select({ status: booking.status, cancelledBy: booking.cancelledBy, startsAt: booking.startsAt })
    .from(booking)
    .where(and(eq(booking.clientId, found.clientId), ne(booking.id, id)))
    .orderBy(asc(booking.startsAt));
  const counts = { ...none };
  for (const other of others) {
    if (other.status === 'completed') counts.completed += 1;
    else if (other.status === 'no_show') counts.noShow += 1;
    else if (other.status === 'cancelled')
      counts[other.cancelledBy === 'business' ? 'cancelledByBusiness' : 'cancelledByClient'] += 1;
    else counts.upcoming += 1;
  }
  return {
    hasAccount: true,
    emailVerified: person?.emailVerified ?? false,
    phone: person?.phone ?? found.clientPhone,
    policy: profile?.policy ?? 'new',
    privateNotes: profile?.privateNotes ?? '',
    otherBookings: counts,
    firstBookedAt: others[0]?.startsAt.toISOString() ?? null,
    screeningAnswers,
    privateReasons,
  };
}
