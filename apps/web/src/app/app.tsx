import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, StrictMode } from 'react';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './router.tsx';

type AppProps = {
  queryClient: QueryClient;
  /** The browser's router in the browser; a static one where the server renders home (render-home.tsx). */
  Router: ComponentType<{ children: ReactNode }>;
};

/** The whole app, as main.tsx mounts it and the server renders home: one tree, so the two draw the same page. */
export function App({ queryClient, Router }: AppProps) {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <Router>
          <AppRoutes />
        </Router>
      </AppProviders>
    </StrictMode>
  );
}
