import { siteFontFaceCss } from '@app/shared';
import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { configQuery } from '../lib/config/api.ts';
import { useNotificationsWanted } from '../lib/notifications-wanted.ts';
import { cssVariablesResolver, theme, themeFor } from './theme.ts';

const NotificationsContainer = lazy(() =>
  import('./notifications-container.tsx').then((m) => ({ default: m.NotificationsContainer })),
);

/**
 * The notifications container (and its animation library) loads with the first module that may show a notification
 * (lib/notifications.ts): the public pages' first script has none, and Mantine's store keeps a notification until the
 * container mounts.
 */
function NotificationsOnDemand() {
  return useNotificationsWanted() ? (
    <Suspense fallback={null}>
      <NotificationsContainer />
    </Suspense>
  ) : null;
}

/**
 * The owner's brand colour (from the configuration, fetched before the first render) becomes the theme's palette.
 * The colour scheme follows the device unless the visitor chose one (Mantine's local-storage manager).
 */
function BrandedMantine({ children }: { children: ReactNode }) {
  const { data: config } = useQuery(configQuery);
  const brand = config?.website?.brand;
  const fonts = config?.website?.fonts;
  const key = brand ? `${brand.primaryShade}:${brand.shades.join()}:${fonts?.heading}:${fonts?.text}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is the brand's content
  const branded = useMemo(() => (brand ? themeFor(brand, fonts) : theme), [key]);
  const fontFaces = fonts ? siteFontFaceCss(fonts) : '';
  return (
    <MantineProvider theme={branded} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver}>
      {/* The owner's typefaces, also where the server's head did not give them (a page opened before a change). */}
      {fontFaces && <style>{fontFaces}</style>}
      {children}
    </MantineProvider>
  );
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrandedMantine>
        <NotificationsOnDemand />
        {children}
      </BrandedMantine>
    </QueryClientProvider>
  );
}
