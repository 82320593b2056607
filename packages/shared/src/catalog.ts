import { z } from 'zod';

/** Styles and types exactly as the specification names them. */
export const styles = ['therapeutic', 'sensual'] as const;
export const styleSchema = z.enum(styles);
export type Style = z.infer<typeof styleSchema>;

export const typesByStyle = {
  therapeutic: ['swedish', 'deeptissue', 'both'],
  sensual: ['sensual', 'naturist', 'bodytobody'],
} as const satisfies Record<Style, readonly string[]>;

export const massageTypes = [...typesByStyle.therapeutic, ...typesByStyle.sensual] as const;
export const massageTypeSchema = z.enum(massageTypes);

/** Each type as the owner reads it on screen ('deeptissue' is a code, never shown). */
export const massageTypeLabels: Record<(typeof massageTypes)[number], string> = {
  swedish: 'Swedish',
  deeptissue: 'Deep tissue',
  both: 'Combo',
  sensual: 'Sensual',
  naturist: 'Naturist',
  bodytobody: 'Body to body',
};
export type MassageType = z.infer<typeof massageTypeSchema>;

export function styleOfType(type: MassageType): Style {
  return (typesByStyle.sensual as readonly string[]).includes(type) ? 'sensual' : 'therapeutic';
}

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
