import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND_COLOR, DEFAULT_BRAND_PALETTE } from './brand.ts';
import { brandPalette, contrastRatio } from './brand-palette.ts';

describe('the brand palette', () => {
  it('is written out for the default colour exactly as computed', () => {
    expect(DEFAULT_BRAND_PALETTE).toEqual(brandPalette(DEFAULT_BRAND_COLOR));
  });

  it('gives a pale colour a primary shade white text reads on, and a dark-scheme shade that reads on the dark page', () => {
    const pink = brandPalette('#f4c2c2');
    expect(contrastRatio(pink.light, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(pink.dark, '#242424')).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the owner’s own colour when white text already reads on it', () => {
    expect(brandPalette('#7A3E6B').light).toBe('#7a3e6b');
  });
});
