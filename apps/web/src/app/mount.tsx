import type { QueryClient } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app.tsx';

export { preloadHome } from './router.tsx';

/**
 * Start-up step 6: the app on #q-app. A chunk of its own (React, Mantine, the router and the screens), which main.tsx
 * fetches beside the start-up's requests; on home as the server rendered it, at the visitor's first interaction, and
 * then React takes the server's page over instead of drawing it again (decision 100).
 */
export function mountApp(queryClient: QueryClient, { hydrate }: { hydrate: boolean }): void {
  const root = document.getElementById('q-app');
  if (!root) throw new Error('The page has no #q-app element');
  const app = <App queryClient={queryClient} Router={BrowserRouter} />;
  if (hydrate) {
    hydrateRoot(root, app);
    return;
  }
  const reactRoot = createRoot(root);
  // A transition lets React yield while it builds the first screen, so the page stays responsive meanwhile.
  startTransition(() => {
    reactRoot.render(app);
  });
}
