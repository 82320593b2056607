import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';

// jsdom lacks the layout APIs Mantine's segmented control, autosize text areas and modals read.
Element.prototype.scrollIntoView ??= () => {};
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

type Answer = { status: number; body?: unknown } | Error;
type Handler = Answer | ((call: ApiCall) => Answer);
export type ApiCall = { method: string; path: string; query: URLSearchParams; body: unknown };

/**
 * Answers `fetch` as our server would, keyed by 'METHOD /path' (without the query); records every call. Each answer
 * in a list is used once and the last one repeats; unknown paths answer 404 in the server's error shape.
 */
export function stubApi(handlers: Record<string, Handler | Handler[]>) {
  const calls: ApiCall[] = [];
  const queues = new Map(Object.entries(handlers).map(([key, value]) => [key, [value].flat()]));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      const call = {
        method,
        path: url.pathname,
        query: url.searchParams,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const queue = queues.get(`${method} ${url.pathname}`);
      const handler = queue && (queue.length > 1 ? queue.shift() : queue[0]);
      const answer: Answer = !handler
        ? { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } }
        : typeof handler === 'function'
          ? handler(call)
          : handler;
      if (answer instanceof Error) throw answer;
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** Makes Mantine's useMediaQuery report a desktop (true) or a phone (false) width. */
export function setWideScreen(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

function CurrentUrl() {
  const location = useLocation();
  return <div data-testid="current-url">{`${location.pathname}${location.search}`}</div>;
}

/** Renders a screen at `url` under `path` (for its params), with a fresh query cache and the current address. */
export function renderRoute(ui: ReactNode, { url, path = '*' }: { url: string; path?: string }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={ui} />
            {path !== '*' && <Route path="*" element={null} />}
          </Routes>
          <CurrentUrl />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, queryClient };
}
