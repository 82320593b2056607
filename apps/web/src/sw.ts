/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope;

/**
 * The worker precaches the shell so the site opens offline. It waits after installing: the page asks the visitor
 * (the update dialog) and then sends SKIP_WAITING.
 */
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

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
