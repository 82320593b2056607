/**
 * The brand colour's maths: the palette whose shades pass WCAG AA in both schemes, and the contrast ratio. Used by
 * the server (GET /api/config sends the shades) and the owner's Website page; never by the public pages' first script.
 */
import { type BrandPalette, DEFAULT_BRAND_COLOR, hexPattern } from './brand.ts';

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function hexOf([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** WCAG relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function hslOf(hex: string): [number, number, number] {
  const [r, g, b] = rgbOf(hex).map((c) => c / 255) as Rgb;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h / 6, s, l];
}

function hexOfHsl(h: number, s: number, l: number): string {
  if (s === 0) return hexOf([l * 255, l * 255, l * 255]);
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t0: number) => {
    const t = t0 < 0 ? t0 + 1 : t0 > 1 ? t0 - 1 : t0;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return hexOf([channel(h + 1 / 3) * 255, channel(h) * 255, channel(h - 1 / 3) * 255]);
}

/** The colour of the brand's hue and saturation whose luminance is closest to the target. */
function withLuminance(hex: string, target: number): string {
  const [h, s] = hslOf(hex);
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 24; i++) {
    const mid = (lo + hi) / 2;
    if (luminance(hexOfHsl(h, s, mid)) < target) lo = mid;
    else hi = mid;
  }
  return hexOfHsl(h, s, (lo + hi) / 2);
}

/** Mantine's dark body (dark-7), on which dark-scheme text in the brand colour must read. */
export const DARK_BODY = '#242424';
const AA = 4.5;
/** Relative luminance of shades 0–9, lightest first: 4 reads on the dark body, 6–9 carry white text. */
const shadeLuminance = [0.9, 0.78, 0.62, 0.47, 0.34, 0.25, 0.17, 0.12, 0.08, 0.05];

/**
 * Ten shades of the brand's hue. When the owner's colour itself carries white text (AA), it is the primary shade as
 * picked; a colour too light for that is replaced by the nearest darker shade that passes.
 */
export function brandPalette(color: string): BrandPalette {
  // No zod here: the public pages' first script computes the palette and must stay small.
  const hex = (hexPattern.test(color.trim()) ? color.trim() : DEFAULT_BRAND_COLOR).toLowerCase();
  const shades = shadeLuminance.map((target) => withLuminance(hex, target));
  let primaryShade = 6;
  if (contrastRatio(hex, '#ffffff') >= AA) {
    const own = luminance(hex);
    primaryShade = 6;
    for (let i = 6; i <= 9; i++)
      if (Math.abs((shadeLuminance[i] ?? 0) - own) < Math.abs((shadeLuminance[primaryShade] ?? 0) - own))
        primaryShade = i;
    shades[primaryShade] = hex;
  }
  return { shades, primaryShade, light: shades[primaryShade] ?? hex, dark: shades[4] ?? hex };
}
