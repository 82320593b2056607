import { useSyncExternalStore } from 'react';
import { Notice } from '../../components/notice.tsx';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** The shell opens offline from the worker's cache; this says why prices and booking may not load. */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <Notice color="orange" square title="You are offline" role="status">
      You can still read this site, but prices, bookings and signing in need a connection. They will come back as soon
      as you are online again.
    </Notice>
  );
}
