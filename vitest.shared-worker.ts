// Setup of the Vitest projects whose test files share a worker (vitest.config.ts): after each file, what it may have
// changed of the worker's globals is put back, so the next file starts as it would in a worker of its own.
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  if (typeof window === 'undefined') return;
  // jsdom too lives as long as the worker: its storage, cookies, title and address.
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; this expires what a test set
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
  document.title = '';
  window.history.replaceState(null, '', '/');
});
