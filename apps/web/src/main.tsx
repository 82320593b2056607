import '@app/shared/parse-without-eval';
import './lib/styles/shell-styles.ts';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { runBootModules } from './app/boot/boot-modules.ts';
import { rewriteLegacyHashUrl } from './app/boot/legacy-hash.ts';
import { registerServiceWorker } from './app/boot/service-worker.ts';
import { loadSession } from './app/boot/session-load.ts';
import { startUpModules } from './app/boot/start-up-modules.ts';
import { checkAppVersion } from './app/boot/version-check.ts';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes, preloadHome } from './app/router.tsx';
import { listenForUpdates } from './app/update/update-store.ts';
import { servicesQuery } from './lib/catalog/api.ts';
import { hasSensualFlag, needsSensualAccess, setSensualFlag } from './lib/catalog/sensual-flag.ts';
import { configQuery } from './lib/config/api.ts';
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

/** Start-up of spec section 4, in its order. */
async function boot(): Promise<void> {
  rewriteLegacyHashUrl();
  // A sensual link sets the flag before anything reads it: the treatments fetched below include those it shows.
  if (needsSensualAccess(window.location.pathname, window.location.search)) setSensualFlag();
  reloadOnMissingChunk();
  const queryClient = createQueryClient();
  // The network answers the modules need are requested at once, in parallel with the version check; the steps
  // themselves still run in the spec's order.
  const config = queryClient.fetchQuery(configQuery).catch((error: unknown) => {
    console.error('Backend initialisation failed', error);
    return null;
  });
  void loadSession();
  // Home's prices arrive with the first render instead of pushing the page down a moment later.
  const services = queryClient.prefetchQuery(servicesQuery(hasSensualFlag()));
  // Should it fail, the route fetches it again as any lazy screen does.
  const homeCode = window.location.pathname === '/' ? preloadHome().catch(() => undefined) : null;

  await checkAppVersion();
  listenForUpdates();
  registerServiceWorker();

  const outcome = await runBootModules(startUpModules, { queryClient, config: await config });
  await services;
  await homeCode;
  await yieldToMain();
  if (outcome.kind === 'redirect') {
    window.location.assign(outcome.url);
    return;
  }
  if (outcome.kind === 'failed') {
    console.error('Boot error', outcome.error);
    return;
  }

  const root = document.getElementById('q-app');
  if (!root) throw new Error('The page has no #q-app element');
  const reactRoot = createRoot(root);
  await yieldToMain();
  // A transition lets React yield while it builds the first screen, so the page stays responsive meanwhile.
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    );
  });
}

// The bundle's own evaluation is one long task already; the start-up requests go out in the next one.
setTimeout(() => void boot(), 0);
