import type { PublicConfig } from '@app/shared';
import { List } from '@mantine/core';
import { Notice } from './notice.tsx';

/** True when the appointment starts inside the window in which it can no longer be changed online. */
export function insideCutoff(startsAt: string, cutoffHours: number, now = Date.now()): boolean {
  return Date.parse(startsAt) - now < cutoffHours * 3_600_000;
}

/**
 * What the client agrees to, said before they confirm rather than after: where, how they pay, and until when they
 * can change or cancel online; a time already inside that window is said plainly.
 */
export function BookingTerms({
  startsAt,
  config,
  paysOnline,
}: {
  startsAt: string;
  config: PublicConfig | undefined;
  /** The payment step asks for money up front (it then says how much itself). */
  paysOnline: boolean;
}) {
  const cutoffHours = config?.booking.cancellationCutoffHours ?? 24;
  const late = insideCutoff(startsAt, cutoffHours);
  return (
    <section aria-label="Before you confirm">
      {late && (
        <Notice color="yellow" title={`Less than ${cutoffHours} hours away`} mb="sm">
          Once booked, this time cannot be changed or cancelled online: please get in touch with us if your plans
          change.
        </Notice>
      )}
      <List size="sm" spacing={4}>
        {config?.area && <List.Item>Where: {config.area}; the address comes with the confirmation.</List.Item>}
        <List.Item>
          {paysOnline
            ? 'Payment: what is asked now is shown below; anything left is paid at the appointment.'
            : 'Payment: at the appointment.'}
        </List.Item>
        <List.Item>
          Changing or cancelling: online up to {cutoffHours} hours before it starts
          {late ? ', which has already passed for this time.' : '.'}
        </List.Item>
      </List>
    </section>
  );
}

/** 'We have emailed you …' only when a mail server sends it; otherwise what is true. */
export function emailedYou(what: string, emailEnabled: boolean | undefined): string {
  return emailEnabled ? `We have emailed you ${what}.` : 'You can see it any time under My bookings.';
}
