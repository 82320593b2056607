import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { statusColours } from './texts-section.tsx';

/** WCAG's contrast ratio of two #rrggbb colours. */
function contrast(first: string, second: string): number {
  const luminance = (hex: string) => {
    const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => {
      const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('text status badges', () => {
  it('read at WCAG AA in the light scheme: shade 9 text on shade 1, as Mantine draws a light badge', () => {
    for (const [status, colour] of Object.entries(statusColours)) {
      const shades = DEFAULT_THEME.colors[colour];
      expect(shades, status).toBeDefined();
      expect(contrast(shades?.[9] ?? '', shades?.[1] ?? ''), `${status} (${colour})`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
