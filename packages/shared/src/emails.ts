import { z } from 'zod';
import { pageFields } from './fields.ts';

export const emailStatusList = ['pending', 'sending', 'sent', 'failed', 'captured'] as const;
export const listEmailsQuery = z.object({
  status: z.enum(emailStatusList).optional(),
  q: z.string().trim().max(100).optional(),
  ...pageFields(200),
});

/** Every email the product sends, by kind; each has a default template the owner may override. */
export const emailKinds = [
  'auth.verify-email',
  'auth.existing-account',
  'auth.reset-password',
  'auth.change-email',
  'booking.confirmed',
  'booking.pending',
  'booking.bank-deposit',
  'booking.approved',
  'booking.declined',
  'booking.cancelled',
  'booking.rescheduled',
  'booking.reminder',
  'booking.admin-new',
  'invoice',
] as const;
export const emailKindSchema = z.enum(emailKinds);
export type EmailKind = z.infer<typeof emailKindSchema>;

export const emailTemplateInput = z.strictObject({
  subject: z.string().trim().min(1, 'Enter a subject').max(200),
  body: z.string().trim().min(1, 'Enter the text').max(10_000),
});
export type EmailTemplateInput = z.infer<typeof emailTemplateInput>;

export type EmailTemplate = EmailTemplateInput & {
  kind: EmailKind;
  description: string;
  variables: string[];
  isDefault: boolean;
};

export const composeEmailInput = z.strictObject({
  customerId: z.string().min(1),
  subject: z.string().trim().min(1, 'Enter a subject').max(200),
  body: z.string().trim().min(1, 'Enter the text').max(10_000),
});

/**
 * Discretion: unless the owner chooses otherwise, a sensual booking is called 'Massage appointment' in calendar
 * files, email subjects and the preview line a phone shows on its lock screen.
 */
export const DISCREET_TREATMENT_NAME = 'Massage appointment';
export const emailSettingsSchema = z.strictObject({ nameSensualTreatments: z.boolean() });
export type EmailSettings = z.infer<typeof emailSettingsSchema>;
