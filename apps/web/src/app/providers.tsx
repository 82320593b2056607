import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { theme } from './theme.ts';

const NotificationsContainer = lazy(() =>
  import('./notifications-container.tsx').then((m) => ({ default: m.NotificationsContainer })),
);

/**
 * The notifications container (and its animation library) loads with the first notification shown: public pages
 * rarely show one, and the store keeps it until the container mounts.
 */
function NotificationsOnDemand() {
  const { notifications, queue } = useNotifications();
  const needed = notifications.length + queue.length > 0;
  return needed ? (
    <Suspense fallback={null}>
      <NotificationsContainer />
    </Suspense>
  ) : null;
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <NotificationsOnDemand />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
