import type { PublicConfig } from '@app/shared';
import { THEME_COLOR } from '../theme.ts';
import type { BootModule } from './boot-modules.ts';
import { readConsent, removeTrackerCookies } from './consent.ts';
import { loadSession } from './session-load.ts';
import { loadFacebookPixel, loadGoogleAnalytics, loadTagManager, trackerAllowed } from './trackers.ts';

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
    meta.content = THEME_COLOR;
  },
};

/** A tracker's module: it starts the tracker when the business configured its id and the visitor accepted cookies. */
function trackerModule(
  name: string,
  idOf: (analytics: PublicConfig['analytics']) => string | undefined,
  load: (id: string) => void,
): BootModule {
  return {
    name,
    run: ({ config }) => {
      const id = config ? idOf(config.analytics) : undefined;
      if (trackerAllowed(id)) load(id);
    },
  };
}

const usageAnalytics = trackerModule('usage analytics', (analytics) => analytics.gaMeasurementId, loadGoogleAnalytics);

const sessionCookies: BootModule = {
  name: 'session cookies',
  run: () => {
    if (readConsent() === 'rejected') removeTrackerCookies();
  },
};

const adPixel = trackerModule('ad pixel', (analytics) => analytics.facebookPixelId, loadFacebookPixel);

const tagManager = trackerModule('tag manager', (analytics) => analytics.gtmId, loadTagManager);

/** The start-up modules of spec section 4, in the spec's order. */
export const startUpModules: readonly BootModule[] = [
  userSession,
  addressBarColour,
  usageAnalytics,
  sessionCookies,
  adPixel,
  tagManager,
];
