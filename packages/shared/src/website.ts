import { z } from 'zod';
import { DEFAULT_BRAND_COLOR, hexColorMessage, hexPattern, WEBSITE_GALLERY_MAX } from './brand.ts';
import { brandPalette } from './brand-palette.ts';
import { HOME_WORDS, type HomeWords } from './home-words.ts';
import { DEVICE_FONT, HEADING_FONTS, TEXT_FONTS } from './site-fonts.ts';

/** The site's type (site-fonts.ts): a listed family, or the device's own. */
const headingFontChoice = z.enum([DEVICE_FONT, ...HEADING_FONTS], {
  message: 'Headings: choose one of the listed typefaces or the device’s own.',
});
const textFontChoice = z.enum([DEVICE_FONT, ...TEXT_FONTS], {
  message: 'Text: choose one of the listed typefaces or the device’s own.',
});

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

const focus = (axis: string) =>
  z
    .number({ message: `Focal point ${axis}: 0 to 100.` })
    .int(`Focal point ${axis}: 0 to 100.`)
    .min(0, `Focal point ${axis}: 0 to 100.`)
    .max(100, `Focal point ${axis}: 0 to 100.`)
    .default(50);

const homeStep = z.object({ title: text('Step title', 60), text: text('Step text', 200) });

export const websiteSettingsInput = z.object({
  brandColor: hexColorSchema.nullable().default(null),
  logoId: imageId.nullable().default(null),
  heroImageId: imageId.nullable().default(null),
  heroAlt: alt('Hero photo description'),
  /** Where the cover photo is cropped around, in percent across and down (the middle by default). */
  heroFocusX: focus('across'),
  heroFocusY: focus('down'),
  about: text('About', 1500),
  therapistName: text('Therapist’s name', 80),
  therapistText: text('Therapist’s profile', 1500),
  therapistPhotoId: imageId.nullable().default(null),
  /** "MTI-accredited, Level 4 sports massage": what the card lists under the name. */
  therapistQualifications: text('Qualifications', 200),
  therapistYears: z
    .number({ message: 'Years of practice: a whole number.' })
    .int('Years of practice: a whole number.')
    .min(0, 'Years of practice: 0 to 60.')
    .max(60, 'Years of practice: 0 to 60.')
    .nullable()
    .default(null),
  /** The home page's words; an empty one shows the product's own (HOME_WORDS). */
  headline: text('Headline', 80),
  intro: text('Introduction', 400),
  steps: z.array(homeStep).max(3, 'At most three steps.').default([]),
  callToAction: text('Call to action', 30),
  gallery: z
    .array(z.object({ imageId, alt: alt('Photo description') }))
    .max(WEBSITE_GALLERY_MAX, `The gallery holds at most ${WEBSITE_GALLERY_MAX} photos.`)
    .default([])
    .refine((items) => new Set(items.map((i) => i.imageId)).size === items.length, 'A photo is in the gallery twice.'),
  /** Shown instead of the hours computed from the diary when set. */
  openingHoursText: text('Opening hours', 500),
  /** Shown instead of the configured area when set. */
  areaText: text('Area', 200),
  /** A map of the area the owner uploads (no outside tile server), and a link that opens the maps app. */
  mapImageId: imageId.nullable().default(null),
  mapsLink: z
    .string()
    .trim()
    .max(500, 'Maps link: at most 500 characters.')
    .refine(
      (value) => value === '' || /^https:\/\/\S+$/.test(value),
      'Paste the https:// link of your maps app’s page.',
    )
    .default(''),
  /** The site's type (site-fonts.ts): the device's own unless the owner picks a family from the list. */
  headingFont: headingFontChoice.default(DEVICE_FONT),
  textFont: textFontChoice.default(DEVICE_FONT),
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
  hero: z
    .object({
      image: websiteImageSchema,
      alt: z.string(),
      focus: z.object({ x: z.number(), y: z.number() }).default({ x: 50, y: 50 }),
    })
    .nullable(),
  about: z.string(),
  therapist: z
    .object({
      name: z.string(),
      text: z.string(),
      photo: websiteImageSchema.nullable(),
      qualifications: z.string().default(''),
      years: z.number().nullable().default(null),
    })
    .nullable(),
  words: z
    .object({
      headline: z.string(),
      intro: z.string(),
      steps: z.array(z.object({ title: z.string(), text: z.string() })),
      callToAction: z.string(),
    })
    .default(() => homeWordsOf({})),
  gallery: z.array(z.object({ image: websiteImageSchema, alt: z.string() })),
  map: z.object({ image: websiteImageSchema.nullable(), link: z.string() }).nullable().default(null),
  fonts: z
    .object({ heading: headingFontChoice, text: textFontChoice })
    .default({ heading: DEVICE_FONT, text: DEVICE_FONT }),
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
    map: null,
    fonts: { heading: DEVICE_FONT, text: DEVICE_FONT },
    words: homeWordsOf({}),
  };
}

/** The owner's words where written, the product's where not: each field, and each of the three steps, on its own. */
export function homeWordsOf(
  settings: Partial<Pick<WebsiteSettings, 'headline' | 'intro' | 'steps' | 'callToAction'>>,
): HomeWords {
  return {
    headline: settings.headline || HOME_WORDS.headline,
    intro: settings.intro || HOME_WORDS.intro,
    steps: HOME_WORDS.steps.map((step, index) => {
      const own = settings.steps?.[index];
      return { title: own?.title || step.title, text: own?.text || step.text };
    }),
    callToAction: settings.callToAction || HOME_WORDS.callToAction,
  };
}
