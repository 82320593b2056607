import { z } from 'zod';
import { DEFAULT_BRAND_COLOR, hexColorMessage, hexPattern, WEBSITE_GALLERY_MAX } from './brand.ts';
import { brandPalette } from './brand-palette.ts';

export const hexColorSchema = z
  .string()
  .trim()
  .regex(hexPattern, hexColorMessage)
  .transform((value) => value.toLowerCase());

/** An uploaded photo as the pages use it: the widths it exists in (never wider than the original). */
export const websiteImageSchema = z.object({
  id: z.string().uuid(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  widths: z.array(z.number().int().positive()),
});
export type WebsiteImage = z.infer<typeof websiteImageSchema>;

// ---------------------------------------------------------------------------------------------
// Settings: the form and the PUT parse the same input; images are named by id.

const imageId = z.string().uuid('Upload the photo again: this one is not known.');
const alt = (label: string) => z.string().trim().max(200, `${label}: at most 200 characters.`).default('');
const text = (label: string, max: number) =>
  z.string().trim().max(max, `${label}: at most ${max} characters.`).default('');

export const websiteSettingsInput = z.object({
  brandColor: hexColorSchema.nullable().default(null),
  logoId: imageId.nullable().default(null),
  heroImageId: imageId.nullable().default(null),
  heroAlt: alt('Hero photo description'),
  about: text('About', 1500),
  therapistName: text('Therapist’s name', 80),
  therapistText: text('Therapist’s profile', 1500),
  therapistPhotoId: imageId.nullable().default(null),
  gallery: z
    .array(z.object({ imageId, alt: alt('Photo description') }))
    .max(WEBSITE_GALLERY_MAX, `The gallery holds at most ${WEBSITE_GALLERY_MAX} photos.`)
    .default([])
    .refine((items) => new Set(items.map((i) => i.imageId)).size === items.length, 'A photo is in the gallery twice.'),
  /** Shown instead of the hours computed from the diary when set. */
  openingHoursText: text('Opening hours', 500),
  /** Shown instead of the configured area when set. */
  areaText: text('Area', 200),
  /**
   * Off by default: the private (sensual) treatments' pages answer `noindex`, stay out of the sitemap and preview
   * as the business's neutral card. On, they are listed and titled like the therapeutic ones.
   */
  listPrivateTreatments: z.boolean().default(false),
  /**
   * Off by default: search engines read the area only. On, the business's structured data also gives the street
   * address from the business details (for a practice clients visit).
   */
  publishStreetAddress: z.boolean().default(false),
});
export type WebsiteSettingsInput = z.input<typeof websiteSettingsInput>;
export type WebsiteSettings = z.infer<typeof websiteSettingsInput>;

/** What the owner's Website page reads: the settings and each referenced photo's sizes. */
export const websiteAdminSchema = z.object({
  settings: websiteSettingsInput,
  images: z.record(z.string(), websiteImageSchema),
});
export type WebsiteAdmin = z.infer<typeof websiteAdminSchema>;

/** What every visitor gets (in GET /api/config): only what the pages show. */
export const publicWebsiteSchema = z.object({
  brand: z.object({ color: z.string(), shades: z.array(z.string()), primaryShade: z.number(), dark: z.string() }),
  logo: websiteImageSchema.nullable(),
  hero: z.object({ image: websiteImageSchema, alt: z.string() }).nullable(),
  about: z.string(),
  therapist: z.object({ name: z.string(), text: z.string(), photo: websiteImageSchema.nullable() }).nullable(),
  gallery: z.array(z.object({ image: websiteImageSchema, alt: z.string() })),
});
export type PublicWebsite = z.infer<typeof publicWebsiteSchema>;

export function defaultPublicWebsite(): PublicWebsite {
  const palette = brandPalette(DEFAULT_BRAND_COLOR);
  return {
    brand: { color: palette.light, shades: palette.shades, primaryShade: palette.primaryShade, dark: palette.dark },
    logo: null,
    hero: null,
    about: '',
    therapist: null,
    gallery: [],
  };
}
