import { z } from 'zod';
import { massageTypes, styles } from './catalog.ts';

/** The schemas of the catalogue: a style, a type, a service as the site lists it and as the owner edits it. */
export const styleSchema = z.enum(styles);
export const massageTypeSchema = z.enum(massageTypes);

export const serviceDurationSchema = z.object({
  minutes: z.number().int().min(15).max(480),
  pricePence: z.number().int().min(0),
});

export const serviceSchema = z.object({
  id: z.string(),
  style: styleSchema,
  type: massageTypeSchema,
  name: z.string().min(1).max(120),
  description: z.string().max(2000),
  durations: z.array(serviceDurationSchema).min(1),
  active: z.boolean(),
});
export type Service = z.infer<typeof serviceSchema>;

/** The owner edits a service's wording, durations and prices, or takes it off the site. */
export const updateServiceInput = z
  .strictObject({
    name: z.string().trim().min(1, 'Enter a name').max(120),
    description: z.string().trim().max(2000),
    durations: z
      .array(serviceDurationSchema)
      .min(1, 'Offer at least one duration')
      .refine((d) => new Set(d.map((x) => x.minutes)).size === d.length, 'Each duration once'),
    active: z.boolean(),
  })
  .partial();
export type UpdateServiceInput = z.infer<typeof updateServiceInput>;
