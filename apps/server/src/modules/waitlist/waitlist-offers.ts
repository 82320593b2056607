// Freed time becomes offers (decision 083): a job reads the times the diary's verbs noted, finds the waiting clients
// whose treatment, days and times fit a start that is free now, and offers it to each, in the order they joined, by
// email through the outbox and by text when they have a verified number. The first claim books it (claim-offer.ts).
import { suitsWaitlist } from '@app/shared';
import { and, asc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { BookingDeps } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  customer,
  service,
  user,
  waitlistEntry,
  waitlistFreedTime,
  waitlistOffer,
  waitlistSettings,
} from '../../db/schema.ts';
import { formatForClient, localDateOf } from '../../lib/zoned-time.ts';
import { publicUrlOf } from '../auth/auth.ts';
import { getBookingRules, listSlots } from '../availability/availability.service.ts';
import { getBusinessDetails } from '../business/business.service.ts';
import { emailBrandOf } from '../emails/emails.service.ts';
import { htmlFromText } from '../emails/templates.ts';
import { textRecipientOf } from '../texts/booking-texts.ts';
import { enqueueText } from '../texts/text-outbox.ts';
import { readTextSettings, renderText, textsEnabled } from '../texts/text-settings.ts';

export type WaitlistEntryRow = typeof waitlistEntry.$inferSelect;
export type WaitlistOfferRow = typeof waitlistOffer.$inferSelect;

const clock = (deps: Pick<BookingDeps, 'now'>) => deps.now?.() ?? Date.now();

/** HH:MM of an instant on the business's clock. */
export function localTimeOf(instant: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(new Date(instant))
    .reduce<Record<string, string>>((all, part) => Object.assign(all, { [part.type]: part.value }), {});
  return `${parts.hour}:${parts.minute}`;
}

export async function offerMinutesOf(db: DbOrTx): Promise<number> {
  const [row] = await db.select().from(waitlistSettings).where(eq(waitlistSettings.id, 1));
  return row?.offerMinutes ?? 120;
}

/** An offer closes after the owner's period, or earlier when the time's minimum notice comes first. */
export function offerExpiry(request: { at: number; startsAt: number; offerMinutes: number; minNoticeMinutes: number }) {
  return Math.min(request.at + request.offerMinutes * 60_000, request.startsAt - request.minNoticeMinutes * 60_000);
}

/** The treatment as the email names it: a sensual one only by its length, unless the owner names them. */
function treatmentOf(svc: { name: string; style: string }, minutes: number, nameSensual: boolean) {
  return svc.style === 'sensual' && !nameSensual
    ? `a ${minutes}-minute appointment`
    : `${svc.name}, ${minutes} minutes`;
}

const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] || 'there';

/** Writes one offer with its email (and text) in the caller's transaction; null when this entry had this time already. */
export async function makeOffer(
  deps: Pick<BookingDeps, 'env' | 'outbox'> & { tx: DbOrTx },
  request: {
    entry: WaitlistEntryRow;
    startsAt: number;
    expiresAt: number;
    freedId: string | null;
    offeredBy: 'system' | 'owner';
    mail: { business: string; brand: Awaited<ReturnType<typeof emailBrandOf>>; nameSensual: boolean };
  },
): Promise<WaitlistOfferRow | null> {
  const { tx, env } = deps;
  const { entry, mail } = request;
  const [offer] = await tx
    .insert(waitlistOffer)
    .values({
      entryId: entry.id,
      clientId: entry.clientId,
      startsAt: new Date(request.startsAt),
      durationMinutes: entry.durationMinutes,
      expiresAt: new Date(request.expiresAt),
      freedId: request.freedId,
      offeredBy: request.offeredBy,
    })
    .onConflictDoNothing()
    .returning();
  if (!offer) return null;
  const [client] = await tx.select().from(user).where(eq(user.id, entry.clientId));
  const [svc] = await tx.select().from(service).where(eq(service.id, entry.serviceId));
  if (!client || !svc) return offer;
  const publicUrl = publicUrlOf(env);
  const when = formatForClient(request.startsAt, env.BUSINESS_TIME_ZONE, env.BUSINESS_LOCALE);
  const until = formatForClient(request.expiresAt, env.BUSINESS_TIME_ZONE, env.BUSINESS_LOCALE);
  const link = `${publicUrl}/waitlist/offers/${offer.id}`;
  const text = [
    `Hello ${firstNameOf(client.name)},`,
    '',
    `A time you are waiting for has come free: ${treatmentOf(svc, entry.durationMinutes, mail.nameSensual)} on ${when}.`,
    '',
    `Book it here until ${until}: ${link}`,
    'It goes to the first person who books it. If someone is quicker, we will tell you, and you stay on the waitlist.',
    '',
    `No longer looking? Leave the waitlist in one tap: ${publicUrl}/waitlist/${entry.id}`,
    '',
    mail.business,
  ].join('\n');
  await deps.outbox.enqueue(tx, {
    to: client.email,
    kind: 'waitlist.offer',
    subject: `A time has come free: ${when}`,
    text,
    html: htmlFromText(text, 'A time you are waiting for has come free.', mail.brand),
    dedupeKey: `waitlist-offer:${offer.id}`,
  });
  if (textsEnabled(env)) {
    const to = await textRecipientOf(tx, { clientId: client.id, clientPhone: null });
    if (to) {
      const settings = await readTextSettings(tx, env);
      await enqueueText(tx, {
        kind: 'waitlist.offer',
        recipient: to,
        body: renderText(settings.templates['waitlist.offer'], { business: env.BUSINESS_NAME, when, link }),
        channel: settings.whatsapp ? 'whatsapp' : 'sms',
        dedupeKey: `waitlist-offer:${offer.id}`,
      });
    }
  }
  return offer;
}

