import type { Role } from '@app/shared';

export type Account = { email: string; password: string; name: string; role: Role };

/** Accounts start-server.ts creates with the admin CLI (verified, as the CLI makes them). */
export const accounts = {
  admin: { email: 'admin@example.test', password: 'Password1!', name: 'Ada Admin', role: 'admin' },
  lodger: { email: 'lodger@example.test', password: 'Password1!', name: 'Lou Lodger', role: 'lodger' },
  client: { email: 'client@example.test', password: 'Password1!', name: 'Cleo Client', role: 'user' },
  // Tests that change an account get their own, so the others stay as they are.
  toDisable: { email: 'disable.me@example.test', password: 'Password1!', name: 'Dee Disabled', role: 'user' },
  toReset: { email: 'reset.me@example.test', password: 'Password1!', name: 'Reese Reset', role: 'user' },
  changer: { email: 'change.me@example.test', password: 'Password1!', name: 'Chan Changer', role: 'user' },
  // Admins start-server.ts leaves without a second factor: the enrolment tests set one up (one per project).
  enrolAdmin: { email: 'enrol.admin@example.test', password: 'Password1!', name: 'Enid Enrol', role: 'admin' },
  enrolAdminPhone: { email: 'enrol.phone@example.test', password: 'Password1!', name: 'Ezra Enrol', role: 'admin' },
  // An admin left without a second factor, who sets up a passkey (Chromium's virtual authenticator) in passkeys.spec.ts.
  passkeyAdmin: { email: 'passkey.admin@example.test', password: 'Password1!', name: 'Pia Passkey', role: 'admin' },
  deviceClient: { email: 'devices@example.test', password: 'Password1!', name: 'Dev Icey', role: 'user' },
  rateLimited: { email: 'too.many@example.test', password: 'Password1!', name: 'Tim Toomany', role: 'user' },
} as const satisfies Record<string, Account>;

/** The person the local OpenID provider signs in. */
export const oidcUser = { email: 'oidc.user@example.test', name: 'Olive Oidc', sub: 'olive-oidc' } as const;
export const OIDC_PROVIDER_NAME = 'Test ID';
