import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
// The full stylesheet loads up front: the app imports it lazily (with-full-styles.ts), often without a test awaiting
// it, and in a worker the files share, a load still pending when a file ends is cut off and stays failed for the next
// file that opens a dialog (the CI saw the terms dialog fail so).
import '../lib/styles/all-styles.ts';
import { resetSessionStore } from '../lib/session.ts';

afterEach(() => cleanup());
// The session store is module state, which lives as long as a shared worker: a file signed in must not leave its
// poll reading the next file's fetch.
afterAll(() => resetSessionStore());

// Two cores running the whole suite: give findBy*/waitFor more than the default second.
configure({ asyncUtilTimeout: 5000 });

// Mantine reads these browser APIs that jsdom lacks.
if (!window.matchMedia)
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
if (!window.ResizeObserver)
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
Element.prototype.scrollIntoView ??= () => {};
