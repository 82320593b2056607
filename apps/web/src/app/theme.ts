import { brandPalette, DEFAULT_BRAND_COLOR, LOADING_SPINNER_SIZE, type PublicWebsite } from '@app/shared';
import {
  alpha,
  type CSSVariablesResolver,
  createTheme,
  LoadingOverlay,
  type MantineColorShade,
  type MantineColorsTuple,
} from '@mantine/core';

/** The calm default brand (deep sage): white text on it passes WCAG AA; the address-bar colour of the installed app. */
export const THEME_COLOR = DEFAULT_BRAND_COLOR;

/** Headings in a book face the device already has (nothing fetched); also in global.css for the first paint. */
const headingFont = "'Iowan Old Style', 'Palatino Linotype', Palatino, 'Book Antiqua', Georgia, serif";

type Brand = PublicWebsite['brand'];

/**
 * The whole look in one place: the owner's brand colour as a ten-shade palette (its primary shade carries white text
 * in both schemes; links in the dark scheme use shade 4, which reads on the dark page), a warm neutral for surfaces,
 * and a type scale with serif headings.
 */
export function themeFor(brand?: Brand) {
  const palette =
    brand ??
    (() => {
      const p = brandPalette(DEFAULT_BRAND_COLOR);
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
      // A warm sand for quiet surfaces (hero, cards' wash); its 7–9 read as text on white.
      sand: [
        '#faf7f2',
        '#f3ede3',
        '#e8dfd0',
        '#d9ccb7',
        '#c4b399',
        '#a8957a',
        '#8a7a62',
        '#6b5f4c',
        '#4d4537',
        '#332e25',
      ],
    },
    defaultRadius: 'md',
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    headings: {
      fontFamily: headingFont,
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
      LoadingOverlay: LoadingOverlay.extend({
        defaultProps: { loaderProps: { size: LOADING_SPINNER_SIZE }, zIndex: 1000 },
      }),
    },
  });
}

export const theme = themeFor();

/** Surfaces that follow the scheme: a warm wash in light, a lifted grey in dark. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--app-surface': t.colors.sand?.[0] ?? '#faf7f2',
    '--app-surface-strong': t.colors.sand?.[1] ?? '#f3ede3',
    '--app-border': t.colors.sand?.[2] ?? '#e8dfd0',
    '--app-brand-text': 'var(--mantine-primary-color-filled)',
    '--app-muted': t.colors.sand?.[7] ?? '#6b5f4c',
    // Mantine's dimmed grey is under 4.5:1 on white; this warm grey passes on white and on the sand surface.
    '--mantine-color-dimmed': t.colors.sand?.[7] ?? '#6b5f4c',
  },
  dark: {
    '--app-surface': t.colors.dark[6] ?? '#2e2e2e',
    '--app-surface-strong': t.colors.dark[5] ?? '#3b3b3b',
    '--app-border': t.colors.dark[4] ?? '#424242',
    '--app-brand-text': String(t.other.brandOnDark ?? 'var(--mantine-color-brand-4)'),
    '--app-muted': t.colors.dark[1] ?? '#b8b8b8',
    // Light buttons in the dark: a veil of the brand over the page (Mantine's darkened shade 9 is nearly black).
    '--mantine-color-brand-light': alpha(t.colors.brand?.[4] ?? '#69aa98', 0.16),
    '--mantine-color-brand-light-hover': alpha(t.colors.brand?.[4] ?? '#69aa98', 0.24),
    // Mantine's dark dimmed (dark-2) is under 4.5:1 on the dark body.
    '--mantine-color-dimmed': t.colors.dark[1] ?? '#b8b8b8',
  },
});
