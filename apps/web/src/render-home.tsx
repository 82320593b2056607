import { text } from 'node:stream/consumers';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/app.tsx';
import { preloadHome } from './app/router.tsx';
import { type HomeData, seedHomeData } from './features/home/home-data.ts';
import { createQueryClient } from './lib/query-client.ts';

function HomeRouter({ children }: { children: ReactNode }) {
  return <StaticRouter location="/">{children}</StaticRouter>;
}

/**
 * The server's build (decision 100): home as the app draws it for a signed-out visitor, with the data the app would
 * fetch, as HTML for the server to send (apps/server/src/modules/seo/rendered-home.ts). The browser hydrates it.
 */
export async function renderHome(data: HomeData): Promise<string> {
  await preloadHome();
  const queryClient = createQueryClient();
  seedHomeData(queryClient, data);
  // One document, no inline scripts (the CSP forbids them): every boundary is written in place, never streamed.
  const { prelude } = await prerenderToNodeStream(<App queryClient={queryClient} Router={HomeRouter} />, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  return text(prelude);
}
