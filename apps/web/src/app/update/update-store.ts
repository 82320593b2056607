import { useSyncExternalStore } from 'react';
import { SW_UPDATED_EVENT } from '../boot/service-worker.ts';

/** The registration whose new worker waits to take over, once an update is pending (spec section 4). */
let pending: ServiceWorkerRegistration | null = null;
const listeners = new Set<() => void>();

export function setUpdatePending(registration: ServiceWorkerRegistration): void {
  pending = registration;
  for (const listener of listeners) listener();
}

/** Listens for the document event raised by the registration code; call once before registering the worker. */
export function listenForUpdates(): void {
  document.addEventListener(SW_UPDATED_EVENT, (event) => {
    const registration = (event as CustomEvent<ServiceWorkerRegistration | undefined>).detail;
    if (registration) setUpdatePending(registration);
  });
}

/** Resolves once an update is pending. */
export function whenUpdatePending(): Promise<void> {
  return new Promise((resolve) => {
    if (pending) return resolve();
    const listener = () => {
      listeners.delete(listener);
      resolve();
    };
    listeners.add(listener);
  });
}

export function usePendingUpdate(): ServiceWorkerRegistration | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending,
    () => null,
  );
}
