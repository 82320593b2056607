import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../theme.ts';
import { ConsentBanner } from './consent-banner.tsx';

function renderBanner(analytics: { gaMeasurementId?: string; facebookPixelId?: string; gtmId?: string }) {
  render(
    <MantineProvider env="test" theme={theme}>
      <MemoryRouter>
        <ConsentBanner analytics={analytics} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: removing the test's cookie
  document.cookie = 'cookieConsent=; path=/; max-age=0';
  for (const script of document.head.querySelectorAll('script')) script.remove();
});

describe('cookie consent banner', () => {
  it('is not shown when no analytics or advertising id is configured', () => {
    renderBanner({});
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  it('starts the configured trackers only after the visitor accepts', () => {
    renderBanner({ gaMeasurementId: 'G-TEST', gtmId: 'GTM-TEST' });
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Accept all' }));
    const sources = [...document.head.querySelectorAll('script')].map((script) => script.src);
    expect(sources).toEqual([
      'https://www.googletagmanager.com/gtag/js?id=G-TEST',
      'https://www.googletagmanager.com/gtm.js?id=GTM-TEST',
    ]);
    expect(document.cookie).toContain('cookieConsent=accepted');
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  it('starts nothing when the visitor accepts only necessary cookies', () => {
    renderBanner({ facebookPixelId: '123' });
    fireEvent.click(screen.getByRole('button', { name: 'Only necessary' }));
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
    expect(document.cookie).toContain('cookieConsent=rejected');
  });
});
