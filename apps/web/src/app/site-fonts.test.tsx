// Issue 26: the owner's typefaces reach the site through Mantine's theme, with the device's fonts behind them while
// the files load; the device's own (the default) keeps today's stacks.
import { DEVICE_HEADING_STACK, DEVICE_TEXT_STACK, defaultPublicWebsite, type SiteFonts } from '@app/shared';
import { useMantineTheme } from '@mantine/core';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './providers.tsx';

function ThemeFonts() {
  const theme = useMantineTheme();
  return (
    <dl>
      <dt>Headings</dt>
      <dd data-testid="headings">{theme.headings.fontFamily}</dd>
      <dt>Text</dt>
      <dd data-testid="text">{theme.fontFamily}</dd>
    </dl>
  );
}

function renderWith(fonts: SiteFonts) {
  const queryClient = new QueryClient();
  // Only the website part of the configuration is read by the theme.
  queryClient.setQueryData(['config'], { website: { ...defaultPublicWebsite(), fonts } });
  return render(
    <AppProviders queryClient={queryClient}>
      <ThemeFonts />
    </AppProviders>,
  );
}

describe('the site’s typefaces', () => {
  it('uses the owner’s families first, the device’s behind them, and gives their faces from the site', () => {
    const { container } = renderWith({ heading: 'playfair-display', text: 'source-sans-3' });
    expect(screen.getByTestId('headings').textContent).toBe(`'Playfair Display', ${DEVICE_HEADING_STACK}`);
    expect(screen.getByTestId('text').textContent).toBe(`'Source Sans 3', ${DEVICE_TEXT_STACK}`);
    const faces = [...document.querySelectorAll('style'), ...container.querySelectorAll('style')]
      .map((style) => style.textContent)
      .join('');
    expect(faces).toContain("font-family:'Playfair Display'");
    expect(faces).toContain('src:url(/fonts/playfair-display-latin-600-normal.woff2)');
    expect(faces).toContain('font-display:swap');
  });

  it('keeps the device’s own fonts when the owner has not chosen', () => {
    renderWith({ heading: 'device', text: 'device' });
    expect(screen.getByTestId('headings').textContent).toBe(DEVICE_HEADING_STACK);
    expect(screen.getByTestId('text').textContent).toBe(DEVICE_TEXT_STACK);
  });
});
