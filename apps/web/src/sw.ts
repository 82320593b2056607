/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope;

/**
 * The worker precaches the public shell (the entry, / and /book: vite.config.ts `publicShell`) so the site opens
 * offline; every other hashed chunk (the client's other pages, the back office) is kept when it is first used. It waits after installing: the page asks the visitor
 * (the update dialog) and then sends SKIP_WAITING.
 */
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Hashed files never change: once fetched they are served from the cache. A new release's worker starts the cache
// afresh (its chunks have new names), so chunks of old releases do not pile up.
const RUNTIME_ASSETS = 'assets-runtime';
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: RUNTIME_ASSETS }),
);
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.delete(RUNTIME_ASSETS));
});

// Any page of the app is the same index.html; the API and the version file always go to the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/version\.json/, /^\/sw\.js/],
  }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === 'GET_VERSION') {
    event.ports[0]?.postMessage({ version: __APP_VERSION__ });
  } else if (type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

clientsClaim();
