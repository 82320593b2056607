import { PAGE_TITLE_DEBOUNCE_MS } from '@app/shared';
import { useEffect } from 'react';

/** Page titles per screen (spec section 9): written to the document 50 ms after the last change. */
let pageTitle = '';
let suffix = '';
let timer: ReturnType<typeof setTimeout> | undefined;

function scheduleTitle(): void {
  clearTimeout(timer);
  timer = setTimeout(() => {
    const parts = [pageTitle, suffix].filter(Boolean);
    // A test environment may be torn down before the debounce fires.
    if (parts.length > 0 && typeof document !== 'undefined') document.title = parts.join(' | ');
  }, PAGE_TITLE_DEBOUNCE_MS);
}

/** The shell sets the business name once the public configuration is known. */
export function setTitleSuffix(name: string): void {
  suffix = name;
  scheduleTitle();
}

/** A screen's title, outside React: home as the server rendered it, before the app has started (decision 100). */
export function setPageTitle(title: string): void {
  pageTitle = title;
  scheduleTitle();
}

export function usePageTitle(title: string): void {
  useEffect(() => {
    setPageTitle(title);
    return () => clearTimeout(timer);
  }, [title]);
}
