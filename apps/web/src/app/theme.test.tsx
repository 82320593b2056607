import { DEFAULT_THEME, Loader, MantineProvider, mergeMantineTheme } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme.ts';

/** WCAG's contrast ratio of two colours, each `#rrggbb` or `rgba(r, g, b, a)` (opaque). */
function contrast(first: string, second: string): number {
  const luminance = (colour: string) => {
    const channels = colour.startsWith('#')
      ? [1, 3, 5].map((at) => Number.parseInt(colour.slice(at, at + 2), 16))
      : (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const [r = 0, g = 0, b = 0] = channels.map((value) => {
      const channel = value / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe("the app's theme", () => {
  // Mantine's spinner is a bare span, on which the name it is given would be prohibited (axe aria-prohibited-attr).
  it('makes every spinner a status that a screen reader names', () => {
    render(
      <MantineProvider theme={theme}>
        <Loader aria-label="Loading the bookings" />
      </MantineProvider>,
    );
    expect(screen.getByRole('status', { name: 'Loading the bookings' })).toBeTruthy();
  });

  // A light badge, alert or button draws its text in the colour's light-color on its shade 1 (Mantine 9).
  it('gives every colour but the brand a light variant whose text reads at WCAG AA in the light scheme', () => {
    const full = mergeMantineTheme(DEFAULT_THEME, theme);
    const light = cssVariablesResolver(full).light;
    for (const [name, shades] of Object.entries(full.colors)) {
      if (name === 'brand') continue;
      const text = light[`--mantine-color-${name}-light-color`];
      expect(text, name).toBeDefined();
      expect(contrast(text ?? '', shades[1]), name).toBeGreaterThanOrEqual(4.5);
    }
  });
});
