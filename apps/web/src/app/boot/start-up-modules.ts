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

const usageAnalytics: BootModule = {
  name: 'usage analytics',
  run: ({ config }) => {
    const id = config?.analytics.gaMeasurementId;
    if (trackerAllowed(id)) loadGoogleAnalytics(id);
  },
};

const sessionCookies: BootModule = {
  name: 'session cookies',
  run: () => {
    if (readConsent() === 'rejected') removeTrackerCookies();
  },
};

const adPixel: BootModule = {
  name: 'ad pixel',
  run: ({ config }) => {
    const id = config?.analytics.facebookPixelId;
    if (trackerAllowed(id)) loadFacebookPixel(id);
  },
};

const tagManager: BootModule = {
  name: 'tag manager',
  run: ({ config }) => {
    const id = config?.analytics.gtmId;
    if (trackerAllowed(id)) loadTagManager(id);
  },
};

/** The start-up modules of spec section 4, in the spec's order. */
export const startUpModules: readonly BootModule[] = [
  userSession,
  addressBarColour,
  usageAnalytics,
  sessionCookies,
  adPixel,
  tagManager,
];
