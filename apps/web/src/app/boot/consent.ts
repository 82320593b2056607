import type { PublicConfig } from '@app/shared';
import { useSyncExternalStore } from 'react';

/** The visitor's answer to the cookie banner, kept in a cookie so a new release (which clears storage) keeps it. */
export type Consent = 'accepted' | 'rejected';

const CONSENT_COOKIE = 'cookieConsent';
const CONSENT_MAX_AGE_S = 365 * 24 * 3600;
const listeners = new Set<() => void>();

export function readConsent(): Consent | null {
  for (const part of document.cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === CONSENT_COOKIE && (value === 'accepted' || value === 'rejected')) return value;
  }
  return null;
}

/** Trackers run only when the business configured their id and the visitor accepted cookies. */
export function trackerAllowed(id: string | undefined): id is string {
  return Boolean(id) && readConsent() === 'accepted';
}

/** The banner asks only when the business configured an analytics or advertising id. */
export function anyTrackerConfigured(analytics: PublicConfig['analytics']): boolean {
  return Boolean(analytics.gaMeasurementId || analytics.facebookPixelId || analytics.gtmId);
}

export function saveConsent(consent: Consent): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing in older Safari; these are plain first-party cookies
  document.cookie = `${CONSENT_COOKIE}=${consent}; path=/; max-age=${CONSENT_MAX_AGE_S}; SameSite=Lax`;
  for (const listener of listeners) listener();
}

export function useConsent(): Consent | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readConsent,
    () => null,
  );
}

/** Cookies the optional trackers leave behind; removed when the visitor says no. */
const trackerCookiePrefixes = ['_ga', '_gid', '_gat', '_fbp', '_fbc', '_gcl'];

export function removeTrackerCookies(): void {
  const host = window.location.hostname;
  const parentDomain = host.split('.').slice(-2).join('.');
  for (const part of document.cookie.split(';')) {
    const name = part.trim().split('=')[0] ?? '';
    if (!trackerCookiePrefixes.some((prefix) => name.startsWith(prefix))) continue;
    for (const domain of ['', `; domain=${host}`, `; domain=.${parentDomain}`]) {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing in older Safari; these are plain first-party cookies
      document.cookie = `${name}=; path=/; max-age=0${domain}`;
    }
  }
}
