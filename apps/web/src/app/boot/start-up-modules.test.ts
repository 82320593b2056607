// @vitest-environment jsdom
import type { PublicConfig } from '@app/shared';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runBootModules } from './boot-modules.ts';
import { saveConsent } from './consent.ts';
import { startUpModules } from './start-up-modules.ts';

// The user-session module reads the session first: a visitor without one.
beforeEach(() => {
  vi.stubGlobal('fetch', async () => new Response(null, { status: 401 }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  // biome-ignore lint/suspicious/noDocumentCookie: removing the test's cookie
  document.cookie = 'cookieConsent=; path=/; max-age=0';
  for (const script of document.head.querySelectorAll('script')) script.remove();
});

const withAnalytics = (analytics: PublicConfig['analytics']) => ({ analytics }) as PublicConfig;
const trackerScripts = () => [...document.head.querySelectorAll('script')].map((script) => script.src);

describe('the start-up modules', () => {
  it('start a configured tracker once the visitor has accepted cookies, fetching its loader then', async () => {
    saveConsent('accepted');
    const outcome = await runBootModules(startUpModules, {
      queryClient: new QueryClient(),
      config: withAnalytics({ gaMeasurementId: 'G-TEST1', gtmId: 'GTM-TEST2' }),
    });
    expect(outcome).toEqual({ kind: 'mount' });
    expect(trackerScripts()).toEqual([
      'https://www.googletagmanager.com/gtag/js?id=G-TEST1',
      'https://www.googletagmanager.com/gtm.js?id=GTM-TEST2',
    ]);
  });

  it('start none without the visitor’s consent, or without an id', async () => {
    await runBootModules(startUpModules, {
      queryClient: new QueryClient(),
      config: withAnalytics({ gaMeasurementId: 'G-TEST1' }),
    });
    saveConsent('accepted');
    await runBootModules(startUpModules, { queryClient: new QueryClient(), config: withAnalytics({}) });
    expect(trackerScripts()).toEqual([]);
  });
});
