import type { Role } from '@app/shared';
import type { passkeyClient } from '@better-auth/passkey/client';
import type { adminClient, twoFactorClient } from 'better-auth/client/plugins';
import type { ReactAuthClient } from 'better-auth/react';
import { useSyncExternalStore } from 'react';

/**
 * The signed-in session, read from better-auth's GET /api/auth/get-session without loading the better-auth client:
 * the shell needs only this, and the client library would be a tenth of the public pages' JavaScript. Forms that
 * sign in or out use the client (lib/auth-client.ts), which tells this store to read the session again.
 *
 * Polling keeps an open tab honest: a disabled user or an expired session is signed out within
 * SESSION_POLL_SECONDS, and at once when the tab comes back into focus or online.
 */
export const SESSION_POLL_SECONDS = 10;

/**
 * The plugins of the better-auth client (auth-client.ts, which checks its list against this one), named as types so
 * that this file does not import the client, which imports it.
 */
export type AuthClientPlugins = [
  // Without options, as auth-client.ts calls it: the bare generic would lose the role the plugin adds.
  ReturnType<typeof adminClient<object>>,
  ReturnType<typeof twoFactorClient>,
  ReturnType<typeof passkeyClient>,
];
export type SessionData = ReactAuthClient<{ plugins: AuthClientPlugins }>['$Infer']['Session'];
type SessionState = { data: SessionData | null; isPending: boolean; error: unknown };

let state: SessionState = { data: null, isPending: true, error: null };
const listeners = new Set<() => void>();
let inFlight: Promise<void> | null = null;
let pollTimer: ReturnType<typeof setTimeout> | undefined;
let started = false;
let stopListening: (() => void) | undefined;
/** Bumped by resetSessionStore, so a read still in flight from before it neither sets the session nor polls again. */
let generation = 0;

function setState(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

const isoDate = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** Dates arrive as ISO strings; better-auth's client hands them out as Date objects, and so does this store. */
function parseSession(text: string): SessionData | null {
  const parsed = JSON.parse(text, (_key, value) =>
    typeof value === 'string' && isoDate.test(value) ? new Date(value) : value,
  ) as (SessionData & { needsRefresh?: boolean }) | null;
  return parsed?.user && parsed.session ? parsed : null;
}

async function requestSession(method: 'GET' | 'POST'): Promise<Response> {
  return fetch('/api/auth/get-session', {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json', ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}) },
    body: method === 'POST' ? '{}' : undefined,
  });
}

function schedulePoll(): void {
  clearTimeout(pollTimer);
  if (state.data) pollTimer = setTimeout(() => void refetchSession(), SESSION_POLL_SECONDS * 1000);
}

/** Reads the session again; concurrent calls share one request. */
export function refetchSession(): Promise<void> {
  const readFor = generation;
  // A read still in flight when the store is reset changes nothing and polls no more.
  const settle = (next: SessionState) => {
    if (readFor === generation) setState(next);
  };
  inFlight ??= (async () => {
    try {
      let response = await requestSession('GET');
      if (response.ok) {
        const text = await response.text();
        const needsRefresh = text.includes('"needsRefresh":true');
        if (needsRefresh) response = await requestSession('POST');
        const data = needsRefresh ? parseSession(await response.text()) : parseSession(text);
        settle({ data, isPending: false, error: null });
      } else if (response.status === 401) {
        settle({ data: null, isPending: false, error: null });
      } else {
        throw new Error(`get-session answered ${response.status}`);
      }
    } catch (error) {
      // Spec section 8: a role fetch failure is logged and the auth check is rejected.
      console.error('Role fetch failed', error);
      settle({ data: state.data, isPending: false, error });
    } finally {
      if (readFor === generation) {
        inFlight = null;
        schedulePoll();
      }
    }
  })();
  return inFlight;
}

/** Starts reading the session (once) and keeps it fresh on focus and when the connection comes back. */
export function startSession(): Promise<void> {
  if (!started) {
    started = true;
    const refetchIfVisible = () => {
      if (document.visibilityState === 'visible') void refetchSession();
    };
    document.addEventListener('visibilitychange', refetchIfVisible);
    window.addEventListener('focus', refetchIfVisible);
    window.addEventListener('online', refetchIfVisible);
    stopListening = () => {
      document.removeEventListener('visibilitychange', refetchIfVisible);
      window.removeEventListener('focus', refetchIfVisible);
      window.removeEventListener('online', refetchIfVisible);
    };
  }
  return state.isPending ? refetchSession() : Promise.resolve();
}

/**
 * Forgets the session and stops reading it, as a fresh page would start. For test files that share a worker
 * (apps/web/src/test/setup.ts): a signed-in file left a poll running that reached the next file's fetch.
 */
export function resetSessionStore(): void {
  generation += 1;
  clearTimeout(pollTimer);
  stopListening?.();
  stopListening = undefined;
  started = false;
  inFlight = null;
  setState({ data: null, isPending: true, error: null });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const knownRoles: Record<Role, true> = { user: true, admin: true, lodger: true };

/** The spec reads the role from the session and falls back to 'user'. */
function roleOf(user: { role?: string | null }): Role {
  return user.role && Object.hasOwn(knownRoles, user.role) ? (user.role as Role) : 'user';
}

/** The server renders home only for a visitor without a session cookie (rendered-home.ts on the server), and the browser hydrates it so. */
const signedOut: SessionState = { data: null, isPending: false, error: null };

/** The signed-in user with their role (spec: the role defaults to 'user'), or null when signed out. */
export function useCurrentUser() {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => signedOut,
  );
  if (!started && typeof window !== 'undefined') void startSession();
  const user = current.data?.user ?? null;
  return {
    user,
    /** The id of this browser's own session (the account page marks it "This device"). */
    sessionId: current.data?.session.id ?? null,
    role: user ? roleOf(user as { role?: string | null }) : null,
    /** This session has a second factor: the account's authenticator app, or a passkey sign-in (decision 033). */
    secondFactor:
      (user as { twoFactorEnabled?: boolean | null } | null)?.twoFactorEnabled === true ||
      (current.data?.session as { viaPasskey?: boolean | null } | undefined)?.viaPasskey === true,
    isPending: current.isPending,
    error: current.error,
    refetch: refetchSession,
  };
}
