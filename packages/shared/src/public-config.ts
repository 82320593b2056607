import { z } from 'zod';
import { defaultPublicWebsite, publicWebsiteSchema } from './website.ts';

/** What the web app learns about the business and the install at GET /api/config. */
export const publicConfigSchema = z.object({
  businessName: z.string(),
  area: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  locale: z.string(),
  /** How to reach the business (shown to a blocked client, and with 'please call us'); empty when not configured. */
  contact: z.object({ phone: z.string(), email: z.string() }).default({ phone: '', email: '' }),
  openingHoursText: z.array(z.string()),
  /** The booking rules a client is told about. */
  booking: z
    .object({ cancellationCutoffHours: z.number(), horizonDays: z.number(), minNoticeMinutes: z.number() })
    .default({ cancellationCutoffHours: 24, horizonDays: 60, minNoticeMinutes: 120 }),
  /** False when no mail server is configured: emails are kept in the outbox, not sent. */
  emailEnabled: z.boolean().default(false),
  socialProviders: z.array(z.object({ id: z.string(), name: z.string() })),
  analytics: z.object({
    gaMeasurementId: z.string().optional(),
    facebookPixelId: z.string().optional(),
    gtmId: z.string().optional(),
  }),
  /** Online payment (decision 047): on when Stripe is configured; the key is the publishable one, made for browsers. */
  payments: z
    .object({ online: z.boolean(), publishableKey: z.string().nullable() })
    .default({ online: false, publishableKey: null }),
  /** The business's own look: brand colour, logo and photos (the owner's Website section). */
  website: publicWebsiteSchema.default(defaultPublicWebsite),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
