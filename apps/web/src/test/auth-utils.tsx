import { type PasswordPolicy, type PublicConfig, passwordPolicySchema, publicConfigSchema } from '@app/shared';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { passwordPolicyQuery } from '../lib/auth/sign-in-api.ts';
import { publicConfigQuery } from '../lib/config/checked-config.ts';
import { restoreNetwork, setNetwork } from './auth-network.ts';

export const strictPolicy: PasswordPolicy = passwordPolicySchema.parse({
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireNumeric: true,
  requireNonAlphanumeric: false,
});

export const configWithProviders: PublicConfig = publicConfigSchema.parse({
  businessName: 'Test Massage',
  area: 'Camden, London',
  timeZone: 'Europe/London',
  currency: 'GBP',
  locale: 'en-GB',
  openingHoursText: ['Mon–Fri 10:00–20:00'],
  socialProviders: [
    { id: 'google', name: 'Google' },
    { id: 'oidc', name: 'Test ID' },
  ],
  analytics: {},
});

type Answer = { status: number; body: unknown } | Error;
export type FetchCall = { path: string; method: string; body: unknown };

/**
 * Stubs the network under the real better-auth client: each path answers what the server would,
 * in better-auth's own shape (`{ code, message }` with the HTTP status). Records every call.
 */
export function stubNetwork(answers: Record<string, Answer | (() => Answer)>) {
  const calls: FetchCall[] = [];
  const fetchStub = vi.fn<typeof fetch>(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ path: url.pathname, method, body });
    const entry = answers[url.pathname] ?? { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
    const answer = typeof entry === 'function' ? entry() : entry;
    if (answer instanceof Error) throw answer;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  setNetwork(fetchStub);
  return calls;
}

/** Shows the router's current URL so tests can see the address bar. */
function CurrentUrl() {
  const location = useLocation();
  return <div data-testid="current-url">{`${location.pathname}${location.search}`}</div>;
}

export function renderWithProviders(
  ui: ReactNode,
  { url = '/', policy, config }: { url?: string; policy?: PasswordPolicy; config?: PublicConfig } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  if (policy) queryClient.setQueryData(passwordPolicyQuery.queryKey, policy);
  if (config) queryClient.setQueryData(publicConfigQuery.queryKey, config);
  return render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          {ui}
          <CurrentUrl />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** Unmounts, puts the real network back and empties Mantine's global notification store. */
export function resetAfterTest() {
  cleanup();
  restoreNetwork();
  notifications.clean();
}
