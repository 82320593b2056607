import { lazy } from 'react';
import type { PartName } from './deferred-parts.ts';

/**
 * A component of deferred-parts.ts, as React.lazy: the table and then the part's own chunk load the first time it
 * renders. A part of a replaced release that is gone from the server reloads the page (main.tsx).
 */
export function lazyPart<N extends PartName>(name: N) {
  return lazy(async () => ({ default: await (await import('./deferred-parts.ts')).loadPart(name) }));
}
