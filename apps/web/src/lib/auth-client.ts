import { passkeyClient } from '@better-auth/passkey/client';
import { adminClient, twoFactorClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { type AuthClientPlugins, refetchSession, SESSION_POLL_SECONDS } from './session.ts';

export { SESSION_POLL_SECONDS, useCurrentUser } from './session.ts';

/**
 * The one better-auth client of the web app, for the forms that sign in, sign up, sign out and change the account.
 * The session itself is read by lib/session.ts (without this library, so public pages stay small); whenever the
 * client changes the session it raises $sessionSignal, and the session store reads it again.
 */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  // The sign-in form reads `twoFactorRedirect` from the answer and asks for the code itself.
  plugins: [adminClient(), twoFactorClient(), passkeyClient()] satisfies AuthClientPlugins,
  sessionOptions: { refetchInterval: SESSION_POLL_SECONDS, refetchOnWindowFocus: true },
});

let signalSeen = false;
authClient.$store.listen('$sessionSignal', () => {
  // nanostores calls a new listener at once with the current value; only later changes mean a new session.
  if (signalSeen) void refetchSession();
  signalSeen = true;
});
