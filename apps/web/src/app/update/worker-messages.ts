import { WORKER_VERSION_TIMEOUT_MS } from '@app/shared';

/** Asks a worker for its release; null if it does not answer within the spec's 3000 ms. */
export function requestWorkerVersion(
  worker: ServiceWorker,
  timeoutMs = WORKER_VERSION_TIMEOUT_MS,
): Promise<string | null> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = window.setTimeout(() => {
      channel.port1.close();
      resolve(null);
    }, timeoutMs);
    channel.port1.onmessage = (event: MessageEvent<{ version?: unknown }>) => {
      window.clearTimeout(timer);
      channel.port1.close();
      resolve(typeof event.data?.version === 'string' ? event.data.version : null);
    };
    try {
      worker.postMessage({ type: 'GET_VERSION' }, [channel.port2]);
    } catch (error) {
      window.clearTimeout(timer);
      console.warn('Could not read the new worker version', error);
      resolve(null);
    }
  });
}

export function tellWorkerToSkipWaiting(registration: ServiceWorkerRegistration): void {
  (registration.waiting ?? registration.installing)?.postMessage({ type: 'SKIP_WAITING' });
}
