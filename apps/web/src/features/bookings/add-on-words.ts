import type { Booking } from '@app/shared';

/** How long the client comes for: the treatment's minutes and its add-ons' (decision 079). */
export function visitMinutes(booking: Pick<Booking, 'durationMinutes' | 'addOns'>): number {
  return booking.durationMinutes + booking.addOns.reduce((sum, addOn) => sum + addOn.minutes, 0);
}

/** "With Hot stones and Scalp massage", or null when it took none. */
export function addOnsLine(booking: Pick<Booking, 'addOns'>): string | null {
  const names = booking.addOns.map((addOn) => addOn.name);
  if (names.length === 0) return null;
  const last = names.pop();
  return `With ${names.length ? `${names.join(', ')} and ${last}` : last}`;
}
