import { SW_SCOPE, SW_UPDATE_INTERVAL_MS } from '@app/shared';

export const SW_UPDATED_EVENT = 'swUpdated';

const isLocalhost = () => ['localhost', '127.0.0.1', '[::1]'].includes(window.location.hostname);

function announceUpdate(registration: ServiceWorkerRegistration): void {
  document.dispatchEvent(new CustomEvent(SW_UPDATED_EVENT, { detail: registration }));
}

function watchForUpdates(registration: ServiceWorkerRegistration): void {
  // A worker already waiting from an earlier visit is an update pending as much as a fresh one.
  if (registration.waiting && navigator.serviceWorker.controller) announceUpdate(registration);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    if (!worker) return;
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) announceUpdate(registration);
    });
  });
  const checkForUpdate = () => {
    registration.update().catch((error: unknown) => console.warn('Service worker update check failed', error));
  };
  checkForUpdate();
  window.setInterval(checkForUpdate, SW_UPDATE_INTERVAL_MS);
}

async function registerValidWorker(url: string): Promise<void> {
  try {
    const registration = await navigator.serviceWorker.register(url, { scope: SW_SCOPE });
    watchForUpdates(registration);
  } catch (error) {
    console.error('Service worker registration failed', error);
  }
}

/**
 * On localhost a stale worker from another project must not take the origin over: check the file first. The status
 * and content type are all the check reads, so it asks for the headers alone (HEAD); registering fetches the script.
 */
async function checkWorkerThenRegister(url: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'HEAD', headers: { 'Service-Worker': 'script' }, cache: 'no-store' });
  } catch (error) {
    console.warn('No internet connection found; the app runs offline', error);
    return;
  }
  const contentType = response.headers.get('content-type') ?? '';
  if (response.status === 404 || !contentType.includes('javascript')) {
    console.warn('Service worker not found or not JavaScript; unregistering', response.status, contentType);
    const registration = await navigator.serviceWorker.getRegistration(SW_SCOPE);
    await registration?.unregister();
    return;
  }
  await registerValidWorker(url);
}

/** Start-up step 4 (spec section 4). Registration waits for the load event so it never competes with the page. */
export function registerServiceWorker(url = '/sw.js'): void {
  if (!('serviceWorker' in navigator)) return;
  const start = () => void (isLocalhost() ? checkWorkerThenRegister(url) : registerValidWorker(url));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
