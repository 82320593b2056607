import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

export const SEARCH_DEBOUNCE_MS = 300;

export type AddressChanges = Record<string, string | null | undefined>;

/** The page number in the address: 1 when absent or not a whole number above zero. */
export function pageOf(params: URLSearchParams): number {
  return Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
}

/**
 * A list's filters, search and page held in the address, so a link, a reload and Back show the same rows. `update`
 * sets the keys it is given and removes those given as empty; two updates in a row (both dates filled at once) both
 * stick, as each builds on the last one made rather than on the address of the last render.
 *
 * The router renders a new address in a transition: until it is shown, an urgent render (a query's answer) still
 * shows the one before. So the address this hook builds on follows only addresses the screen has shown: one it wrote
 * itself, or one it did not (Back, a link), which replaces it. A CI run lost a date when the address of such a render
 * was taken for the latest.
 */
export function useAddressFilters() {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  /** What `update` wrote that the screen has not shown yet, oldest first. */
  const unshown = useRef<string[]>([]);
  const address = params.toString();
  useLayoutEffect(() => {
    const written = unshown.current.indexOf(address);
    if (written >= 0) unshown.current = unshown.current.slice(written + 1);
    else {
      unshown.current = [];
      latest.current = new URLSearchParams(address);
    }
  }, [address]);
  const update = (changes: AddressChanges) => {
    const next = new URLSearchParams(latest.current);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    latest.current = next;
    unshown.current.push(next.toString());
    setParams(next);
  };
  const page = pageOf(params);
  const setPage = (next: number) => update({ page: next === 1 ? null : String(next) });
  return { params, update, page, setPage };
}

/**
 * The text of a search box whose trimmed value lands in the address under `key` once typing pauses (back to the
 * first page). Back and forward change the address: the box follows, unless the change is the one typing just made.
 */
export function useAddressSearch(key: string, update: (changes: AddressChanges) => void, params: URLSearchParams) {
  const value = params.get(key) ?? '';
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const pushed = useRef(value);
  useEffect(() => {
    if (value !== pushed.current) {
      pushed.current = value;
      setText(value);
    }
  }, [value]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed text drives the address
  useEffect(() => {
    const next = debounced.trim();
    if (next === pushed.current) return;
    pushed.current = next;
    update({ [key]: next, page: null });
  }, [debounced]);
  return [text, setText] as const;
}
