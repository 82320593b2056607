/** What each kind of email is, in words: the outbox never shows the internal code. */
const labels: Record<string, string> = {
  'auth.verify-email': 'Email address confirmation',
  'auth.existing-account': 'Sign-up with an existing account',
  'auth.reset-password': 'Password reset',
  'auth.change-email': 'Change of email address',
  'booking.confirmed': 'Booking confirmed',
  'booking.pending': 'Booking request received',
  'booking.approved': 'Booking request approved',
  'booking.declined': 'Booking request declined',
  'booking.cancelled': 'Booking cancelled',
  'booking.rescheduled': 'Booking moved',
  'booking.reminder': 'Booking reminder',
  'booking.admin-new': 'New booking (to you)',
  invoice: 'Invoice',
  custom: 'Email you wrote',
};

export function emailKindLabel(kind: string): string {
  return labels[kind] ?? 'Email';
}
