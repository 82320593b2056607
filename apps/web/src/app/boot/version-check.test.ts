import { APP_VERSION_KEY } from '@app/shared';
import { describe, expect, it, vi } from 'vitest';
import { checkAppVersion } from './version-check.ts';

function fakeCaches(names: string[]) {
  const deleted: string[] = [];
  return {
    deleted,
    storage: {
      keys: async () => [...names],
      delete: async (name: string) => {
        deleted.push(name);
        return true;
      },
    } as unknown as CacheStorage,
  };
}

function answering(body: unknown, status = 200) {
  return vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify(body), { status }),
  );
}

describe('version check at start-up', () => {
  it('asks for /version.json with the time, no-store and a no-cache header', async () => {
    const fetch = answering({ version: '1.0.0+a' });
    await checkAppVersion({ fetch, storage: localStorage, caches: undefined, now: () => 1234 });
    expect(fetch).toHaveBeenCalledWith('/version.json?t=1234', {
      cache: 'no-store',
      headers: { 'Cache-Control': 'no-cache' },
    });
  });

  it('clears local storage and every cache when the stored version differs, then stores the new one', async () => {
    localStorage.clear();
    localStorage.setItem(APP_VERSION_KEY, '1.0.0+old');
    localStorage.setItem('something', 'stale');
    const caches = fakeCaches(['workbox-precache-v2', 'images']);
    await checkAppVersion({
      fetch: answering({ version: '1.1.0+new' }),
      storage: localStorage,
      caches: caches.storage,
      now: Date.now,
    });
    expect(localStorage.getItem('something')).toBeNull();
    expect(caches.deleted).toEqual(['workbox-precache-v2', 'images']);
    expect(localStorage.getItem(APP_VERSION_KEY)).toBe('1.1.0+new');
  });

  it('keeps everything on a first visit and on the same version, and still stores the version', async () => {
    localStorage.clear();
    localStorage.setItem('something', 'kept');
    const caches = fakeCaches(['images']);
    await checkAppVersion({
      fetch: answering({ version: '2.0.0+x' }),
      storage: localStorage,
      caches: caches.storage,
      now: Date.now,
    });
    await checkAppVersion({
      fetch: answering({ version: '2.0.0+x' }),
      storage: localStorage,
      caches: caches.storage,
      now: Date.now,
    });
    expect(localStorage.getItem('something')).toBe('kept');
    expect(caches.deleted).toEqual([]);
    expect(localStorage.getItem(APP_VERSION_KEY)).toBe('2.0.0+x');
  });

  it('only logs "Version check failed" when the file cannot be read, and changes nothing', async () => {
    localStorage.clear();
    localStorage.setItem(APP_VERSION_KEY, '1.0.0+old');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await checkAppVersion({ fetch: answering('down', 503), storage: localStorage, caches: undefined, now: Date.now });
    expect(error).toHaveBeenCalledWith('Version check failed', expect.any(Error));
    expect(localStorage.getItem(APP_VERSION_KEY)).toBe('1.0.0+old');
    error.mockRestore();
  });
});
