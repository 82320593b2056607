import type { PublicConfig } from '@app/shared';
import { trackerAllowed } from './consent.ts';

/**
 * The trackers' loaders: fetched only where the business configured a tracker (start-up-modules.ts, the consent
 * banner), so a site without one ships none of this.
 */

type Analytics = PublicConfig['analytics'];
type TrackerWindow = Window & {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  fbq?: ((...args: unknown[]) => void) & { queue?: unknown[]; loaded?: boolean; version?: string };
};

const loaded = new Set<string>();

function addScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.append(script);
}

export function loadGoogleAnalytics(measurementId: string): void {
  if (loaded.has('ga')) return;
  loaded.add('ga');
  const w = window as TrackerWindow;
  w.dataLayer = w.dataLayer ?? [];
  w.gtag = (...args: unknown[]) => {
    w.dataLayer?.push(args);
  };
  w.gtag('js', new Date());
  w.gtag('config', measurementId, { anonymize_ip: true });
  addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`);
}

export function loadFacebookPixel(pixelId: string): void {
  if (loaded.has('pixel')) return;
  loaded.add('pixel');
  const w = window as TrackerWindow;
  const queue: unknown[] = [];
  const fbq = Object.assign((...args: unknown[]) => queue.push(args), { queue, loaded: true, version: '2.0' });
  w.fbq = fbq;
  fbq('init', pixelId);
  fbq('track', 'PageView');
  addScript('https://connect.facebook.net/en_US/fbevents.js');
}

export function loadTagManager(containerId: string): void {
  if (loaded.has('gtm')) return;
  loaded.add('gtm');
  const w = window as TrackerWindow;
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  addScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`);
}

/** After the visitor accepts in the banner, the configured trackers start without a reload. */
export function loadConsentedTrackers(analytics: Analytics): void {
  if (trackerAllowed(analytics.gaMeasurementId)) loadGoogleAnalytics(analytics.gaMeasurementId);
  if (trackerAllowed(analytics.facebookPixelId)) loadFacebookPixel(analytics.facebookPixelId);
  if (trackerAllowed(analytics.gtmId)) loadTagManager(analytics.gtmId);
}
