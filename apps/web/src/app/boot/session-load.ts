import { startSession } from '../../lib/session.ts';

/** A session answer slower than this no longer holds the page back; the guard shows its overlay meanwhile. */
const SESSION_WAIT_CAP_MS = 4000;

/** Starts reading the session as early as possible and resolves once it is known (or the cap has passed). */
export function loadSession(): Promise<void> {
  return Promise.race([startSession(), new Promise<void>((resolve) => setTimeout(resolve, SESSION_WAIT_CAP_MS))]);
}
