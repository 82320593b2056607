import type { EmailKind } from '@app/shared';
import type { DbOrTx } from '../../db/client.ts';
import { formatForClient } from '../../lib/zoned-time.ts';
import { addOnsOfBooking } from '../add-ons/booking-add-ons.ts';
import { composeEmail } from '../emails/emails.service.ts';
import type { OutgoingEmail } from '../outbox/outbox.service.ts';
import { treatmentTitle } from './booking-calendar.ts';

export type BookingForEmail = {
  /** A booking's own (its add-ons are read by it); absent for one not written yet. */
  id?: string;
  /** With the add-ons' minutes in; absent, the length is the treatment's. */
  endsAt?: Date;
  serviceName: string;
  style: string;
  durationMinutes: number;
  pricePence: number;
  startsAt: Date;
  clientName: string;
  clientEmail: string | null;
  clientPhone: string | null;
  notes: string;
  status: string;
};

export type EmailBusiness = {
  name: string;
  timeZone: string;
  currency: string;
  locale: string;
  publicUrl: string;
  streetAddress: string;
  phone: string;
  email: string;
  nameSensualTreatments: boolean;
};

const ICS_TYPE = 'text/calendar; charset=utf-8; method=PUBLISH';

/** A booking email rendered from its template; `to` defaults to the client. */
export async function bookingEmail(
  db: DbOrTx,
  request: {
    kind: EmailKind;
    booking: BookingForEmail;
    business: EmailBusiness;
    to?: string;
    reason?: string;
    money?: string;
    previous?: Date;
    ics?: string;
    /** The variables of one kind's own (a deposit by bank transfer's account and reference). */
    extra?: Record<string, string | number>;
    dedupeKey?: string;
  },
): Promise<OutgoingEmail> {
  const { kind, booking, business, ...extras } = request;
  const when = (instant: Date) => formatForClient(instant, business.timeZone, business.locale);
  // Discretion (decision 026): the subject and preview line never name a sensual treatment unless the owner chose
  // so; the client's own email does not either, so the first lines a lock screen shows stay discreet. The owner's
  // notification keeps the real name in its text.
  const title = treatmentTitle(booking, business);
  // Add-ons (decision 079): named after the treatment in the body, and the length is the whole booking's.
  const addOns = booking.id ? await addOnsOfBooking(db, { bookingId: booking.id }) : [];
  const withAddOns = addOns.length ? ` with ${addOns.map((a) => a.name).join(', ')}` : '';
  const minutes = booking.endsAt
    ? Math.round((booking.endsAt.getTime() - booking.startsAt.getTime()) / 60_000)
    : booking.durationMinutes;
  const toOwner = kind === 'booking.admin-new';
  return composeEmail(db, {
    kind,
    to: extras.to ?? booking.clientEmail ?? '',
    variables: {
      clientName: booking.clientName,
      clientEmail: booking.clientEmail,
      clientPhone: booking.clientPhone,
      service: `${toOwner ? booking.serviceName : title}${withAddOns}`,
      duration: minutes,
      price: new Intl.NumberFormat(business.locale, { style: 'currency', currency: business.currency }).format(
        booking.pricePence / 100,
      ),
      when: when(booking.startsAt),
      previousWhen: extras.previous ? when(extras.previous) : '',
      // The street address goes only to a client whose booking is confirmed.
      address: booking.status === 'confirmed' ? business.streetAddress : '',
      businessName: business.name,
      businessPhone: business.phone,
      businessEmail: business.email,
      manageUrl: `${business.publicUrl}/bookings`,
      // The practice's health questionnaire and consent.
      healthFormUrl: `${business.publicUrl}/health-form`,
      reason: extras.reason ?? '',
      money: extras.money ?? '',
      notes: booking.notes,
      status: booking.status,
      ...extras.extra,
    },
    subjectVariables: { service: title },
    preheader: `${title} — ${business.name}`,
    attachments: extras.ics
      ? [
          {
            filename: 'booking.ics',
            contentType: ICS_TYPE,
            contentBase64: Buffer.from(extras.ics).toString('base64'),
          },
        ]
      : [],
    dedupeKey: extras.dedupeKey,
    publicUrl: business.publicUrl,
  });
}
