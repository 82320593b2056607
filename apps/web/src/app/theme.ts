import {
  DEFAULT_BRAND_COLOR,
  DEFAULT_BRAND_PALETTE,
  DEVICE_FONT,
  type PublicWebsite,
  type SiteFonts,
  siteFontStacks,
} from '@app/shared';
import {
  alpha,
  type CSSVariablesResolver,
  createTheme,
  darken,
  type MantineColorShade,
  type MantineColorsTuple,
  type MantineTheme,
} from '@mantine/core';

/** The calm default brand (deep sage): white text on it passes WCAG AA; the address-bar colour of the installed app. */
export const THEME_COLOR = DEFAULT_BRAND_COLOR;

type Brand = PublicWebsite['brand'];

/**
 * The whole look in one place: the owner's brand colour as a ten-shade palette (its primary shade carries white text
 * in both schemes; links in the dark scheme use shade 4, which reads on the dark page) and a type scale with serif
 * headings. The warm neutral surfaces are in global.css.
 */
export function themeFor(brand?: Brand, fonts: SiteFonts = { heading: DEVICE_FONT, text: DEVICE_FONT }) {
  // The owner's typefaces (served by the site, their @font-face in the head and in providers.tsx) before the
  // device's own: headings in a book face the device already has, text in its system face (also in global.css).
  const stacks = siteFontStacks(fonts);
  const palette =
    brand ??
    (() => {
      const p = DEFAULT_BRAND_PALETTE;
      return { color: p.light, shades: p.shades, primaryShade: p.primaryShade, dark: p.dark };
    })();
  return createTheme({
    primaryColor: 'brand',
    primaryShade: {
      light: palette.primaryShade as MantineColorShade,
      dark: palette.primaryShade as MantineColorShade,
    },
    colors: {
      brand: palette.shades as unknown as MantineColorsTuple,
    },
    defaultRadius: 'md',
    fontFamily: stacks.text,
    headings: {
      fontFamily: stacks.heading,
      fontWeight: '600',
      sizes: {
        h1: { fontSize: 'clamp(2rem, 1.4rem + 2.6vw, 3.25rem)', lineHeight: '1.12' },
        h2: { fontSize: 'clamp(1.5rem, 1.2rem + 1.3vw, 2.125rem)', lineHeight: '1.2' },
        h3: { fontSize: '1.375rem', lineHeight: '1.3' },
        h4: { fontSize: '1.125rem', lineHeight: '1.35' },
      },
    },
    other: { brandOnDark: palette.dark },
    components: {
      // A list (Select's and the like) lines up with its field's left edge from the first frame. Centred under the
      // field, it is placed before it takes the field's width, reaches past the right edge of a phone for a frame,
      // and the phone widens the page to fit it: the field moves, the list hides, the page narrows, and it flickers
      // for as long as it is open (seen at 375 px in the diary's "Block this time" form).
      // A plain object, not `Combobox.extend(...)` (which only types it): importing Combobox here would put it,
      // Popover and floating-ui in the public pages' first script (decision 026).
      Combobox: { defaultProps: { position: 'bottom-start' } },
      // Every notification's close button says what it does (axe `button-name`: Mantine's is an unnamed icon).
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } },
      // A spinner is a status, so the name it is given ("Loading the bookings") is allowed: on Mantine's bare span an
      // aria-label is prohibited (axe `aria-prohibited-attr`), seen only by a check that ran while something loaded.
      Loader: { defaultProps: { role: 'status' } },
    },
  });
}

export const theme = themeFor();

/**
 * Every colour but the brand's keeps shade 9 for filled buttons and outlines, as before the brand came in: the
 * primary shade follows the brand (often 6 or 7), and Mantine applies it to every colour, so a red "Cancel booking"
 * would carry white text on red 6 (3.3:1, under WCAG AA).
 */
function readableShades(t: MantineTheme, scheme: 'light' | 'dark'): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const name of Object.keys(t.colors)) {
    if (name === 'brand') continue;
    variables[`--mantine-color-${name}-filled`] = `var(--mantine-color-${name}-9)`;
    variables[`--mantine-color-${name}-filled-hover`] = `var(--mantine-color-${name}-8)`;
    variables[`--mantine-color-${name}-outline`] = `var(--mantine-color-${name}-${scheme === 'light' ? 9 : 5})`;
    // Light badges, alerts and buttons draw shade 9 on shade 1: under AA for teal, green, lime, orange and yellow
    // (2.7–4.3:1). Shade 9 darkened by 30 % reads at 5:1 or more on every colour.
    const darkest = t.colors[name]?.[9];
    if (scheme === 'light' && darkest) variables[`--mantine-color-${name}-light-color`] = darken(darkest, 0.3);
  }
  return variables;
}

/**
 * What depends on the brand: its text colour in each scheme and, in the dark, a veil of it for light buttons
 * (Mantine's darkened shade 9 is nearly black). The surfaces and neutral text colours are in global.css.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    ...readableShades(t, 'light'),
    '--app-brand-text': 'var(--mantine-primary-color-filled)',
    // Mantine's red 6 for field errors reads too faint on white (axe, WCAG AA): red 9 passes, in the text and the message.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {
    ...readableShades(t, 'dark'),
    '--app-brand-text': String(t.other.brandOnDark ?? 'var(--mantine-color-brand-4)'),
    '--mantine-color-brand-light': alpha(t.colors.brand?.[4] ?? '#69aa98', 0.16),
    '--mantine-color-brand-light-hover': alpha(t.colors.brand?.[4] ?? '#69aa98', 0.24),
  },
});
