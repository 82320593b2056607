/** Constants of spec section 9, kept literally. */
export const SW_UPDATE_INTERVAL_MS = 3600 * 1000;
export const SW_SCOPE = '/';
export const BASE_PATH = '/';
export const WORKER_VERSION_TIMEOUT_MS = 3000;
export const RELOAD_DELAY_MS = 1000;
export const UPDATE_DIALOG_MIN_WIDTH = 350;
export const SENSUAL_COOKIE_MAX_AGE_S = 315360000;
export const SENSUAL_FLAG = 'showSensual';
export const APP_VERSION_KEY = 'app-version';
export const NOTIFICATION_TIMEOUT_MS = 5000;
export const NOTIFICATION_POSITION = 'bottom-center';
export const LOADING_DELAY_MS = 0;
export const LOADING_SPINNER_SIZE = 80;
export const PAGE_TITLE_DEBOUNCE_MS = 50;

/** Texts of the update dialog (spec section 2), verbatim. */
export const UPDATE_DIALOG_TEXT = {
  title: 'New Version Available',
  body: 'A new version of our webapp is available with the latest features and improvements.',
  bullets: ['Improved performance', 'Bug fixes', 'New features'],
  button: 'Update Now',
  updating: 'Updating to new version...',
} as const;