/** What the offer emails need, read once per run (the brand may read the logo's address). */
export async function mailContextOf(deps: Pick<BookingDeps, 'db' | 'env'>) {
  const business = await getBusinessDetails(deps);
  const brand = await emailBrandOf(deps.db, { publicUrl: publicUrlOf(deps.env), businessName: business.businessName });
  const rules = await getBookingRules(deps.db, { timeZone: deps.env.BUSINESS_TIME_ZONE });
  return {
    mail: { business: business.businessName, brand, nameSensual: rules.nameSensualTreatments },
    minNoticeMinutes: rules.minNoticeMinutes,
  };
}

/** The waiting entries that may want a time on these days, in the order they joined. */
async function waitingEntries(db: DbOrTx, request: { from: string; to: string }) {
  return db
    .select({ entry: waitlistEntry })
    .from(waitlistEntry)
    .innerJoin(service, eq(service.id, waitlistEntry.serviceId))
    .where(
      and(
        eq(waitlistEntry.status, 'waiting'),
        eq(service.active, true),
        lte(waitlistEntry.fromDate, request.to),
        gte(waitlistEntry.toDate, request.from),
        // Blocked since they joined: no offer (their claim would be refused).
        sql`not exists (select 1 from ${customer} where ${customer.userId} = ${waitlistEntry.clientId} and ${customer.policy} = 'blocked')`,
      ),
    )
    .orderBy(asc(waitlistEntry.createdAt), asc(waitlistEntry.id));
}

/** The first start free now for this entry that overlaps [from, to) and suits its days and times; null if none. */
async function freeStartFor(
  deps: Pick<BookingDeps, 'db' | 'env'> & { at: number },
  request: { entry: WaitlistEntryRow; from: number; to: number },
) {
  const { env, at } = deps;
  const { entry } = request;
  const timeZone = env.BUSINESS_TIME_ZONE;
  const minutes = entry.durationMinutes;
  const first = localDateOf(request.from - minutes * 60_000, timeZone);
  const last = localDateOf(request.to, timeZone);
  const slots = await listSlots(deps.db, {
    timeZone,
    query: { serviceId: entry.serviceId, duration: minutes, durationMinutes: minutes, from: first, to: last },
    now: at,
  });
  // The freed start itself first (the time the cancelled booking had), then the nearest to it.
  const fitting = slots.days
    .flatMap((day) => day.slots.map((slot) => ({ date: day.date, start: Date.parse(slot) })))
    .filter(({ start }) => start < request.to && start + minutes * 60_000 > request.from)
    .filter(({ date, start }) => suitsWaitlist(entry, { date, time: localTimeOf(start, timeZone) }))
    .sort((a, b) => Math.abs(a.start - request.from) - Math.abs(b.start - request.from));
  return fitting[0]?.start ?? null;
}

/** Takes one noted freed time not yet looked at, marking it in the same statement (two instances never share one). */
async function claimFreedTime(db: DbOrTx, at: number) {
  const result = await db.execute(sql`
    update ${waitlistFreedTime} set processed_at = ${new Date(at)}
     where id = (select id from ${waitlistFreedTime} where processed_at is null
                  order by created_at limit 1 for update skip locked)
       and processed_at is null
    returning id, starts_at, ends_at`);
  const row = (result as unknown as { rows: { id: string; starts_at: string | Date; ends_at: string | Date }[] })
    .rows[0];
  return row ? { id: row.id, from: new Date(row.starts_at).getTime(), to: new Date(row.ends_at).getTime() } : null;
}

/**
 * The job's work: every freed time noted since the last run is offered to the waiting clients it suits. Answers how
 * many offers were made. Offers go out together; the order they joined is the order their emails are queued.
 */
export async function offerFreedTimes(deps: BookingDeps): Promise<number> {
  let made = 0;
  let context: Awaited<ReturnType<typeof mailContextOf>> | null = null;
  for (;;) {
    const at = clock(deps);
    const freed = await claimFreedTime(deps.db, at);
    if (!freed) return made;
    if (freed.to <= at) continue;
    const timeZone = deps.env.BUSINESS_TIME_ZONE;
    const entries = await waitingEntries(deps.db, {
      from: localDateOf(Math.max(freed.from, at), timeZone),
      to: localDateOf(freed.to, timeZone),
    });
    if (entries.length === 0) continue;
    context ??= await mailContextOf(deps);
    const offerMinutes = await offerMinutesOf(deps.db);
    for (const { entry } of entries) {
      const start = await freeStartFor({ ...deps, at }, { entry, from: freed.from, to: freed.to });
      if (start === null) continue;
      const expiresAt = offerExpiry({ at, startsAt: start, offerMinutes, minNoticeMinutes: context.minNoticeMinutes });
      if (expiresAt <= at) continue;
      const mail = context.mail;
      const offer = await deps.db.transaction((tx) =>
        makeOffer({ ...deps, tx }, { entry, startsAt: start, expiresAt, freedId: freed.id, offeredBy: 'system', mail }),
      );
      if (offer) made++;
    }
  }
}

/** Offers still open for these entries (the client's page and the owner's day). */
export async function openOffersOf(db: DbOrTx, request: { entryIds: string[]; at: number }) {
  if (request.entryIds.length === 0) return [];
  return db
    .select()
    .from(waitlistOffer)
    .where(
      and(
        sql`${waitlistOffer.entryId} in ${request.entryIds}`,
        eq(waitlistOffer.status, 'offered'),
        sql`${waitlistOffer.expiresAt} > ${new Date(request.at)}`,
        isNull(waitlistOffer.settledAt),
      ),
    )
    .orderBy(asc(waitlistOffer.startsAt));
}
