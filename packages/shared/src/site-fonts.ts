/**
 * The public site's type: a heading family and a text family the owner picks from a short list that suits
 * a spa, or the device's own (the default, today's system fonts). The files come from @fontsource packages the server
 * serves from its own origin (/fonts/…), Latin subset only, in the two weights the site uses; nothing is fetched from
 * anywhere else.
 */

export const DEVICE_FONT = 'device';

export const HEADING_FONTS = ['cormorant-garamond', 'playfair-display', 'lora'] as const;
export const TEXT_FONTS = ['inter', 'source-sans-3', 'nunito-sans'] as const;
export type HeadingFont = (typeof HEADING_FONTS)[number];
export type TextFont = (typeof TEXT_FONTS)[number];
export type SiteFont = HeadingFont | TextFont;

/** The name each family has in CSS (and in the @fontsource package). */
export const SITE_FONT_NAMES: Record<SiteFont, string> = {
  'cormorant-garamond': 'Cormorant Garamond',
  'playfair-display': 'Playfair Display',
  lora: 'Lora',
  inter: 'Inter',
  'source-sans-3': 'Source Sans 3',
  'nunito-sans': 'Nunito Sans',
};

/** Headings are drawn at 600 (theme.ts), text at 400 with 600 for emphasis: only these files exist on the site. */
export const SITE_FONT_WEIGHTS = { heading: [600], text: [400, 600] } as const;

/** Today's stacks, what "the device's own" means, and the fall-backs behind a chosen family while it loads. */
export const DEVICE_HEADING_STACK = "'Iowan Old Style', 'Palatino Linotype', Palatino, 'Book Antiqua', Georgia, serif";
export const DEVICE_TEXT_STACK = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export type SiteFonts = { heading: HeadingFont | typeof DEVICE_FONT; text: TextFont | typeof DEVICE_FONT };

const quoted = (font: SiteFont) => `'${SITE_FONT_NAMES[font]}'`;

/** The CSS font-family of headings and of text: the chosen family first, then the device's own. */
export function siteFontStacks(fonts: SiteFonts): { heading: string; text: string } {
  return {
    heading: fonts.heading === DEVICE_FONT ? DEVICE_HEADING_STACK : `${quoted(fonts.heading)}, ${DEVICE_HEADING_STACK}`,
    text: fonts.text === DEVICE_FONT ? DEVICE_TEXT_STACK : `${quoted(fonts.text)}, ${DEVICE_TEXT_STACK}`,
  };
}

/** A font file's address on the site's own origin. */
export const siteFontFileUrl = (font: SiteFont, weight: number) => `/fonts/${font}-latin-${weight}-normal.woff2`;

/** Every file the chosen families need, heading first (the files the head preloads, in the order used). */
export function siteFontFiles(fonts: SiteFonts): { font: SiteFont; weight: number; url: string }[] {
  const files: { font: SiteFont; weight: number; url: string }[] = [];
  if (fonts.heading !== DEVICE_FONT)
    for (const weight of SITE_FONT_WEIGHTS.heading)
      files.push({ font: fonts.heading, weight, url: siteFontFileUrl(fonts.heading, weight) });
  if (fonts.text !== DEVICE_FONT)
    for (const weight of SITE_FONT_WEIGHTS.text)
      files.push({ font: fonts.text, weight, url: siteFontFileUrl(fonts.text, weight) });
  return files;
}

/** @fontsource's Latin range: a page in another script falls back to the device's fonts for those letters. */
const LATIN_RANGE =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

/** The @font-face rules of the chosen files, shown with a fall-back font until they arrive (`font-display: swap`). */
export function siteFontFaceCss(fonts: SiteFonts): string {
  return siteFontFiles(fonts)
    .map(
      (file) =>
        `@font-face{font-family:${quoted(file.font)};font-style:normal;font-weight:${file.weight};font-display:swap;` +
        `src:url(${file.url}) format('woff2');unicode-range:${LATIN_RANGE}}`,
    )
    .join('');
}
