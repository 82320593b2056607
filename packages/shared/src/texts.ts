import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { labelledValues } from './labelled.ts';

/** What texts are sent (decision 072). Wording is neutral for every style: never a treatment's name. */
export const [textKinds, textKindLabels] = labelledValues({
  'booking.confirmed': 'Booking confirmed',
  'booking.reminder': 'Reminder',
  'booking.changed': 'Booking moved',
  'booking.cancelled': 'Booking cancelled',
  'review.request': 'Review request',
  'phone.code': 'Verification code',
  'waitlist.offer': 'Waitlist: a time came free',
});
export type TextKind = (typeof textKinds)[number];

/** The variables a text template may use; {code} only in the verification code's. */
export const textVariables = ['business', 'when', 'link', 'code'] as const;

export const defaultTextTemplates: Record<TextKind, string> = {
  'booking.confirmed': 'Your appointment with {business} is confirmed for {when}. Details: {link}',
  'booking.reminder': 'Reminder: your appointment with {business} is at {when}. Details: {link}',
  'booking.changed': 'Your appointment with {business} has moved to {when}. Details: {link}',
  'booking.cancelled': 'Your appointment with {business} at {when} is cancelled. {link}',
  'review.request': 'Thank you for your visit to {business} on {when}. How was it? A rating and a few words: {link}',
  'phone.code': '{code} is your {business} verification code. It expires in 10 minutes.',
  'waitlist.offer': 'A time you waited for with {business} is free: {when}. First to book gets it: {link}',
};

/** The parsed number in E.164, or null. UK numbers may be typed the British way (07700 900123). */
export function toE164(value: string, defaultCountry: 'GB' = 'GB'): string | null {
  const parsed = parsePhoneNumberFromString(value.trim(), defaultCountry);
  return parsed?.isValid() ? parsed.number : null;
}

export const mobileNumberField = z
  .string()
  .trim()
  .min(1, 'Enter your mobile number')
  .max(40, 'This number is too long')
  .transform((value, ctx) => {
    const e164 = toE164(value);
    if (!e164) {
      ctx.addIssue({
        code: 'custom',
        message: 'This is not a phone number we can text: use a mobile such as 07700 900123 or +44 7700 900123',
      });
      return z.NEVER;
    }
    return e164;
  });

// GSM 03.38: the basic set (one unit each) and the extension set (two units: escape + character).
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENDED = new Set('^{}\\[~]|€\f');

/**
 * How a text is billed: GSM-7 fits 160 units in one message and 153 per part when split; anything outside GSM-7 (an
 * emoji, a curly quote) makes the whole text UCS-2: 70, then 67 per part (counted in UTF-16 code units).
 */
export function textSegments(body: string): { encoding: 'GSM-7' | 'UCS-2'; characters: number; segments: number } {
  let units = 0;
  let gsm = true;
  for (const char of body) {
    if (GSM_BASIC.has(char)) units += 1;
    else if (GSM_EXTENDED.has(char)) units += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) return { encoding: 'GSM-7', characters: units, segments: units <= 160 ? 1 : Math.ceil(units / 153) };
  const length = body.length;
  return { encoding: 'UCS-2', characters: length, segments: length <= 70 ? 1 : Math.ceil(length / 67) };
}

const templateField = z
  .string()
  .trim()
  .min(1, 'A text cannot be empty')
  .max(640, 'At most 640 characters (four or more texts)')
  .refine(
    (text) => [...text.matchAll(/\{(\w+)\}/g)].every((m) => (textVariables as readonly string[]).includes(m[1] ?? '')),
    {
      message: `Use only the variables ${textVariables.map((v) => `{${v}}`).join(', ')}`,
    },
  );

export const textSettingsInput = z.object({
  whatsapp: z.boolean().optional(),
  reminderHours: z
    .array(z.number().int().min(1, 'At least 1 hour before').max(336, 'At most two weeks (336 hours) before'))
    .max(3, 'At most three reminders')
    .refine((hours) => new Set(hours).size === hours.length, 'Each reminder time once')
    .optional(),
  templates: z.partialRecord(z.enum(textKinds), templateField).optional(),
  requireVerifiedPhone: z.boolean().optional(),
});
export type TextSettingsInput = z.input<typeof textSettingsInput>;

export type TextSettings = {
  /** Twilio is configured on the server; without it nothing is sent and the screens say texts are off. */
  enabled: boolean;
  whatsapp: boolean;
  reminderHours: number[];
  templates: Record<TextKind, string>;
  requireVerifiedPhone: boolean;
};

export const contactChannels = ['email', 'text', 'both'] as const;
export type ContactChannel = (typeof contactChannels)[number];
export const contactPreferenceInput = z.object({
  channel: z.enum(contactChannels, { message: 'Choose email, text or both' }),
});
export type ContactPreference = {
  channel: ContactChannel;
  phone: string | null;
  phoneVerified: boolean;
  textsEnabled: boolean;
};

export const textStatuses = ['queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed', 'unknown'] as const;
export type TextStatus = (typeof textStatuses)[number];
export type OutboxText = {
  id: string;
  kind: TextKind;
  channel: 'sms' | 'whatsapp';
  recipient: string;
  body: string;
  status: TextStatus;
  bookingId: string | null;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
};
