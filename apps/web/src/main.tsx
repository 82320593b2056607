import '@app/shared/parse-without-eval';
import './lib/styles/shell-styles.ts';
import './app/global.css';
import { runBootModules } from './app/boot/boot-modules.ts';
import { rewriteLegacyHashUrl } from './app/boot/legacy-hash.ts';
import { registerServiceWorker } from './app/boot/service-worker.ts';
import { loadSession } from './app/boot/session-load.ts';
import { startUpModules } from './app/boot/start-up-modules.ts';
import { checkAppVersion } from './app/boot/version-check.ts';
import { listenForUpdates, whenUpdatePending } from './app/update/update-store.ts';
import { servicesQuery } from './lib/catalog/api.ts';
import { hasSensualFlag, needsSensualAccess, setSensualFlag } from './lib/catalog/sensual-flag.ts';
import { configQuery } from './lib/config/api.ts';
import { setPageTitle, setTitleSuffix } from './lib/page-title.ts';
import { createQueryClient } from './lib/query-client.ts';

/**
 * A lazy chunk of a replaced release can be gone from the server (and, after a version change, from the caches
 * too). Reloading once fetches the current release; the guard stops a loop if the chunk is missing for good.
 */
function reloadOnMissingChunk(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const key = 'chunk-reload-at';
    const last = Number(sessionStorage.getItem(key) ?? 0);
    if (Date.now() - last < 10_000) return;
    event.preventDefault();
    sessionStorage.setItem(key, String(Date.now()));
    window.location.reload();
  });
}

/**
 * Lets the browser run other tasks (input, paint) before going on. Lighthouse counts every task over 50 ms as
 * blocking; evaluating the bundle, starting the requests, mounting and rendering are each long enough on a phone.
 */
function yieldToMain(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The app itself (mount.tsx), with home's code on `/` so that the first render draws it at once; on home as the
 * server drew it, with all of home's parts, so that React takes the whole page over in one pass.
 */
async function loadApp({ hydrating = false }: { hydrating?: boolean } = {}) {
  const app = await import('./app/mount.tsx');
  // Should home's code fail to load, its route fetches it again as any lazy screen does.
  if (window.location.pathname === '/') await app.preloadHome({ withParts: hydrating }).catch(() => undefined);
  return app;
}

/**
 * On home as the server rendered it, the app waits for the visitor: their first interaction (start-on-interaction.js
 * marks it), or an update to show (spec: the dialog appears over any page).
 */
function visitorNeedsApp(): Promise<void> {
  return new Promise((resolve) => {
    if (document.documentElement.hasAttribute('data-interacted')) resolve();
    document.addEventListener('interacted', () => resolve(), { once: true });
    void whenUpdatePending().then(resolve);
  });
}

/** Start-up of spec section 4, in its order. */
async function boot(): Promise<void> {
  rewriteLegacyHashUrl();
  // A sensual link sets the flag before anything reads it: the treatments fetched below include those it shows.
  if (needsSensualAccess(window.location.pathname, window.location.search)) setSensualFlag();
  reloadOnMissingChunk();
  const queryClient = createQueryClient();
  // Home as the server rendered it (decision 100) starts from the data it was drawn with, so the app draws the same
  // page; the code that reads it comes with home's. Not where the address has changed since (an old hash bookmark,
  // rewritten above): that page is drawn afresh.
  const { pathname, search } = window.location;
  const rendered = document.getElementById('q-app')?.dataset.rendered === 'home' && pathname === '/' && !search;
  const home = rendered ? await import('./features/home/home-data.ts') : null;
  if (home) {
    const data = home.seedFromPage(queryClient);
    // The tab shows home's title from now on, as the app gives it once it has started.
    setPageTitle(home.HOME_TITLE);
    if (data) setTitleSuffix(data.config.businessName);
  }
  // Elsewhere the app's code is fetched at once, beside the start-up's requests.
  const appCode = rendered ? null : loadApp();
  // The network answers the modules need are requested at once, in parallel with the version check; the steps
  // themselves still run in the spec's order.
  const config = queryClient.fetchQuery(configQuery).catch((error: unknown) => {
    console.error('Backend initialisation failed', error);
    return null;
  });
  void loadSession();
  // Home's prices arrive with the first render instead of pushing the page down a moment later.
  const services = queryClient.prefetchQuery(servicesQuery(hasSensualFlag()));

  await checkAppVersion();
  listenForUpdates();
  registerServiceWorker();

  const outcome = await runBootModules(startUpModules, { queryClient, config: await config });
  await services;
  if (outcome.kind === 'redirect') {
    window.location.assign(outcome.url);
    return;
  }
  if (outcome.kind === 'failed') {
    console.error('Boot error', outcome.error);
    // The app will not start: a click held on the server's page (start-on-interaction.js) goes through as on a page
    // without scripts, so a link still navigates.
    if (home) document.dispatchEvent(new Event(home.HOME_LIVE_EVENT));
    return;
  }
  const app = await (appCode ?? visitorNeedsApp().then(() => loadApp({ hydrating: true })));
  await yieldToMain();
  app.mountApp(queryClient, { hydrate: rendered });
}

// The bundle's own evaluation is one long task already; the start-up requests go out in the next one.
setTimeout(() => void boot(), 0);
