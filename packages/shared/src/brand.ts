/**
 * The pure part of the business's look (no zod), small enough for the public pages' first script: the default palette
 * and the photos' addresses. The palette maths are in brand-palette.ts, the schemas in website.ts.
 */
// ---------------------------------------------------------------------------------------------
// Brand colour: the owner picks one; the site derives a palette whose shades pass WCAG AA in both schemes.

/** The calm default: a deep sage, white text on it passes AA. */
export const DEFAULT_BRAND_COLOR = '#3d6b5e';

export const hexPattern = /^#[0-9a-fA-F]{6}$/;

export const hexColorMessage = 'Enter the colour as # and six hexadecimal digits, for example #3d6b5e.';
export function isHexColor(value: string): boolean {
  return hexPattern.test(value.trim());
}

export type BrandPalette = {
  /** Ten shades for Mantine, lightest first. */
  shades: string[];
  /** The shade of buttons and links on a light page (white text on it passes AA). */
  primaryShade: number;
  /** The brand as text and filled colour on a light page. */
  light: string;
  /** The brand as text on a dark page (shade 4). */
  dark: string;
};

/**
 * brandPalette(DEFAULT_BRAND_COLOR), written out: the first render's theme needs it before the configuration
 * arrives, and the palette maths then stays out of the public pages' first script (brand.test.ts keeps them equal).
 */
export const DEFAULT_BRAND_PALETTE: BrandPalette = {
  shades: [
    '#eef6f3',
    '#d8e9e4',
    '#b6d5cd',
    '#91c1b3',
    '#69aa98',
    '#559482',
    '#477c6d',
    '#3d6b5e',
    '#32574c',
    '#27443c',
  ],
  primaryShade: 7,
  light: '#3d6b5e',
  dark: '#69aa98',
};

// ---------------------------------------------------------------------------------------------
// Images: every upload is resized into these widths and formats.

export const WEBSITE_IMAGE_WIDTHS = [480, 960, 1600] as const;
export const WEBSITE_IMAGE_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type WebsiteImageFormat = (typeof WEBSITE_IMAGE_FORMATS)[number];
export const WEBSITE_GALLERY_MAX = 12;
export const websiteImageMessage = 'Only photos can be used on the website: JPEG, PNG, WebP, HEIC, AVIF or GIF.';

/** Public address of one size of a photo: immutable, since a new upload gets a new id. */
export function websiteImageUrl(id: string, width: number, format: WebsiteImageFormat): string {
  return `/api/website/images/${id}/${width}.${format === 'jpeg' ? 'jpg' : format}`;
}

export function websiteImageSrcSet(image: { id: string; widths: number[] }, format: WebsiteImageFormat): string {
  return image.widths.map((w) => `${websiteImageUrl(image.id, w, format)} ${w}w`).join(', ');
}
