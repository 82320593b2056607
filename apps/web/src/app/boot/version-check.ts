import { APP_VERSION_KEY } from '@app/shared';

type VersionCheckDeps = {
  fetch: typeof fetch;
  storage: Storage;
  caches: CacheStorage | undefined;
  now: () => number;
};

const browserDeps = (): VersionCheckDeps => ({
  fetch: (...args) => fetch(...args),
  storage: localStorage,
  caches: 'caches' in globalThis ? caches : undefined,
  now: Date.now,
});

/**
 * Start-up step 1-3 of spec section 4: a release that differs from the one this browser last saw wipes local
 * storage and every Cache Storage cache, so nothing of the old release lingers. A failure is logged only.
 */
export async function checkAppVersion(deps: VersionCheckDeps = browserDeps()): Promise<void> {
  try {
    const response = await deps.fetch(`/version.json?t=${deps.now()}`, {
      cache: 'no-store',
      headers: { 'Cache-Control': 'no-cache' },
    });
    if (!response.ok) throw new Error(`version.json answered ${response.status}`);
    const { version } = (await response.json()) as { version?: unknown };
    if (typeof version !== 'string' || version === '') throw new Error('version.json has no version');
    const stored = deps.storage.getItem(APP_VERSION_KEY);
    if (stored && stored !== version) {
      deps.storage.clear();
      if (deps.caches) {
        const names = await deps.caches.keys();
        await Promise.all(names.map((name) => deps.caches?.delete(name)));
      }
    }
    deps.storage.setItem(APP_VERSION_KEY, version);
  } catch (error) {
    console.error('Version check failed', error);
  }
}
