import { DISCREET_TREATMENT_NAME } from '@app/shared';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

export type CalendarBooking = {
  id: string;
  serviceName: string;
  style: string;
  startsAt: Date;
  endsAt: Date;
  status: string;
  address: string | null;
};

export type CalendarBusiness = { name: string; domain: string; area: string; nameSensualTreatments: boolean };

/** What a client's calendar, subject line or lock screen calls the booking (discretion, decision 026). */
export function treatmentTitle(
  item: { serviceName: string; style: string },
  request: { nameSensualTreatments: boolean },
): string {
  const { nameSensualTreatments } = request;
  return item.style === 'sensual' && !nameSensualTreatments ? DISCREET_TREATMENT_NAME : item.serviceName;
}

/** An iCalendar file for one booking; cancelled bookings are sent as CANCELLED so calendars drop them. */
export function bookingIcs(item: CalendarBooking, business: CalendarBusiness): string {
  const calendar = ical({
    name: business.name,
    prodId: { company: business.name, product: 'bookings', language: 'EN' },
  });
  calendar.method(ICalCalendarMethod.PUBLISH);
  calendar.createEvent({
    id: `${item.id}@${business.domain}`,
    start: item.startsAt,
    end: item.endsAt,
    summary: `${treatmentTitle(item, business)} — ${business.name}`,
    location: item.address || business.area,
    status:
      item.status === 'cancelled'
        ? ICalEventStatus.CANCELLED
        : item.status === 'pending'
          ? ICalEventStatus.TENTATIVE
          : ICalEventStatus.CONFIRMED,
    description: item.status === 'pending' ? 'Awaiting confirmation.' : undefined,
  });
  return calendar.toString();
}
