import type { PublicConfig } from '@app/shared';

/**
 * How a page tells a client to reach the business, from what the owner has set: the phone, else the email.
 * Null when neither is set, so the caller says what to do on the site instead of a sentence with nothing to act on.
 */
export function reachUs(contact: PublicConfig['contact'] | undefined): string | null {
  const phone = contact?.phone.trim();
  const email = contact?.email.trim();
  if (phone && email) return `call us on ${phone} or email ${email}`;
  if (phone) return `call us on ${phone}`;
  if (email) return `email us at ${email}`;
  return null;
}

/** When neither a phone nor an email is set: the one way to reach the business every client has. */
export const REPLY_TO_EMAIL = 'reply to your booking confirmation email';
