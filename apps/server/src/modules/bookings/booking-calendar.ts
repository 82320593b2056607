import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

export type CalendarBooking = {
  id: string;
  serviceName: string;
  startsAt: Date;
  endsAt: Date;
  status: string;
  address: string | null;
};

/** An iCalendar file for one booking; cancelled bookings are sent as CANCELLED so calendars drop them. */
export function bookingIcs(item: CalendarBooking, business: { name: string; domain: string; area: string }): string {
  const calendar = ical({
    name: business.name,
    prodId: { company: business.name, product: 'bookings', language: 'EN' },
  });
  calendar.method(ICalCalendarMethod.PUBLISH);
  calendar.createEvent({
    id: `${item.id}@${business.domain}`,
    start: item.startsAt,
    end: item.endsAt,
    summary: `${item.serviceName} — ${business.name}`,
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
