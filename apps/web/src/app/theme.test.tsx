import { contrastRatio } from '@app/shared';
import { DEFAULT_THEME, Loader, MantineProvider, mergeMantineTheme } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme.ts';

/** `rgba(r, g, b, 1)`, as Mantine's darken writes a colour, as `#rrggbb`. */
const hexOf = (rgba: string) =>
  `#${(rgba.match(/\d+/g) ?? [])
    .slice(0, 3)
    .map((channel) => Number(channel).toString(16).padStart(2, '0'))
    .join('')}`;

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
      expect(contrastRatio(hexOf(text ?? ''), shades[1]), name).toBeGreaterThanOrEqual(4.5);
    }
  });
});
