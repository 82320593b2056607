import { z } from 'zod';

/**
 * How clients know and reach the business. The owner edits these in the back office (/business); each one left
 * empty falls back to its environment variable (BUSINESS_NAME, BUSINESS_AREA, BUSINESS_PHONE, BUSINESS_EMAIL).
 * The street address is given to a client only once a booking is confirmed; the area is what the public sees.
 */
export const businessDetailsSchema = z.object({
  businessName: z.string().trim().min(1, 'Give the business a name').max(80),
  phone: z
    .string()
    .trim()
    .max(40)
    .regex(/^[+\d][\d\s().-]*$|^$/, 'Use digits, spaces and + ( ) - only, such as 020 7946 0000'),
  email: z.union([z.literal(''), z.email('Use an email address such as hello@example.com')]),
  streetAddress: z.string().trim().max(300),
  area: z.string().trim().min(1, 'Give the area clients see, such as London').max(80),
});
export type BusinessDetails = z.infer<typeof businessDetailsSchema>;
export const updateBusinessDetailsInput = businessDetailsSchema;
export type UpdateBusinessDetailsInput = z.infer<typeof updateBusinessDetailsInput>;

export const setupStepIds = ['contact', 'hours', 'prices', 'email', 'vat'] as const;
export type SetupStepId = (typeof setupStepIds)[number];

/** One step of the dashboard's setup checklist of a new install. */
export const setupStepSchema = z.object({
  id: z.enum(setupStepIds),
  label: z.string(),
  done: z.boolean(),
  /** Where in the back office the step is done. */
  to: z.string(),
});
export type SetupStep = z.infer<typeof setupStepSchema>;

export const setupStatusSchema = z.object({
  steps: z.array(setupStepSchema),
  dismissed: z.boolean(),
  /** Whether a mail server is configured; without one, emails are kept in the outbox and not sent. */
  emailEnabled: z.boolean(),
  /** Emails kept in the outbox, not sent, because no mail server is configured. */
  emailsKept: z.number().int().min(0),
});
export type SetupStatus = z.infer<typeof setupStatusSchema>;
