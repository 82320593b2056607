import { SENSUAL_COOKIE_MAX_AGE_S, SENSUAL_FLAG, sensualAccessAliases } from '@app/shared';
import { useSyncExternalStore } from 'react';

/**
 * The discretion flag of spec section 4: a visitor sees sensual styles only after opening a route that needs
 * sensual access. The cookie is what the server filters GET /api/services by; local storage mirrors it as the
 * spec says. The cookie outlives a release (a new version clears local storage), so either one counts.
 */
const listeners = new Set<() => void>();

// Reading document.cookie is a round trip to the browser's network process, and every render of a page with the
// service list asks several times: one read serves until the running script yields.
let cookieAnswer: boolean | undefined;

/** Keeps `answer` until the running script yields: every answer kept is forgotten then, however it was learnt. */
function rememberCookieAnswer(answer: boolean): boolean {
  if (cookieAnswer === undefined)
    queueMicrotask(() => {
      cookieAnswer = undefined;
    });
  cookieAnswer = answer;
  return answer;
}

function cookieHasFlag(): boolean {
  return (
    cookieAnswer ??
    rememberCookieAnswer(document.cookie.split(';').some((part) => part.trim() === `${SENSUAL_FLAG}=true`))
  );
}

function storageHasFlag(): boolean {
  try {
    return localStorage.getItem(SENSUAL_FLAG) === 'true';
  } catch {
    return false;
  }
}

export function hasSensualFlag(): boolean {
  return storageHasFlag() || cookieHasFlag();
}

export function setSensualFlag(): void {
  const alreadySet = cookieHasFlag() && storageHasFlag();
  // biome-ignore lint/suspicious/noDocumentCookie: the flag must be set synchronously, before the alias redirect runs; the Cookie Store API is async and missing in older Safari
  document.cookie = `${SENSUAL_FLAG}=true; path=/; max-age=${SENSUAL_COOKIE_MAX_AGE_S}; SameSite=Lax`;
  rememberCookieAnswer(true);
  try {
    localStorage.setItem(SENSUAL_FLAG, 'true');
  } catch {
    // Storage can be disabled (private mode); the cookie alone still carries the flag.
  }
  if (!alreadySet) for (const listener of listeners) listener();
}

/**
 * 'Hide private treatments': forgets the flag on this device (cookie and local storage). Opening a sensual link
 * again sets it again, as the spec's redirects do.
 */
export function clearSensualFlag(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the same cookie the flag was set with, expired at once
  document.cookie = `${SENSUAL_FLAG}=; path=/; max-age=0; SameSite=Lax`;
  rememberCookieAnswer(false);
  try {
    localStorage.removeItem(SENSUAL_FLAG);
  } catch {
    // Storage can be disabled; the cookie was the flag then.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSensualFlag(): boolean {
  return useSyncExternalStore(subscribe, hasSensualFlag, () => false);
}

/** Whether opening this address needs sensual access (spec section 4): a sensual alias, or /book?style=sensual. */
export function needsSensualAccess(pathname: string, search: string): boolean {
  // As the router matches: whatever the case, with or without a trailing slash.
  const path = pathname.toLowerCase().replace(/^\/|\/$/g, '');
  if (path === 'book') return new URLSearchParams(search).get('style') === 'sensual';
  return sensualAccessAliases.includes(path);
}
