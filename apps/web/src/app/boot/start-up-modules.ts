import { DEFAULT_BRAND_COLOR, type PublicConfig } from '@app/shared';
import type { BootModule } from './boot-modules.ts';
import { readConsent, removeTrackerCookies, trackerAllowed } from './consent.ts';
import { loadSession } from './session-load.ts';

const userSession: BootModule = {
  name: 'user session',
  run: () => loadSession(),
};

const addressBarColour: BootModule = {
  name: 'address-bar colour',
  run: () => {
    let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'theme-color';
      document.head.append(meta);
    }
    // THEME_COLOR (theme.ts), named here without the theme's code: the start-up runs before the app loads.
    meta.content = DEFAULT_BRAND_COLOR;
  },
};

type Trackers = typeof import('./trackers.ts');

/**
 * A tracker's module: it starts the tracker when the business configured its id and the visitor accepted cookies.
 * The loaders are fetched then, and only then.
 */
function trackerModule(
  name: string,
  idOf: (analytics: PublicConfig['analytics']) => string | undefined,
  loaderOf: (trackers: Trackers) => (id: string) => void,
): BootModule {
  return {
    name,
    run: async ({ config }) => {
      const id = config ? idOf(config.analytics) : undefined;
      if (trackerAllowed(id)) loaderOf(await import('./trackers.ts'))(id);
    },
  };
}

const usageAnalytics = trackerModule(
  'usage analytics',
  (analytics) => analytics.gaMeasurementId,
  (t) => t.loadGoogleAnalytics,
);

const sessionCookies: BootModule = {
  name: 'session cookies',
  run: () => {
    if (readConsent() === 'rejected') removeTrackerCookies();
  },
};

const adPixel = trackerModule(
  'ad pixel',
  (analytics) => analytics.facebookPixelId,
  (t) => t.loadFacebookPixel,
);

const tagManager = trackerModule(
  'tag manager',
  (analytics) => analytics.gtmId,
  (t) => t.loadTagManager,
);

/** The start-up modules of spec section 4, in the spec's order. */
export const startUpModules: readonly BootModule[] = [
  userSession,
  addressBarColour,
  usageAnalytics,
  sessionCookies,
  adPixel,
  tagManager,
];
