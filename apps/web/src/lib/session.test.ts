import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const signedIn = {
  session: { id: 's1', userId: 'u1', expiresAt: '2030-01-01T00:00:00.000Z', token: 't' },
  user: {
    id: 'u1',
    name: 'Ada Admin',
    email: 'admin@example.test',
    emailVerified: true,
    role: 'admin',
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
  },
};

let store: typeof import('./session.ts') | undefined;

/** A fresh copy of the store per test: it keeps its state at module level, like the app. */
async function freshStore() {
  vi.resetModules();
  store = await import('./session.ts');
  return store;
}

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status }));
}

beforeEach(() => vi.useFakeTimers());
afterEach(async () => {
  // This test's copies of the store and of Testing Library (setup.ts cleans up another copy): the hooks it rendered
  // would otherwise start reading again, and the store would still poll and listen for focus.
  (await import('@testing-library/react')).cleanup();
  store?.resetSessionStore();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('session store', () => {
  it('reads the signed-in user and role from get-session, with dates as Date objects', async () => {
    vi.stubGlobal('fetch', answer(200, signedIn));
    const store = await freshStore();
    await store.startSession();
    const { renderHook } = await import('@testing-library/react');
    const { result } = renderHook(() => store.useCurrentUser());
    expect(result.current.user?.email).toBe('admin@example.test');
    expect(result.current.role).toBe('admin');
    expect(result.current.isPending).toBe(false);
    expect(result.current.user?.createdAt).toBeInstanceOf(Date);
  });

  it('treats an unknown role as user and a null answer as signed out', async () => {
    vi.stubGlobal('fetch', answer(200, { ...signedIn, user: { ...signedIn.user, role: 'owner' } }));
    const store = await freshStore();
    await store.startSession();
    const { renderHook } = await import('@testing-library/react');
    expect(renderHook(() => store.useCurrentUser()).result.current.role).toBe('user');

    vi.stubGlobal('fetch', answer(200, null));
    await store.refetchSession();
    expect(renderHook(() => store.useCurrentUser()).result.current.user).toBeNull();
  });

  it('signs a disabled or expired user out at the next poll', async () => {
    const fetch = answer(200, signedIn);
    vi.stubGlobal('fetch', fetch);
    const store = await freshStore();
    await store.startSession();
    vi.stubGlobal('fetch', answer(401, { code: 'UNAUTHORIZED' }));
    await vi.advanceTimersByTimeAsync(store.SESSION_POLL_SECONDS * 1000);
    const { renderHook } = await import('@testing-library/react');
    expect(renderHook(() => store.useCurrentUser()).result.current.user).toBeNull();
  });

  it('logs a failed read and keeps what it knew', async () => {
    vi.stubGlobal('fetch', answer(200, signedIn));
    const store = await freshStore();
    await store.startSession();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', answer(500, { error: { code: 'INTERNAL', message: 'x' } }));
    await store.refetchSession();
    expect(error).toHaveBeenCalledWith('Role fetch failed', expect.any(Error));
    const { renderHook } = await import('@testing-library/react');
    expect(renderHook(() => store.useCurrentUser()).result.current.user?.email).toBe('admin@example.test');
    error.mockRestore();
  });

  it('reads nothing more once reset, as a fresh page would start (test files sharing a worker rely on it)', async () => {
    vi.stubGlobal('fetch', answer(200, signedIn));
    const store = await freshStore();
    await store.startSession();
    const later = answer(200, signedIn);
    vi.stubGlobal('fetch', later);
    store.resetSessionStore();
    await vi.advanceTimersByTimeAsync(store.SESSION_POLL_SECONDS * 3000);
    window.dispatchEvent(new Event('focus'));
    expect(later).not.toHaveBeenCalled();
    const { renderHook } = await import('@testing-library/react');
    expect(renderHook(() => store.useCurrentUser()).result.current.isPending).toBe(true);
  });

  it('ignores the answer of a read still in flight when the store was reset', async () => {
    let answerNow: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answerNow = resolve))),
    );
    const store = await freshStore();
    const reading = store.startSession();
    store.resetSessionStore();
    answerNow(new Response(JSON.stringify(signedIn), { status: 200 }));
    await reading;
    const { renderHook } = await import('@testing-library/react');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const { result } = renderHook(() => store.useCurrentUser());
    expect(result.current.user).toBeNull();
    expect(result.current.isPending).toBe(true);
  });
});
