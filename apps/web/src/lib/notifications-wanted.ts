import { useSyncExternalStore } from 'react';

/**
 * Whether a module that may show a notification has loaded (lib/notifications.ts says so as it loads): the providers
 * mount the notifications container then. Mantine's own store, which would tell them too, is code the public pages'
 * first script need not carry: no module of theirs shows a notification.
 */
let wanted = false;
const listeners = new Set<() => void>();

export function wantNotifications(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export function useNotificationsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}
